// The object steps of the plan interpreter (run-plan.ts): `properties`, `additionalProperties`,
// `required`, the property-count bounds and unevaluatedProperties, the kinds of plan that are
// nothing but those (KEYS_ONLY, DECLARED_ONLY), and the one key scan that serves in-place
// subschemas which only declare names (gather.ts). Each comparison is the one the keyword's
// closure makes; spec/plan.spec.ts holds both to the same verdicts.
import { isJsonObject, isObject } from "../json/type-of.js";
import { ABSENT, declaredValue, hasMember, isAbsent } from "../json/declared.js";
import { internalError } from "../errors.js";
import { ENUM, CONST, MAX_PROPERTIES, MIN_PROPERTIES, OBJECT_RULES, OWN_KEYS, PROPERTIES, REQUIRED, SCALAR, UNEVALUATED_PROPERTIES, UNTYPED, type Plan, type Shape, type Unevaluated } from "./plan.js";
import type { Gather } from "./gather.js";
import { allowedValueHolds, scalarHolds } from "./run-scalar.js";
import type { EvalState } from "./types.js";
import { indexOfName, isPlain, keyCount, memberBits, nameFrom } from "./plain-objects.js";
import { keysOf, MANY_KEYS, metMany, notListed } from "./once-per-pass.js";
import { ADDITIONAL_SEEN, ALL_PASSED, loopKey, PROPERTIES_SEEN } from "./witness.js";

type Holds = (plan: Plan, instance: unknown, state: EvalState) => boolean;

/**
 * run-plan.ts's holds(), handed over by that module as it loads: the object steps call back into
 * the interpreter for property values, and importing it would make an import cycle.
 */
let holds: Holds = () => {
  throw internalError("the plan interpreter ran before run-plan.ts was loaded");
};

export function interpretWith(interpreter: Holds): void {
  holds = interpreter;
}

/**
 * runPlan's steps for an object whose in-place subschemas have a Gather (gather.ts): its own
 * rules, then one scan of its keys into slots (a nested object's slots follow these), then the
 * subschemas' verdicts from the slots, as inPlaceSubschemasHold and unevaluatedPropertiesHold would find them.
 */
export function gatheredObjectHolds(plan: Plan, rules: number, object: Record<string, unknown>, state: EvalState): boolean {
  if ((rules & OBJECT_RULES & ~UNEVALUATED_PROPERTIES) !== 0 && !objectHolds(plan, rules & ~UNEVALUATED_PROPERTIES, object, true, state)) return false;
  if ((rules & (ENUM | CONST)) !== 0 && !allowedValueHolds(plan, rules, object)) return false;
  const gather = plan.applied!.gather!;
  const base = state.top;
  const values = state.values;
  const size = gather.names.length;
  while (values.length < base + size) values.push(ABSENT);
  state.top = base + size;
  const held = gatheredSlotsHold(gather, object, values, base, state);
  // The slots are left ABSENT, as they were found (and hold no reference to the data).
  for (let j = base; j < base + size; j++) values[j] = ABSENT;
  state.top = base;
  if (base === 0 && values.length > KEPT_SLOTS) state.values = []; // after deeply nested data, the shared state lets go
  return held && (plan.rest === undefined || plan.rest(object, state, undefined));
}

const KEPT_SLOTS = 1024;

