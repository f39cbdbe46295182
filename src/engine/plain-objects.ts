// What the plan interpreter (run-plan.ts) asks of an object before reading it: is it plain JSON
// (so for…in may list its keys, or count them), and where is a key among a plan's declared names.
import type { EvalState } from "./types.js";
import { MANY_KEYS, metMany, notListed } from "./once-per-pass.js";

/**
 * The prototype is Object.prototype or null: the object is JSON, and for…in may list its own
 * keys. Read each time: remembering the last plain object in the state cost more than the reads
 * it saved (a write per object, for the few objects that in-place subschemas ask about again).
 */
export function isPlain(object: object): boolean {
  const proto: unknown = Object.getPrototypeOf(object);
  return proto === OBJECT_PROTOTYPE || proto === null;
}

/** Whether for…in over a plain object lists its own keys only: Object.prototype has no enumerable names (EvalState.forIn). */
export function ownKeysOnly(): boolean {
  for (const _ in OBJECT_PROTOTYPE) return false;
  return true;
}

const OBJECT_PROTOTYPE: object = Object.prototype;

/**
 * Bit i set when names[i] (at most 31 names) is a member of `object` (an own enumerable property),
 * from one for…in over its keys: cheaper than asking propertyIsEnumerable of each name. -1 when
 * for…in may list others (not isPlain, or a polluted Object.prototype) or the object is one this
 * pass has listed (a second for…in over many keys is what once-per-pass.ts saves): ask hasMember.
 */
export function memberBits(object: object, names: readonly string[], state: EvalState): number {
  if (!state.forIn || !isPlain(object) || (state.keys !== undefined && !notListed(object, state))) return -1;
  let bits = 0;
  let count = 0;
  for (const key in object) {
    count++;
    for (let i = 0; i < names.length; i++) {
      if (names[i] === key) {
        bits |= 1 << i;
        break;
      }
    }
  }
  if (count > MANY_KEYS) metMany(object, state);
  return bits;
}

/** The own keys of an object for…in may list (isPlain, ownKeysOnly), counted without the array Object.keys makes. */
export function keyCount(object: object, state: EvalState): number {
  let count = 0;
  for (const _ in object) count++;
  if (count > MANY_KEYS) metMany(object, state);
  return count;
}


/**
 * Where `key` is in `names` (-1: not there), looked for from `from` on and then from the start:
 * the key loops pass the place after the last name found, so keys that come in the names' order
 * (or a rotation of it) are found at the first comparison.
 */
export function nameFrom(names: readonly string[], from: number, key: string): number {
  for (let i = from; i < names.length; i++) if (names[i] === key) return i;
  for (let i = 0; i < from; i++) if (names[i] === key) return i;
  return -1;
}

/** Where `key` is in `names` (-1: not there), found in `index` when the names have one. */
export function indexOfName(names: readonly string[], index: ReadonlyMap<string, number> | undefined, key: string): number {
  if (index !== undefined) return index.get(key) ?? -1;
  let i = names.length - 1;
  while (i >= 0 && names[i] !== key) i--;
  return i;
}
