// What validate()'s boolean pass learned before it failed, handed to its error pass. A plan's loop
// over an object's own keys or an array's items (or patternProperties' closure over the keys) stops
// at the first value that fails: every one before it passed. The error pass would ask or walk them all again (on a large document that costs
// as much as the verdict did); where its loop over the same container runs for the same schema
// object, in the same order, it starts at the value that failed instead. Only validate()'s error
// pass reads a witness (the explainer also keeps one for the questions it asks the plans): output
// formats need the annotations of what passes.

/** What a recorded loop checked, so a keyword's loop skips only what it would check itself. */
export const PROPERTIES_SEEN = 1;
/** The keys `properties` does not name (a plan's additionalProperties: no patterns beside it). */
export const ADDITIONAL_SEEN = 2;
export const ITEMS_SEEN = 4;
/** patternProperties, and additionalProperties beside patterns (their closures record these). */
export const PATTERNS_SEEN = 8;
export const OTHERS_SEEN = 16;
/** propertyNames (its closure records it): the names, not the values. */
export const NAMES_SEEN = 32;
/** contains: the entry's key slot holds how many items matched (out of bounds, and exact: its loop stops early only at a count that passes). */
export const CONTAINS_SEEN = 64;

/**
 * What names a schema object's loop in a witness: its number (loop-numbers.ts; the closures name
 * it so), or, for a plan that keeps no number (plan.ts: only the plans whose keywords ask for it
 * do, and none where a verdict may depend on the way a value was reached), the plan itself. Only
 * the explainer reads such names (it asks the same plans), and it serves only schemas whose every
 * plan may be named: one document, no dynamic reference.
 */
export type LoopKey = number | object;

/** A plan's name in a witness (LoopKey). */
export const loopKey = (plan: { readonly location?: number | undefined }): LoopKey => plan.location ?? plan;

/** The loop got through every value (it failed after, on `required`): all of them passed. */
export const ALL_PASSED = -1;

/** Entries kept (a power of two): the last ones recorded are the failure's own path, innermost first, up to the root. */
const SIZE = 64;

export class Witness {
  /** Four slots an entry: the container, the location, what was seen, the failed key or index (or ALL_PASSED). */
  readonly #entries: unknown[] = new Array<unknown>(SIZE * 4).fill(undefined);
  /** Entries recorded since the last clear (the ring holds the last SIZE). */
  #count = 0;
  /** The slot stop() looks at first. */
  #next = 0;
  /** Set once the boolean pass is over: the error pass's own questions record nothing (the explainer's witness is unsealed while a question runs). */
  sealed = false;

  /**
   * The plan of the schema object at `location` (its pointer in the root document) ran its loop
   * over `container`, checking `seen`, and every value before `failed` passed. Returns false, the
   * loop's verdict.
   */
  record(container: object, location: LoopKey | undefined, seen: number, failed: string | number): false {
    if (this.sealed || location === undefined) return false;
    const slot = this.#count++ & (SIZE - 1);
    this.#next = slot; // the newest first
    const at = slot * 4;
    const entries = this.#entries;
    entries[at] = container;
    entries[at + 1] = location;
    entries[at + 2] = seen;
    entries[at + 3] = failed;
    return false;
  }

  /**
   * Where a loop over `container` for the schema object at `location`, checking `needs`, may start:
   * the failed key or index a recorded loop that checked at least as much stopped at; undefined when
   * none was recorded. Only the error pass looks: the boolean pass's closures (patternProperties
   * beside many keys) would ask on every object, mostly miss, and a miss reads the whole ring.
   */
  stop(container: object, location: LoopKey, needs: number): string | number | undefined {
    if (!this.sealed) return undefined;
    const entries = this.#entries;
    const total = Math.min(this.#count, SIZE);
    // From the entry before the last one found, backwards: the error pass goes down the failure's
    // path, which was recorded innermost first, so each next container is the one before.
    let slot = this.#next;
    for (let n = 0; n < total; n++, slot = slot === 0 ? total - 1 : slot - 1) {
      const at = slot * 4;
      if (entries[at] === container && ((entries[at + 2] as number) & needs) === needs && entries[at + 1] === location) {
        this.#next = slot === 0 ? total - 1 : slot - 1;
        return entries[at + 3] as string | number;
      }
    }
    return undefined;
  }

  /** A loop of the plan at `location` failed over `container`: that plan fails on it. */
  failedIn(container: object, location: LoopKey | undefined): boolean {
    return location !== undefined && this.stop(container, location, 0) !== undefined;
  }

  /** The boolean pass is over: the error pass's own questions record nothing. */
  seal(): this {
    this.sealed = true;
    return this;
  }

  /** Lets go of the instance's containers and keys (and the validator's pointers), for the next validate() call. */
  clear(): void {
    const entries = this.#entries;
    const end = Math.min(this.#count, SIZE) * 4;
    for (let at = 0; at < end; at += 4) {
      entries[at] = undefined;
      entries[at + 1] = undefined;
      entries[at + 3] = undefined;
    }
    this.#count = 0;
    this.#next = 0;
    this.sealed = false;
  }
}

/**
 * The place in `keys` of the key a recorded loop over `object` failed at (every key before it
 * passed, and its value failed: an error-pass loop starts there and need not ask it again);
 * keys.length when every key passed; -1 when no loop was recorded.
 */
export function witnessedKey(witness: Witness | undefined, object: object, keys: readonly string[], location: LoopKey | undefined, needs: number): number {
  if (witness === undefined || location === undefined) return -1;
  const failed = witness.stop(object, location, needs);
  if (failed === undefined) return -1;
  if (failed === ALL_PASSED) return keys.length;
  return keys.indexOf(failed as string);
}

/** The key a recorded loop over `object` failed at; undefined when every key passed or no loop was recorded. */
export function witnessedName(witness: Witness, object: object, location: LoopKey | undefined, needs: number): string | undefined {
  if (location === undefined) return undefined;
  const failed = witness.stop(object, location, needs);
  return typeof failed === "string" ? failed : undefined;
}

/** Where an error-pass loop over an object's `keys` starts: the failed key's place, all of them when every key passed, else 0. */
export function firstKeyToCheck(witness: Witness | undefined, object: object, keys: readonly string[], location: LoopKey | undefined, needs: number): number {
  return Math.max(0, witnessedKey(witness, object, keys, location, needs));
}

/** The item a recorded loop over `array` (from `start`) failed at, as witnessedKey: its index, array.length, or -1. */
export function witnessedItem(witness: Witness | undefined, array: readonly unknown[], start: number, location: LoopKey | undefined): number {
  if (witness === undefined || location === undefined) return -1;
  const failed = witness.stop(array, location, ITEMS_SEEN);
  if (failed === undefined) return -1;
  if (failed === ALL_PASSED) return array.length;
  return Math.max(start, failed as number);
}

/** Where an error-pass loop over an array's items (from `start`) starts: as firstKeyToCheck. */
export function firstItemToCheck(witness: Witness | undefined, array: readonly unknown[], start: number, location: LoopKey | undefined): number {
  const at = witnessedItem(witness, array, start, location);
  return at < 0 ? start : at;
}

/** How many items matched `contains` when its plan failed over `array` (CONTAINS_SEEN); undefined when not recorded. */
export function witnessedCount(witness: Witness | undefined, array: readonly unknown[], location: LoopKey | undefined): number | undefined {
  if (witness === undefined || location === undefined) return undefined;
  const count = witness.stop(array, location, CONTAINS_SEEN);
  return typeof count === "number" ? count : undefined;
}
