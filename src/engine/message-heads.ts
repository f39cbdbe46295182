// The words of an error message that depend only on a number or a short string of the schema
// ("must have at least 2 items, but has "), kept once made and shared by every validator: a unit
// then only appends what it found. Writing numbers and values into every unit's sentence was a
// large part of an error pass's cost. Words made from an array of the schema (type's names, an
// enum's values) are kept by that array, for as long as it lives (ArrayHeads).

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
      head = this.make(value);
      if (this.#kept.size < MAX_HEADS && (typeof value === "number" || value.length <= KEPT_STRING_LENGTH)) this.#kept.set(value, head);
    }
    return head;
  }

  /** @internal For the specs: how many heads are kept. */
  get size(): number {
    return this.#kept.size;
  }
}

/**
 * Words made from an array of the schema (the one a Where holds, or the explainer's copy), kept in
 * a WeakMap by that array: made once per validator, let go with it. The arrays are frozen once a
 * unit hands them out, and V8's slice and join on a frozen array take a slow path.
 */
export class ArrayHeads<T> {
  readonly #kept = new WeakMap<readonly T[], string>();

  constructor(private readonly make: (values: readonly T[]) => string) {}

  of(values: readonly T[]): string {
    let head = this.#kept.get(values);
    if (head === undefined) this.#kept.set(values, (head = this.make(values)));
    return head;
  }
}
