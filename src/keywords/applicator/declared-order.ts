// The declared names an object has, in the schema's order. Errors of `properties` follow the
// order the schema lists its names, whatever order the instance's keys come in, and
// `allErrors: false` stops at the first of them that fails. With many declared names and few
// keys, the keys are read, not the names: the cost is the keys'.
import { nameFrom } from "../../engine/plain-objects.js";
import { hasMember } from "../../json/declared.js";

/** The declared names, and their places in a Map when there are many (a few are compared one by one). */
export interface Declared {
  readonly names: readonly string[];
  readonly index: ReadonlyMap<string, number> | undefined;
}

/**
 * Past this many names a map of rules by property name (dependentRequired, dependentSchemas,
 * dependencies) finds the rules an object sets off among the object's keys: a value then costs
 * its own size, not the schema's.
 */
const FEW_RULES = 8;

/** A map of rules by property name, its names in the schema's order, indexed when there are more than FEW_RULES. */
export interface Rules<T> {
  readonly map: Readonly<Record<string, T>>;
  readonly declared: Declared;
}

export function rulesOf<T>(map: Readonly<Record<string, T>>): Rules<T> {
  const names = Object.keys(map);
  return { map, declared: { names, index: names.length > FEW_RULES ? new Map(names.map((name, i) => [name, i])) : undefined } };
}

/**
 * Whether `object` sets off the rule of `name` (few rules, asked one by one): a member
 * (hasMember), as setOff finds among the keys, so the verdict does not depend on the rules' number.
 */
export const setsOff = (object: object, name: string): boolean => hasMember(object, name);

/** Whether the rules are many: found among an object's keys (setOff), not asked for one by one. */
export const fromKeys = (rules: Rules<unknown>): boolean => rules.declared.index !== undefined;

/** The places of the rules an object with these keys sets off, ascending (rules fromKeys only). */
export const setOff = (rules: Rules<unknown>, keys: readonly string[]): readonly number[] => declaredPlaces(keys, 0, rules.declared);

/** `name`'s place among the declared names, or -1; `after`: where to look first (keys in the declared order cost one comparison each). */
export function placeOf(declared: Declared, name: string, after: number): number {
  return declared.index === undefined ? nameFrom(declared.names, after, name) : (declared.index.get(name) ?? -1);
}

/**
 * Whether `keys[from..]` list the declared names in the schema's order (and, with `othersLast`,
 * before any other key, whose units come after theirs): one pass over them then meets the units
 * in the order they are due.
 */
export function declaredInOrder(keys: readonly string[], from: number, declared: Declared, othersLast: boolean): boolean {
  let after = 0;
  let others = false;
  for (let k = from; k < keys.length; k++) {
    const i = placeOf(declared, keys[k]!, after);
    if (i < 0) others = othersLast;
    else if (others || i < after) return false;
    else after = i + 1;
  }
  return true;
}

/** The places of `keys[from..]`'s declared names, ascending. The keys before `from` passed the boolean pass (witness.ts). */
export function declaredPlaces(keys: readonly string[], from: number, declared: Declared): number[] {
  const found: number[] = [];
  let ascending = true;
  for (let k = from; k < keys.length; k++) {
    const i = placeOf(declared, keys[k]!, 0);
    if (i < 0) continue;
    if (found.length > 0 && i < found[found.length - 1]!) ascending = false;
    found.push(i);
  }
  // Keys in the schema's order (the usual case) need no sort: a sort call with its comparator cost
  // more than the rest of an explained properties keyword.
  return ascending ? found : found.sort((a, b) => a - b);
}

/**
 * Whether a declared key comes after `failed` among `object`'s keys with a place before `limit`:
 * one the boolean pass never reached, which the schema's order puts first. Read by for…in (no
 * list is made); an inherited key only says yes, which is never wrong (the caller then lists).
 */
export function earlierAfter(object: object, failed: string, limit: number, declared: Declared): boolean {
  if (limit === 0) return false; // the first declared name: none comes before it
  let after = false;
  for (const key in object) {
    if (!after) after = key === failed;
    else {
      const i = placeOf(declared, key, 0);
      if (i >= 0 && i < limit) return true;
    }
  }
  return false;
}
