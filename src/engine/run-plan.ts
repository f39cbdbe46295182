// The interpreter of plans (plan.ts), the boolean pass's fast path. Every plan runs through
// holds(), which picks a function for the plan's kind; runPlan takes the plans of no kind. The
// tests of scalar values, which call no plan in turn, are in run-scalar.ts.
// Each comparison is the one the keyword's closure makes; spec/plan.spec.ts holds both to the
// same verdicts.
import { ARRAY, BOOLEAN, isJsonObject, NULL, OBJECT, STRING } from "../json/type-of.js";
import { ABSENT, declaredValue } from "../json/declared.js";
import { findDuplicate } from "../json/duplicates.js";
import {
  ALL_OF,
  ANY_OF,
  ARRAY_RULES,
  CONST,
  COUNTED,
  COUNTED_BY_VALUE,
  DECLARED_ONLY,
  ENUM,
  IF,
  IN_PLACE_RULES,
  ITEMS,
  KEYS_ONLY,
  KIND,
  MAX_ITEMS,
  MAX_PROPERTIES,
  MIN_ITEMS,
  MIN_PROPERTIES,
  NOT,
  NUMBER_RULES,
  OBJECT_RULES,
  ONE_OF,
  OWN_KEYS,
  PROPERTIES,
  REF,
  REQUIRED,
  SCALAR,
  SCALAR_ARRAY,
  STRING_RULES,
  UNEVALUATED_PROPERTIES,
  UNIQUE_ITEMS,
  UNTYPED,
  WHOLE,
  type Plan,
  type Shape,
  type Unevaluated,
} from "./plan.js";
import type { Gather } from "./gather.js";
import { allowedHold, numberHolds, numberIsOf, scalarArrayHolds, scalarHolds, scalarItemsHold, stringHolds } from "./run-scalar.js";
import type { EvalState } from "./types.js";
import { tooDeep } from "./depth.js";
import { indexOfName, isPlain, nameFrom } from "./plain-objects.js";

/**
 * Runs a plan: the kinds finishPlan marks (plan.ts, KIND) by functions of their own (small, so V8
 * optimises them apart from runPlan, whose inlining varies with everything it has run), the
 * others by runPlan. (Tested by if-chain: a switch made geojson-canada 15% slower.)
 */
export function holds(plan: Plan, instance: unknown, state: EvalState): boolean {
  const kind = plan.rules & KIND;
  if (kind === KEYS_ONLY) return keysOnlyHold(plan.shape!, instance, state);
  if (kind === SCALAR) return scalarHolds(plan, instance);
  if (kind === SCALAR_ARRAY) return scalarArrayHolds(plan, instance);
  if (kind === DECLARED_ONLY) return declaredOnlyHold(plan, instance, state);
  if (kind === COUNTED) return countedHold(plan.applied!.ref!, instance, state);
  if (kind === COUNTED_BY_VALUE) return countedByValueHold(plan.applied!.ref!, instance, state);
  return runPlan(plan, instance, state);
}

/** A recursive reference's target, counted as depth.ts counts: every crossing goes deeper. */
function countedHold(target: Plan, instance: unknown, state: EvalState): boolean {
  if (++state.depth > state.maxDataDepth) tooDeep(state);
  const ok = holds(target, instance, state);
  state.depth--;
  return ok;
}

/** arrayHolds' loop over the items of a COUNTED plan: the level is counted once, as countedHold counts each item. */
function countedItemsHold(target: Plan, array: readonly unknown[], state: EvalState): boolean {
  if (array.length === 0) return true;
  if (++state.depth > state.maxDataDepth) tooDeep(state);
  let i = 0;
  while (i < array.length && holds(target, array[i], state)) i++;
  state.depth--;
  return i === array.length;
}

/** The same, where a value can be entered again in place: only another value goes deeper. */
function countedByValueHold(target: Plan, instance: unknown, state: EvalState): boolean {
  const outer = state.deepest;
  if (instance === outer) return holds(target, instance, state);
  if (++state.depth > state.maxDataDepth) tooDeep(state);
  state.deepest = instance;
  const ok = holds(target, instance, state);
  state.deepest = outer;
  state.depth--;
  return ok;
}

