// What one validation pass works out once for a value it may meet many times: a schema can apply
// a hundred subschemas to one instance value (anyOf branches, say), and the keys of an object or
// the duplicates of an array cost time in proportion to the value. The pass keeps them on its
// state (EvalState.keys, EvalState.duplicates), which lets go of them as the pass ends.
import { findDuplicate, PAIRWISE_UP_TO } from "../json/duplicates.js";
import { Structures } from "../json/structures.js";
import type { Tally } from "../json/equal.js";
import type { EvalState } from "./types.js";

/**
 * V8 keeps an object of many keys (as JSON.parse makes it) as a dictionary, and each for…in or
 * Object.keys over it collects and sorts its keys anew. A schema can ask for one object's keys
 * once per keyword (a hundred anyOf branches, say), so an object of more than MANY_KEYS keys has
 * them listed once per pass (EvalState.keys) and every key loop reads that list. A for…in loop
 * lists an object the second time it meets it: most objects are met once, and a list made
 * then would cost a second collection.
 */
export const MANY_KEYS = 128;

/** Object.keys(object), listed once per pass for an object of more than MANY_KEYS keys. Never changed by a caller. */
export function keysOf(object: object, state: EvalState): readonly string[] {
  const known = state.keys === undefined ? undefined : state.keys.get(object);
  if (known !== undefined) return known;
  const keys = Object.keys(object);
  if (keys.length > MANY_KEYS) (state.keys ??= new Map()).set(object, keys);
  return keys;
}

/** Not one of this pass's listed objects (keysOf), whose list the key loops read instead of for…in (asked once EvalState.keys is set). */
export function notListed(object: object, state: EvalState): boolean {
  return !state.keys!.has(object);
}

/**
 * A for…in loop met an object of more than MANY_KEYS keys: the second time in a pass, it is
 * listed (keysOf). Met once, it is kept apart (EvalState.met): while no object is listed, the
 * loops ask nothing of the others.
 */
export function metMany(object: object, state: EvalState): void {
  if (state.met === undefined || !state.met.has(object)) (state.met ??= new Set()).add(object);
  else (state.keys ??= new Map()).set(object, Object.keys(object));
}

/** An array whose items were found all different (EvalState.duplicates). */
const NONE: readonly [number, number] = Object.freeze([-1, -1]) as readonly [number, number];

/**
 * findDuplicate(array), found once per pass for an array whose search read more than MANY_KEYS
 * keys, items or characters: comparing objects and arrays reads the whole of each item.
 */
export function duplicateIn(array: readonly unknown[], state: EvalState): readonly [number, number] | undefined {
  if (array.length < 2) return undefined;
  const known = state.duplicates === undefined ? undefined : state.duplicates.get(array);
  if (known !== undefined) return known === NONE ? undefined : known;
  TALLY.read = 0;
  // The pass's structural keys are made only for a search that uses them: most passes (an MCP
  // schema's short arrays under uniqueItems) make none.
  const found = findDuplicate(array, TALLY, array.length > PAIRWISE_UP_TO ? (state.structures ??= new Structures()) : undefined);
  if (TALLY.read > MANY_KEYS) (state.duplicates ??= new Map()).set(array, found ?? NONE);
  return found;
}

/** duplicateIn's count of what findDuplicate read (one object: a search calls no other). */
const TALLY: Tally = { read: 0, limit: Infinity };
