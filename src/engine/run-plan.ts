// The interpreter of plans (plan.ts), the boolean pass's fast path. Every plan runs through
// holds(), which picks a function for the plan's kind; runPlan takes the plans of no kind. The
// tests of scalar values, which call no plan in turn, are in run-scalar.ts; the object steps in
// run-object.ts.
// Each comparison is the one the keyword's closure makes; spec/plan.spec.ts holds both to the
// same verdicts.
import { ARRAY, BOOLEAN, isJsonObject, NULL, OBJECT, STRING } from "../json/type-of.js";
import {
  ALL_OF,
  ANY_OF,
  ARRAY_RULES,
  CONST,
  CONTAINS,
  COUNTED,
  COUNTED_BY_VALUE,
  DECLARED_ONLY,
  ENUM,
  IF,
  IN_PLACE_RULES,
  ITEMS,
  KEYS_ONLY,
  MAX_ITEMS,
  MIN_ITEMS,
  NOT,
  NUMBER_RULES,
  OBJECT_RULES,
  ONE_OF,
  PREFIX_ITEMS,
  REF,
  SCALAR,
  SCALAR_ARRAY,
  SCALAR_TUPLE,
  STRING_RULES,
  UNIQUE_ITEMS,
  UNTYPED,
  WHOLE,
  type Plan,
} from "./plan.js";
import { allowedValueHolds, numberHolds, numberIsOf, scalarArrayHolds, scalarHolds, scalarItemsPass, scalarTupleHolds, stringHolds } from "./run-scalar.js";
import type { EvalState } from "./types.js";
import { sameNaN, tooDeep } from "./depth.js";
import { memoAwake, rememberedVerdict } from "./memo.js";
import { MEMO_AFTER } from "../limits.js";
import { isPlain } from "./plain-objects.js";
import { duplicateIn, notListed } from "./once-per-pass.js";
import { declaredObjectHolds, gatheredObjectHolds, interpretWith, ownKeysObjectHolds, objectHolds } from "./run-object.js";
import { CONTAINS_SEEN, ITEMS_SEEN, loopKey } from "./witness.js";

/**
 * Runs a plan: the kinds finishPlan marks (plan.ts, Plan.kind) by functions of their own (small, so V8
 * optimises them apart from runPlan, whose inlining varies with everything it has run), the
 * others by runPlan. (Tested by if-chain: a switch measured slower on geojson-canada.)
 */
export function holds(plan: Plan, instance: unknown, state: EvalState): boolean {
  const kind = plan.kind;
  if (kind === KEYS_ONLY) return ownKeysObjectHolds(plan, instance, state);
  if (kind === SCALAR) return scalarHolds(plan, instance);
  // validate()'s boolean pass takes arrayHolds' steps (the same for this kind), which record where the items failed.
  if (kind === SCALAR_ARRAY) return state.witness === undefined ? scalarArrayHolds(plan, instance) : Array.isArray(instance) && arrayHolds(plan, plan.rules, instance, state);
  if (kind === DECLARED_ONLY) return declaredObjectHolds(plan, instance, state);
  if (kind === COUNTED) return countedRefHolds(plan.applied!.ref!, instance, state);
  if (kind === COUNTED_BY_VALUE) return countedByValueHolds(plan.applied!.ref!, instance, state);
  if (kind === SCALAR_TUPLE) return scalarTupleHolds(plan, instance);
  return runPlan(plan, instance, state);
}

interpretWith(holds);

/** A recursive reference's target, counted as depth.ts counts: every crossing goes deeper. */
function countedRefHolds(target: Plan, instance: unknown, state: EvalState): boolean {
  if (++state.depth > state.maxDataDepth) tooDeep(state);
  const ok = recurseHolds(target, instance, state);
  state.depth--;
  return ok;
}

/** holds() behind a recursive reference: a container's verdict is remembered past MEMO_AFTER crossings (memo.ts). */
function recurseHolds(target: Plan, instance: unknown, state: EvalState): boolean {
  if (typeof instance !== "object" || instance === null || ++state.calls <= MEMO_AFTER || !memoAwake(state)) return holds(target, instance, state);
  return rememberedVerdict(target, instance, state, holds);
}

/** arrayHolds' loop over the items of a COUNTED plan: the level is counted once, as countedRefHolds counts each item. The index of the first item that fails (the length: none). */
function countedItemsHold(target: Plan, array: readonly unknown[], state: EvalState): number {
  if (array.length === 0) return 0;
  if (++state.depth > state.maxDataDepth) tooDeep(state);
  let i = 0;
  while (i < array.length && recurseHolds(target, array[i], state)) i++;
  state.depth--;
  return i;
}

/** The same, where a value can be entered again in place: only another value goes deeper. */
function countedByValueHolds(target: Plan, instance: unknown, state: EvalState): boolean {
  const outer = state.deepest;
  if (instance === outer || sameNaN(instance, outer)) return holds(target, instance, state);
  if (++state.depth > state.maxDataDepth) tooDeep(state);
  state.deepest = instance;
  const ok = recurseHolds(target, instance, state);
  state.deepest = outer;
  state.depth--;
  return ok;
}