/** The scan, then the subschemas' verdicts (bit i of known/passed: subs[i]), each found once, when first asked. */
function gatheredSlotsHold(gather: Gather, object: Record<string, unknown>, values: unknown[], base: number, state: EvalState): boolean {
  const { names, index, unevaluated } = gather;
  const other = unevaluated === undefined ? null : unevaluated.other;
  let count = 0;
  let next = 0;
  let failed = false;
  for (const key in object) {
    if (failed) {
      if (++count > MANY_KEYS) break; // counted on past the failure (see keyFailed)
      continue;
    }
    count++;
    const j = index !== undefined ? (index.get(key) ?? -1) : nameFrom(names, next, key);
    if (j >= 0) {
      values[base + j] = object[key];
      next = j + 1;
    } else if (unevaluated !== undefined && (other === null || !holds(other, object[key], state))) failed = true; // no subschema evaluates it
  }
  if (count > MANY_KEYS) metMany(object, state);
  if (failed) return false;
  let known = 0;
  let passed = 0;
  // allOf: every one. anyOf: the first match. oneOf: exactly one. Then not, and if/then/else.
  for (let i = 0; i < gather.anyOf; i++) if (!gatheredSubschemaHolds(gather, i, values, base, count, state)) return false;
  if (gather.oneOf > gather.anyOf) {
    let i = gather.anyOf;
    for (; i < gather.oneOf; i++) {
      known |= 1 << i;
      if (gatheredSubschemaHolds(gather, i, values, base, count, state)) break;
    }
    if (i === gather.oneOf) return false;
    passed |= 1 << i;
  }
  if (gather.end > gather.oneOf) {
    let matches = 0;
    for (let i = gather.oneOf; i < gather.end; i++) {
      if (gatheredSubschemaHolds(gather, i, values, base, count, state)) {
        if (++matches > 1) return false;
        passed |= 1 << i;
      }
      known |= 1 << i;
    }
    if (matches === 0) return false;
  }
  if (gather.not >= 0 && gatheredSubschemaHolds(gather, gather.not, values, base, count, state)) return false;
  if (gather.condition >= 0) {
    const bit = 1 << gather.condition;
    known |= bit;
    let branch = gather.otherwise;
    if (gatheredSubschemaHolds(gather, gather.condition, values, base, count, state)) {
      passed |= bit;
      branch = gather.then;
    }
    if (branch >= 0 && !gatheredSubschemaHolds(gather, branch, values, base, count, state)) return false;
  }
  if (unevaluated === undefined) return true;
  // unevaluatedProperties, as unevaluatedPropertiesHold: every name no passing subschema evaluated satisfies
  // `other`. Its names have the first slots; the others only `not` declares, which evaluates nothing.
  const when = unevaluated.when;
  for (let j = 0; j < names.length; j++) {
    const value = values[base + j];
    if (isAbsent(value)) continue;
    let evaluated = false;
    if (j < when.length) {
      const pairs = when[j]!;
      for (let p = 0; p < pairs.length && !evaluated; p += 2) {
        const mask = pairs[p]!;
        for (let missing = mask & ~known; missing !== 0; missing &= missing - 1) {
          const bit = missing & -missing;
          if (gatheredSubschemaHolds(gather, 31 - Math.clz32(bit), values, base, count, state)) passed |= bit;
        }
        known |= mask;
        evaluated = ((passed ^ pairs[p + 1]!) & mask) === 0;
      }
    }
    if (!evaluated && (other === null || !holds(other, value, state))) return false;
  }
  return true;
}

/** A gathered subschema's verdict from the slots: declaredPropertiesHold's, or for a closed one ownKeysObjectHolds's (`count`: the object's keys). */
function gatheredSubschemaHolds(gather: Gather, i: number, values: readonly unknown[], base: number, count: number, state: EvalState): boolean {
  const { kids, requiredDeclared, additional } = gather.subs[i]!;
  const slots = gather.slots;
  const first = gather.from[i]!;
  let present = 0;
  for (let k = 0; k < kids.length; k++) {
    const value = values[base + slots[first + k]!];
    if (isAbsent(value)) {
      if (k < requiredDeclared) return false;
      continue;
    }
    present++;
    const kid = kids[k]!;
    if (!(kid.kind === SCALAR ? scalarHolds(kid, value) : holds(kid, value, state))) return false;
  }
  return additional !== null || present === count;
}

/** runPlan's steps for a DECLARED_ONLY plan, and no others. */
export function declaredObjectHolds(plan: Plan, instance: unknown, state: EvalState): boolean {
  if (typeof instance !== "object" || instance === null || Array.isArray(instance)) return plan.types === UNTYPED;
  const plain = isPlain(instance);
  if (plan.types !== UNTYPED && !plain && !isJsonObject(instance)) return false;
  return declaredPropertiesHold(plan, instance as Record<string, unknown>, plain && state.forIn && (state.keys === undefined || notListed(instance, state)), state);
}

