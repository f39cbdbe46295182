import { Structures } from "./structures.js";
import { isJsonObject } from "./type-of.js";
import { allListed, hasMember } from "./declared.js";

/** One value compared with itself is equal when it is JSON: not undefined, ±Infinity, or a container holding something that is not JSON. */
function sameIsJson(value: unknown): boolean {
  switch (typeof value) {
    case "string":
    case "boolean":
      return true;
    case "number":
      return Number.isFinite(value);
    case "object":
      // Structural keys read each container once: a value built in code may share containers
      // (`a = [a, a]`, 27 times), whose text (canonical) doubles at each level. A cycle runs out
      // of stack there, which the validator reports as `$depth`.
      return value === null || new Structures().keyOf(value) !== undefined;
    default:
      return false;
  }
}

/** What a comparison read: the keys listed and the items met (findDuplicate adds the members its structural keys read, and one per item); past `limit`, equal() throws PAST_LIMIT. */
export interface Tally {
  read: number;
  readonly limit: number;
}

/** Thrown by equal() when its tally passes its limit. */
export const PAST_LIMIT: object = Object.freeze({ pastLimit: true });

/**
 * JSON equality: key order is ignored, 1 equals 1.0, -0 equals 0. Own properties only. Values
 * that are not JSON (NaN, a Date, a class instance, …) equal nothing, themselves included.
 * `keys` lists an object's own keys, as Object.keys does (a validation pass passes the list it
 * keeps of an instance's object of many keys; `a` is the instance's side). `tally`, when given, counts what was read.
 */
export function equal(a: unknown, b: unknown, keys?: (object: object) => readonly string[], tally?: Tally): boolean {
  if (a === b) return sameIsJson(a);
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    if (tally !== undefined && (tally.read += a.length) > tally.limit) throw PAST_LIMIT;
    for (let i = 0; i < a.length; i++) if (!equal(a[i], b[i], keys, tally)) return false;
    return true;
  }
  if (!isJsonObject(a) || !isJsonObject(b)) return false;
  // Object.keys called here, not through `keys`, stays a builtin call V8 makes inline.
  const names = keys === undefined ? Object.keys(a) : keys(a);
  if (tally !== undefined && (tally.read += names.length) > tally.limit) throw PAST_LIMIT;
  for (const key of names) {
    if (!Object.hasOwn(b, key) || !equal(a[key], b[key], keys, tally)) return false;
  }
  // Counted last: most objects compared (uniqueItems' items) differ in a value, and need no second
  // key array. Equal counts leave one way to differ: a name of `a` is a non-enumerable property
  // of `b`, which no key list of `b` holds (asked only of objects found equal).
  const others = keys === undefined ? Object.keys(b) : keys(b);
  return names.length === others.length && (allListed(b, others.length) || names.every((key) => hasMember(b, key)));
}