/** A plan of no KIND: the general case. */
function runPlan(plan: Plan, instance: unknown, state: EvalState): boolean {
  const rules = plan.rules;
  if ((rules & WHOLE) !== 0) return plan.rest!(instance, state, undefined);
  const types = plan.types;
  // One switch on the instance's kind tests `type` (as typeOf would) and picks the kind's rules.
  switch (typeof instance) {
    case "string":
      if ((types & STRING) === 0 || ((rules & STRING_RULES) !== 0 && !stringHolds(plan, rules, instance))) return false;
      break;
    case "number":
      if ((types !== UNTYPED && !numberIsOf(types, instance)) || ((rules & NUMBER_RULES) !== 0 && !numberHolds(plan, rules, instance))) return false;
      break;
    case "boolean":
      if ((types & BOOLEAN) === 0) return false;
      break;
    case "object":
      if (instance === null) {
        if ((types & NULL) === 0) return false;
      } else if (Array.isArray(instance)) {
        if ((types & ARRAY) === 0 || ((rules & ARRAY_RULES) !== 0 && !arrayHolds(plan, rules, instance, state))) return false;
      } else {
        const plain = isPlain(instance, state);
        if (types !== UNTYPED && ((types & OBJECT) === 0 || !(plain || isJsonObject(instance)))) return false;
        const forIn = plain && state.forIn;
        if (forIn && (rules & IN_PLACE_RULES) !== 0 && plan.applied!.gather !== undefined) return gatheredHold(plan, rules, instance as Record<string, unknown>, state);
        if ((rules & OBJECT_RULES) !== 0 && !objectHolds(plan, rules, instance as Record<string, unknown>, forIn, state)) return false;
      }
      break;
    default:
      if (types !== UNTYPED) return false; // not JSON: no type matches
  }
  if ((rules & (ENUM | CONST)) !== 0 && !allowedHold(plan, rules, instance)) return false;
  if ((rules & IN_PLACE_RULES) !== 0 && !inPlaceHold(plan, rules, instance, state)) return false;
  return plan.rest === undefined || plan.rest(instance, state, undefined);
}

/** The applicators' verdicts, as their closures reach them in boolean mode (anyOf stops at a match, oneOf at a second). */
function inPlaceHold(plan: Plan, rules: number, instance: unknown, state: EvalState): boolean {
  const applied = plan.applied!;
  if ((rules & REF) !== 0 && !holds(applied.ref!, instance, state)) return false;
  if ((rules & ALL_OF) !== 0) {
    const all = applied.allOf;
    for (let i = 0; i < all.length; i++) if (!holds(all[i]!, instance, state)) return false;
  }
  if ((rules & ANY_OF) !== 0) {
    const any = applied.anyOf;
    let i = 0;
    while (i < any.length && !holds(any[i]!, instance, state)) i++;
    if (i === any.length) return false;
  }
  if ((rules & ONE_OF) !== 0) {
    const one = applied.oneOf;
    let matches = 0;
    for (let i = 0; i < one.length; i++) if (holds(one[i]!, instance, state) && ++matches > 1) return false;
    if (matches === 0) return false;
  }
  if ((rules & NOT) !== 0 && holds(applied.not!, instance, state)) return false;
  if ((rules & IF) !== 0) {
    const branch = holds(applied.condition!, instance, state) ? applied.then : applied.otherwise;
    if (branch !== undefined && !holds(branch, instance, state)) return false;
  }
  return true;
}

/**
 * runPlan's steps for an object whose in-place subschemas have a Gather (gather.ts): its own
 * rules, then one scan of its keys into slots (a nested object's slots follow these), then the
 * subschemas' verdicts from the slots, as inPlaceHold and unevaluatedHold would find them.
 */
function gatheredHold(plan: Plan, rules: number, object: Record<string, unknown>, state: EvalState): boolean {
  if ((rules & OBJECT_RULES & ~UNEVALUATED_PROPERTIES) !== 0 && !objectHolds(plan, rules & ~UNEVALUATED_PROPERTIES, object, true, state)) return false;
  if ((rules & (ENUM | CONST)) !== 0 && !allowedHold(plan, rules, object)) return false;
  const gather = plan.applied!.gather!;
  const base = state.top;
  const values = state.values;
  const size = gather.names.length;
  while (values.length < base + size) values.push(ABSENT);
  state.top = base + size;
  const held = slotsHold(gather, object, values, base, state);
  // The slots are left ABSENT, as they were found (and hold no reference to the data).
  for (let j = base; j < base + size; j++) values[j] = ABSENT;
  state.top = base;
  if (base === 0 && values.length > KEPT_SLOTS) state.values = []; // after deeply nested data, the shared state lets go
  return held && (plan.rest === undefined || plan.rest(object, state, undefined));
}