/** runPlan's steps for a KEYS_ONLY plan, and no others (ownKeysHold's, for an object for…in may list). */
export function ownKeysObjectHolds(plan: Plan, instance: unknown, state: EvalState): boolean {
  if (typeof instance !== "object" || instance === null || Array.isArray(instance)) return false;
  const plain = isPlain(instance);
  if (!plain && !isJsonObject(instance)) return false;
  const { names, kids, index, additional, requiredDeclared } = plan.shape!;
  // A map (no declared names) and a wide object (names in an index) are listed by for…in loops of
  // their own. They are the objects V8 cannot list from their hidden class's enum cache
  // (integer-like keys, too many keys for a fast object), and one of them seen by the loop below
  // would turn it generic for every object after it, in every schema the process validates.
  const forIn = plain && state.forIn && (state.keys === undefined || notListed(instance, state));
  if (!forIn || index !== undefined) return ownKeysHold(plan, instance as Record<string, unknown>, forIn, state);
  if (names.length === 0) return mapKeysHold(plan, instance as Record<string, unknown>, additional, state);
  // ownKeysHold's loop, written out here with scalar values tested first: each level of calls
  // less lets V8 inline scalarHolds (measured on the deep cases and mcp-tree).
  let required = 0;
  let next = 0;
  let count = 0;
  let failed: string | undefined;
  for (const key in instance) {
    if (failed !== undefined) {
      if (++count > MANY_KEYS) break; // counted on past the failure (see keyFailed)
      continue;
    }
    count++;
    const value = (instance as Record<string, unknown>)[key];
    const i = nameFrom(names, next, key);
    if (i < 0) {
      if (additional === undefined || (additional !== null && holds(additional, value, state))) continue;
      failed = key;
      continue;
    }
    next = i + 1;
    const kid = kids[i]!;
    if (!(kid.kind === SCALAR ? scalarHolds(kid, value) : holds(kid, value, state))) failed = key;
    else if (i < requiredDeclared) required++;
  }
  if (count > MANY_KEYS) metMany(instance, state);
  if (failed !== undefined) return keyFailed(plan, instance, failed, state);
  return required === requiredDeclared || (state.witness !== undefined && witnessed(plan, instance, ALL_PASSED, state));
}

/** ownKeysObjectHolds for a plain object whose plan declares no names: every key's value satisfies `additional`. */
function mapKeysHold(plan: Plan, object: Record<string, unknown>, additional: Plan | null | undefined, state: EvalState): boolean {
  if (additional === undefined) return true;
  let count = 0;
  let failed: string | undefined;
  for (const key in object) {
    if (failed !== undefined) {
      if (++count > MANY_KEYS) break; // counted on past the failure (see keyFailed)
      continue;
    }
    count++;
    const value = object[key];
    if (additional === null || !(additional.kind === SCALAR ? scalarHolds(additional, value) : holds(additional, value, state))) failed = key;
  }
  if (count > MANY_KEYS) metMany(object, state);
  return failed === undefined || keyFailed(plan, object, failed, state);
}

/**
 * A for…in loop over `object` (own keys, or declared properties, whose plan has no
 * additionalProperties) failed at `key`. Every key before it passed, which validate()'s error
 * pass takes from here (witness.ts). Past a failure, a loop goes on counting keys, reading
 * none, up to MANY_KEYS: an object of many keys is met (metMany) even when every loop over it
 * fails at its first key, and its next loop reads the list.
 */
function keyFailed(plan: Plan, object: object, key: string, state: EvalState): false {
  return state.witness !== undefined && witnessed(plan, object, key, state);
}

/** The own-keys or declared-properties loop over `object` failed at `key` (ALL_PASSED: on `required`, after every key). */
function witnessed(plan: Plan, object: object, key: string | number, state: EvalState): false {
  state.witness!.record(object, loopKey(plan), plan.shape!.additional === undefined ? PROPERTIES_SEEN : PROPERTIES_SEEN | ADDITIONAL_SEEN, key);
  return false;
}

/** `forIn`: the object's own keys may be listed with for…in (no array is made, and V8 reads each value by its enum cache). */
export function objectHolds(plan: Plan, rules: number, object: Record<string, unknown>, forIn: boolean, state: EvalState): boolean {
  if ((rules & REQUIRED) !== 0 && !requiredHold(plan.shape!.required, object, state)) return false;
  if ((rules & PROPERTIES) !== 0 && !declaredPropertiesHold(plan, object, forIn, state)) return false;
  if ((rules & OWN_KEYS) !== 0 && !ownKeysHold(plan, object, forIn, state)) return false;
  if ((rules & (MIN_PROPERTIES | MAX_PROPERTIES)) !== 0) {
    const count = forIn ? keyCount(object, state) : keysOf(object, state).length;
    if ((rules & MIN_PROPERTIES) !== 0 && count < plan.bounds!.low) return false;
    if ((rules & MAX_PROPERTIES) !== 0 && count > plan.bounds!.high) return false;
  }
  return (rules & UNEVALUATED_PROPERTIES) === 0 || (plan.types === UNTYPED && !isObject(object)) || unevaluatedPropertiesHold(plan.shape!.unevaluated!, object, state);
}

