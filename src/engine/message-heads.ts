// The words of an error message that depend only on a number or a short string of the schema
// ("must have at least 2 items, but has "), kept once made and shared by every validator: a unit
// then only appends what it found. Writing numbers and values into every unit's sentence was a
// large part of an error pass's cost. Words made from an array of the schema (type's names, an
// enum's values) are kept by that array, for as long as it lives (ArrayHeads).
import { detached } from "../json/detached.js";

/** How many heads one family of messages keeps for numbers and strings (process-wide: docs/architecture.md). */
export const MAX_HEADS = 256;
/** A longer string's head is not kept: 256 hostile megabyte-long values would stay alive for good. */
const KEPT_STRING_LENGTH = 64;

/** Heads for numbers and short strings, the first MAX_HEADS asked; past them, made at each unit. */
export class Heads<K extends number | string = number> {
  readonly #kept = new Map<K, string>();

  constructor(private readonly make: (value: K) => string) {}

  of(value: K): string {
    let head = this.#kept.get(value);
    if (head === undefined) {
      if (this.#kept.size >= MAX_HEADS || (typeof value === "string" && value.length > KEPT_STRING_LENGTH)) return this.make(value);
      // A kept string is a copy: a short schema string may be a slice of a large one of the caller's (json/detached.ts).
      const key = (typeof value === "string" ? detached(value) : value) as K;
      this.#kept.set(key, (head = this.make(key)));
    }
    return head;
  }

  /** @internal For the specs: how many heads are kept. */
  get size(): number {
    return this.#kept.size;
  }
}

/**
 * What a unit shows of an object or array of the schema, made from it once and kept in a WeakMap
 * by it: made once per validator, let go with it. Made at each unit, it cost every unit the
 * value's size (an enum's values with their keys sorted, under `items`, for each failing item).
 */
export class Kept<K extends object, V> {
  readonly #kept = new WeakMap<K, V>();

  constructor(private readonly make: (key: K) => V) {}

  of(key: K): V {
    let made = this.#kept.get(key);
    if (made === undefined) this.#kept.set(key, (made = this.make(key)));
    return made;
  }
}

/**
 * Words made from an array of the schema (the one a Where holds, or the explainer's copy), kept by
 * that array. The arrays are frozen once a unit hands them out, and V8's slice and join on a
 * frozen array take a slow path.
 */
export class ArrayHeads<T> extends Kept<readonly T[], string> {}