/** A plan of kind GENERAL. */
function runPlan(plan: Plan, instance: unknown, state: EvalState): boolean {
  const rules = plan.rules;
  if ((rules & WHOLE) !== 0) return plan.rest!(instance, state, undefined);
  const types = plan.types;
  // One test of the instance's kind checks `type` (as typeOf would) and picks the kind's rules.
  // (`typeof x === "…"` is a type test for V8; a switch on typeof calls its builtin.)
  if (typeof instance === "object") {
    if (instance === null) {
      if ((types & NULL) === 0) return false;
    } else if (Array.isArray(instance)) {
      if ((types & ARRAY) === 0 || ((rules & ARRAY_RULES) !== 0 && !arrayHolds(plan, rules, instance, state))) return false;
    } else {
      const plain = isPlain(instance);
      if (types !== UNTYPED && ((types & OBJECT) === 0 || !(plain || isJsonObject(instance)))) return false;
      // An object this pass has listed (once-per-pass.ts) is read from its list.
      const forIn = plain && state.forIn && (state.keys === undefined || notListed(instance, state));
      if (forIn && (rules & IN_PLACE_RULES) !== 0 && plan.applied!.gather !== undefined) return gatheredObjectHolds(plan, rules, instance as Record<string, unknown>, state);
      if ((rules & OBJECT_RULES) !== 0 && !objectHolds(plan, rules, instance as Record<string, unknown>, forIn, state)) return false;
    }
  } else if (typeof instance === "string") {
    if ((types & STRING) === 0 || ((rules & STRING_RULES) !== 0 && !stringHolds(plan, rules, instance))) return false;
  } else if (typeof instance === "number") {
    if ((types !== UNTYPED && !numberIsOf(types, instance)) || ((rules & NUMBER_RULES) !== 0 && !numberHolds(plan, rules, instance))) return false;
  } else if (typeof instance === "boolean") {
    if ((types & BOOLEAN) === 0) return false;
  } else if (types !== UNTYPED) return false; // not JSON: no type matches
  if ((rules & (ENUM | CONST)) !== 0 && !allowedValueHolds(plan, rules, instance)) return false;
  if ((rules & IN_PLACE_RULES) !== 0 && !inPlaceSubschemasHold(plan, rules, instance, state)) return false;
  return plan.rest === undefined || plan.rest(instance, state, undefined);
}

/** The applicators' verdicts, as their closures reach them in boolean mode (anyOf stops at a match, oneOf at a second). */
function inPlaceSubschemasHold(plan: Plan, rules: number, instance: unknown, state: EvalState): boolean {
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

function arrayHolds(plan: Plan, rules: number, array: readonly unknown[], state: EvalState): boolean {
  if ((rules & MIN_ITEMS) !== 0 && array.length < plan.bounds!.low) return false;
  if ((rules & MAX_ITEMS) !== 0 && array.length > plan.bounds!.high) return false;
  if ((rules & PREFIX_ITEMS) !== 0) {
    const prefix = plan.bounds!.prefix;
    const count = Math.min(prefix.length, array.length);
    for (let i = 0; i < count; i++) {
      const first = prefix[i]!;
      if (!(first.kind === SCALAR ? scalarHolds(first, array[i]) : holds(first, array[i], state))) return false;
    }
    if ((rules & ITEMS) !== 0) {
      const items = plan.items!;
      for (let i = prefix.length; i < array.length; i++) if (!holds(items, array[i], state)) return state.witness !== undefined && itemFailed(plan, array, i, state);
    }
  } else if ((rules & ITEMS) !== 0) {
    // Items that are scalars (tags, coordinates) or arrays of scalars (points, matrix rows) are
    // tested in these loops, without a call to runPlan each.
    const items = plan.items!;
    const kind = items.kind;
    if (kind === SCALAR) {
      const i = scalarItemsPass(items, array);
      if (i < array.length) return state.witness !== undefined && itemFailed(plan, array, i, state);
    } else if (kind === SCALAR_ARRAY) {
      for (let i = 0; i < array.length; i++) if (!scalarArrayHolds(items, array[i])) return state.witness !== undefined && itemFailed(plan, array, i, state);
    } else if (kind === SCALAR_TUPLE) {
      for (let i = 0; i < array.length; i++) if (!scalarTupleHolds(items, array[i])) return state.witness !== undefined && itemFailed(plan, array, i, state);
    } else if (kind === COUNTED) {
      // Items of a recursive reference (a tree's children): the items are one level, counted once.
      const i = countedItemsHold(items.applied!.ref!, array, state);
      if (i < array.length) return state.witness !== undefined && itemFailed(plan, array, i, state);
    } else {
      for (let i = 0; i < array.length; i++) if (!holds(items, array[i], state)) return state.witness !== undefined && itemFailed(plan, array, i, state);
    }
  }
  if ((rules & CONTAINS) !== 0 && !containsHold(plan, array, state)) return false;
  return (rules & UNIQUE_ITEMS) === 0 || duplicateIn(array, state) === undefined;
}

/** The items loop failed at item `i`: every item before it passed (validate()'s error pass starts there, witness.ts). Called only when there is a witness. */
function itemFailed(plan: Plan, array: readonly unknown[], i: number, state: EvalState): false {
  state.witness!.record(array, loopKey(plan), ITEMS_SEEN, i);
  return false;
}

/**
 * CONTAINS: the items that hold its plan, counted as the closure counts them (without a maximum,
 * up to the minimum). A count out of bounds is exact, and validate()'s error pass reports it
 * without counting again (witness.ts).
 */
function containsHold(plan: Plan, array: readonly unknown[], state: EvalState): boolean {
  const { plan: matches, min, max } = plan.bounds!.contains!;
  const enough = max === Infinity ? min : Infinity;
  let count = 0;
  for (let i = 0; i < array.length && count < enough; i++) if (holds(matches, array[i], state)) count++;
  if (count >= min && count <= max) return true;
  return state.witness !== undefined && state.witness.record(array, loopKey(plan), CONTAINS_SEEN, count);
}

