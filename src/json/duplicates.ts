// Two equal items of an array (uniqueItems, and the plan interpreter's UNIQUE_ITEMS).
import { equal, PAST_LIMIT, type Tally } from "./equal.js";
import { BOOLEAN, NULL, NUMBER, STRING, typeOf } from "./type-of.js";
import { TextKeys } from "./text-keys.js";
import { Structures } from "./structures.js";

/** Up to this many items, pairs are compared directly: cheaper than building their keys. */
export const PAIRWISE_UP_TO = 12;
/**
 * What the pairs may read before the structural keys take over: equal() follows every path
 * through containers a value built in code shares (`x = { a: x, b: x }`, 23 times: 2^23 paths),
 * which the keys read once each.
 */
const PAIRWISE_READS = 16_384;

/**
 * Near-linear: primitives by identity (SameValueZero), objects and arrays by their structural key
 * (structures.ts: the same for equal values, each container read once however deep it nests; a
 * pass's searches share `shared`), a long string by its token (text-keys.ts).
 * Short arrays compare pairs with equal(), which agrees (values that are not JSON equal nothing).
 * `tally`, when given, counts what the search read.
 */
export function findDuplicate(items: readonly unknown[], tally?: Tally, shared?: Structures): [number, number] | undefined {
  if (items.length < 2) return undefined;
  if (items.length <= PAIRWISE_UP_TO) {
    const pairs: Tally = { read: 0, limit: PAIRWISE_READS };
    try {
      for (let j = 1; j < items.length; j++) for (let i = 0; i < j; i++) if (equal(items[i], items[j], undefined, pairs)) return [i, j];
      return undefined;
    } catch (error) {
      if (error !== PAST_LIMIT) throw error;
    } finally {
      if (tally !== undefined) tally.read += pairs.read;
    }
  }
  const structures = shared ?? new Structures();
  const primitives = new Map<unknown, number>();
  const structured = new Map<unknown, number>();
  const texts = new TextKeys();
  for (let j = 0; j < items.length; j++) {
    const item = items[j];
    const isStructured = typeof item === "object" && item !== null;
    const seen = isStructured ? structured : primitives;
    // Values that are not JSON (NaN, a Date, a function, …) equal nothing.
    const read = structures.read;
    let key = isStructured ? structures.keyOf(item) : (typeOf(item) & (STRING | NUMBER | BOOLEAN | NULL)) !== 0 ? item : undefined;
    if (tally !== undefined) tally.read += isStructured ? structures.read - read + 1 : 1;
    if (key === undefined) continue;
    if (typeof key === "string") key = texts.keyOf(key);
    const i = seen.get(key);
    if (i !== undefined) return [i, j];
    seen.set(key, j);
  }
  return undefined;
}