/** The required names the declared-name loops do not count: each a member, found by one for…in (memberBits) or asked. */
function requiredHold(required: readonly string[], object: object, state: EvalState): boolean {
  const members = required.length <= 31 ? memberBits(object, required, state) : -1;
  for (let i = 0; i < required.length; i++) {
    if (!(members < 0 ? hasMember(object, required[i]!) : ((members >> i) & 1) !== 0)) return false;
  }
  return true;
}

/**
 * Every own key no passing subschema evaluated must satisfy `other`. A condition's verdict is
 * found when a name first depends on it (known/passed: bits of Unevaluated.conditions). The
 * names are exact only when the whole schema passes, and only then does this verdict matter.
 */
function unevaluatedPropertiesHold(u: Unevaluated, object: Record<string, unknown>, state: EvalState): boolean {
  const keys = keysOf(object, state);
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
 * index and `additional` tests measured slower on mcp-output.)
 */
function declaredPropertiesHold(plan: Plan, object: Record<string, unknown>, forIn: boolean, state: EvalState): boolean {
  const shape = plan.shape!;
  if (!forIn) return namedPropertiesHold(shape, object, state);
  const { names, kids, requiredDeclared } = shape;
  let seen = 0;
  let required = 0;
  let next = 0;
  let failed: string | undefined;
  for (const key in object) {
    // Past the scan or a failure, counted on without reading (see keyFailed).
    if (++seen > SCAN_KEYS || failed !== undefined) {
      if (seen > MANY_KEYS) break;
      continue;
    }
    const i = nameFrom(names, next, key);
    if (i < 0) continue;
    next = i + 1;
    const kid = kids[i]!;
    const value = object[key];
    // Scalar values tested first, as in ownKeysObjectHolds.
    if (!(kid.kind === SCALAR ? scalarHolds(kid, value) : holds(kid, value, state))) failed = key;
    else if (i < requiredDeclared) required++;
  }
  if (seen > MANY_KEYS) metMany(object, state);
  if (failed !== undefined) return keyFailed(plan, object, failed, state);
  return seen > SCAN_KEYS ? namedPropertiesHold(shape, object, state) : required === requiredDeclared;
}

/** declaredPropertiesHold with the declared names read as the closure reads them (declaredValue). */
function namedPropertiesHold(shape: Shape, object: Record<string, unknown>, state: EvalState): boolean {
  const { names, kids, requiredDeclared } = shape;
  for (let i = 0; i < names.length; i++) {
    const value = declaredValue(object, names[i]!);
    if (isAbsent(value) ? i < requiredDeclared : !holds(kids[i]!, value, state)) return false;
  }
  return true;
}

const SCAN_KEYS = 12;

/** `properties` with `additionalProperties`, as the fused closure does: every own key, declared or not. */
function ownKeysHold(plan: Plan, object: Record<string, unknown>, forIn: boolean, state: EvalState): boolean {
  const shape = plan.shape!;
  let required = 0;
  if (forIn) {
    let count = 0;
    let failed: string | undefined;
    for (const key in object) {
      if (failed !== undefined) {
        if (++count > MANY_KEYS) break; // counted on past the failure (see keyFailed)
        continue;
      }
      count++;
      const held = ownKeyHolds(shape, key, object[key], state);
      if (held < 0) failed = key;
      else required += held;
    }
    if (count > MANY_KEYS) metMany(object, state);
    if (failed !== undefined) return keyFailed(plan, object, failed, state);
  } else {
    const keys = keysOf(object, state);
    for (let k = 0; k < keys.length; k++) {
      const held = ownKeyHolds(shape, keys[k]!, object[keys[k]!], state);
      if (held < 0) return state.witness !== undefined && witnessed(plan, object, keys[k]!, state);
      required += held;
    }
  }
  return required === shape.requiredDeclared || (state.witness !== undefined && witnessed(plan, object, ALL_PASSED, state));
}

/** One own key of ownKeysHold: -1 when its value fails, 1 when it is a required declared name, else 0. */
function ownKeyHolds(shape: Shape, key: string, value: unknown, state: EvalState): number {
  const i = indexOfName(shape.names, shape.index, key);
  const additional = shape.additional;
  if (i >= 0) {
    const kid = shape.kids[i]!;
    // Scalar values tested first, as in ownKeysObjectHolds.
    return !(kid.kind === SCALAR ? scalarHolds(kid, value) : holds(kid, value, state)) ? -1 : i < shape.requiredDeclared ? 1 : 0;
  }
  return additional === undefined || (additional !== null && holds(additional, value, state)) ? 0 : -1;
}