const KEPT_SLOTS = 1024;

/** The scan, then the subschemas' verdicts (bit i of known/passed: subs[i]), each found once, when first asked. */
function slotsHold(gather: Gather, object: Record<string, unknown>, values: unknown[], base: number, state: EvalState): boolean {
  const { names, index, unevaluated } = gather;
  const other = unevaluated === undefined ? null : unevaluated.other;
  let count = 0;
  let next = 0;
  for (const key in object) {
    count++;
    const j = index !== undefined ? (index.get(key) ?? -1) : nameFrom(names, next, key);
    if (j >= 0) {
      values[base + j] = object[key];
      next = j + 1;
    } else if (unevaluated !== undefined && (other === null || !holds(other, object[key], state))) return false; // no subschema evaluates it
  }
  let known = 0;
  let passed = 0;
  // allOf: every one. anyOf: the first match. oneOf: exactly one. Then not, and if/then/else.
  for (let i = 0; i < gather.anyOf; i++) if (!subHolds(gather, i, values, base, count, state)) return false;
  if (gather.oneOf > gather.anyOf) {
    let i = gather.anyOf;
    for (; i < gather.oneOf; i++) {
      known |= 1 << i;
      if (subHolds(gather, i, values, base, count, state)) break;
    }
    if (i === gather.oneOf) return false;
    passed |= 1 << i;
  }
  if (gather.end > gather.oneOf) {
    let matches = 0;
    for (let i = gather.oneOf; i < gather.end; i++) {
      if (subHolds(gather, i, values, base, count, state)) {
        if (++matches > 1) return false;
        passed |= 1 << i;
      }
      known |= 1 << i;
    }
    if (matches === 0) return false;
  }
  if (gather.not >= 0 && subHolds(gather, gather.not, values, base, count, state)) return false;
  if (gather.condition >= 0) {
    const bit = 1 << gather.condition;
    known |= bit;
    let branch = gather.otherwise;
    if (subHolds(gather, gather.condition, values, base, count, state)) {
      passed |= bit;
      branch = gather.then;
    }
    if (branch >= 0 && !subHolds(gather, branch, values, base, count, state)) return false;
  }
  if (unevaluated === undefined) return true;
  // unevaluatedProperties, as unevaluatedHold: every name no passing subschema evaluated satisfies
  // `other`. Its names have the first slots; the others only `not` declares, which evaluates nothing.
  const when = unevaluated.when;
  for (let j = 0; j < names.length; j++) {
    const value = values[base + j];
    if (value === ABSENT) continue;
    let evaluated = false;
    if (j < when.length) {
      const pairs = when[j]!;
      for (let p = 0; p < pairs.length && !evaluated; p += 2) {
        const mask = pairs[p]!;
        for (let missing = mask & ~known; missing !== 0; missing &= missing - 1) {
          const bit = missing & -missing;
          if (subHolds(gather, 31 - Math.clz32(bit), values, base, count, state)) passed |= bit;
        }
        known |= mask;
        evaluated = ((passed ^ pairs[p + 1]!) & mask) === 0;
      }
    }
    if (!evaluated && (other === null || !holds(other, value, state))) return false;
  }
  return true;
}

/** A gathered subschema's verdict from the slots: declaredHold's, or for a closed one keysOnlyHold's (`count`: the object's keys). */
function subHolds(gather: Gather, i: number, values: readonly unknown[], base: number, count: number, state: EvalState): boolean {
  const { kids, requiredDeclared, additional } = gather.subs[i]!;
  const slots = gather.slots;
  const first = gather.from[i]!;
  let present = 0;
  for (let k = 0; k < kids.length; k++) {
    const value = values[base + slots[first + k]!];
    if (value === ABSENT) {
      if (k < requiredDeclared) return false;
      continue;
    }
    present++;
    const kid = kids[k]!;
    if (!((kid.rules & KIND) === SCALAR ? scalarHolds(kid, value) : holds(kid, value, state))) return false;
  }
  return additional !== null || present === count;
}

function arrayHolds(plan: Plan, rules: number, array: readonly unknown[], state: EvalState): boolean {
  if ((rules & MIN_ITEMS) !== 0 && array.length < plan.bounds!.low) return false;
  if ((rules & MAX_ITEMS) !== 0 && array.length > plan.bounds!.high) return false;
  if ((rules & ITEMS) !== 0) {
    // Items that are scalars (tags, coordinates) or arrays of scalars (points, matrix rows) are
    // tested in these loops, without a call to runPlan each.
    const items = plan.items!;
    const kind = items.rules & KIND;
    if (kind === SCALAR) {
      if (!scalarItemsHold(items, array)) return false;
    } else if (kind === SCALAR_ARRAY) {
      for (let i = 0; i < array.length; i++) if (!scalarArrayHolds(items, array[i])) return false;
    } else if (kind === COUNTED) {
      // Items of a recursive reference (a tree's children): the items are one level, counted once.
      if (!countedItemsHold(items.applied!.ref!, array, state)) return false;
    } else {
      for (let i = 0; i < array.length; i++) if (!holds(items, array[i], state)) return false;
    }
  }
  return (rules & UNIQUE_ITEMS) === 0 || findDuplicate(array) === undefined;
}

/** runPlan's steps for a DECLARED_ONLY plan, and no others. */
function declaredOnlyHold(plan: Plan, instance: unknown, state: EvalState): boolean {
  if (typeof instance !== "object" || instance === null || Array.isArray(instance)) return plan.types === UNTYPED;
  const plain = isPlain(instance, state);
  if (plan.types !== UNTYPED && !plain && !isJsonObject(instance)) return false;
  return declaredHold(plan.shape!, instance as Record<string, unknown>, plain && state.forIn, state);
}

/** runPlan's steps for a KEYS_ONLY plan, and no others (ownKeysHold's, for an object for…in may list). */
function keysOnlyHold(shape: Shape, instance: unknown, state: EvalState): boolean {
  if (typeof instance !== "object" || instance === null || Array.isArray(instance)) return false;
  const plain = isPlain(instance, state);
  if (!plain && !isJsonObject(instance)) return false;
  if (!(plain && state.forIn)) return ownKeysHold(shape, instance as Record<string, unknown>, false, state);
  // ownKeysHold's loop, written out here with scalar values tested first: each level of calls
  // less lets V8 inline scalarHolds (deep-20 to deep-63 10-20% faster, mcp-tree 10%).
  const { names, kids, index, additional, requiredDeclared } = shape;
  let required = 0;
  let next = 0;
  for (const key in instance) {
    const value = (instance as Record<string, unknown>)[key];
    const i = index !== undefined ? (index.get(key) ?? -1) : nameFrom(names, next, key);
    if (i < 0) {
      if (additional === undefined || (additional !== null && holds(additional, value, state))) continue;
      return false;
    }
    next = i + 1;
    const kid = kids[i]!;
    if (!((kid.rules & KIND) === SCALAR ? scalarHolds(kid, value) : holds(kid, value, state))) return false;
    if (i < requiredDeclared) required++;
  }
  return required === requiredDeclared;
}

/** `forIn`: the object's own keys may be listed with for…in (no array is made, and V8 reads each value by its enum cache). */
function objectHolds(plan: Plan, rules: number, object: Record<string, unknown>, forIn: boolean, state: EvalState): boolean {
  if ((rules & REQUIRED) !== 0) {
    const required = plan.shape!.required;
    for (let i = 0; i < required.length; i++) if (!Object.hasOwn(object, required[i]!)) return false;
  }
  if ((rules & PROPERTIES) !== 0 && !declaredHold(plan.shape!, object, forIn, state)) return false;
  if ((rules & OWN_KEYS) !== 0 && !ownKeysHold(plan.shape!, object, forIn, state)) return false;
  if ((rules & (MIN_PROPERTIES | MAX_PROPERTIES)) !== 0) {
    const count = Object.keys(object).length;
    if ((rules & MIN_PROPERTIES) !== 0 && count < plan.bounds!.low) return false;
    if ((rules & MAX_PROPERTIES) !== 0 && count > plan.bounds!.high) return false;
  }
  return (rules & UNEVALUATED_PROPERTIES) === 0 || (plan.types === UNTYPED && !isJsonObject(object)) || unevaluatedHold(plan.shape!.unevaluated!, object, state);
}

/**
 * Every own key no passing subschema evaluated must satisfy `other`. A condition's verdict is
 * found when a name first depends on it (known/passed: bits of Unevaluated.conditions). The
 * names are exact only when the whole schema passes, and only then does this verdict matter.
 */
function unevaluatedHold(u: Unevaluated, object: Record<string, unknown>, state: EvalState): boolean {
  const keys = Object.keys(object);
  let known = 0;
  let passed = 0;
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k]!;
    const i = indexOfName(u.names, u.index, key);
    let evaluated = false;
    if (i >= 0) {
      const pairs = u.when[i]!;
      for (let p = 0; p < pairs.length && !evaluated; p += 2) {
        const mask = pairs[p]!;
        for (let missing = mask & ~known; missing !== 0; missing &= missing - 1) {
          const bit = missing & -missing;
          if (holds(u.conditions[31 - Math.clz32(bit)]!, object, state)) passed |= bit;
        }
        known |= mask;
        evaluated = ((passed ^ pairs[p + 1]!) & mask) === 0;
      }
    }
    if (!evaluated && (u.other === null || !holds(u.other, object[key], state))) return false;
  }
  return true;
}

/**
 * `properties` alone (and the required names it declares). A small object is scanned with
 * for…in (its values read by the enum cache) and its keys matched against the few names; a
 * larger one has the names read as the closure reads them (declaredValue). A scan stops at
 * SCAN_KEYS keys: what it checked is checked again. (The scan is not ownKeyHolds: that one's
 * index and `additional` tests made mcp-output 13% slower.)
 */
function declaredHold(shape: Shape, object: Record<string, unknown>, forIn: boolean, state: EvalState): boolean {
  if (!forIn) return namedHold(shape, object, state);
  const { names, kids, requiredDeclared } = shape;
  let seen = 0;
  let required = 0;
  let next = 0;
  for (const key in object) {
    if (++seen > SCAN_KEYS) return namedHold(shape, object, state);
    const i = nameFrom(names, next, key);
    if (i < 0) continue;
    next = i + 1;
    const kid = kids[i]!;
    const value = object[key];
    // Scalar values tested first, as in keysOnlyHold.
    if (!((kid.rules & KIND) === SCALAR ? scalarHolds(kid, value) : holds(kid, value, state))) return false;
    if (i < requiredDeclared) required++;
  }
  return required === requiredDeclared;
}

/** declaredHold with the declared names read as the closure reads them (declaredValue). */
function namedHold(shape: Shape, object: Record<string, unknown>, state: EvalState): boolean {
  const { names, kids, inherited, requiredDeclared } = shape;
  for (let i = 0; i < names.length; i++) {
    const value = declaredValue(object, names[i]!, ((inherited >> i) & 1) !== 0);
    if (value === ABSENT ? i < requiredDeclared : !holds(kids[i]!, value, state)) return false;
  }
  return true;
}

const SCAN_KEYS = 12;

/** `properties` with `additionalProperties`, as the fused closure does: every own key, declared or not. */
function ownKeysHold(shape: Shape, object: Record<string, unknown>, forIn: boolean, state: EvalState): boolean {
  let required = 0;
  if (forIn) {
    for (const key in object) {
      const held = ownKeyHolds(shape, key, object[key], state);
      if (held < 0) return false;
      required += held;
    }
  } else {
    const keys = Object.keys(object);
    for (let k = 0; k < keys.length; k++) {
      const held = ownKeyHolds(shape, keys[k]!, object[keys[k]!], state);
      if (held < 0) return false;
      required += held;
    }
  }
  return required === shape.requiredDeclared;
}

/** One own key of ownKeysHold: -1 when its value fails, 1 when it is a required declared name, else 0. */
function ownKeyHolds(shape: Shape, key: string, value: unknown, state: EvalState): number {
  const i = indexOfName(shape.names, shape.index, key);
  const additional = shape.additional;
  if (i >= 0) return !holds(shape.kids[i]!, value, state) ? -1 : i < shape.requiredDeclared ? 1 : 0;
  return additional === undefined || (additional !== null && holds(additional, value, state)) ? 0 : -1;
}
