// The boolean pass's fast path. Closures calling closures are megamorphic call sites V8 cannot
// inline, and they made every schema object cost several calls. A Plan holds a schema object's
// common keywords as plain data, and one small interpreter, runPlan, walks plans by calling
// itself: one monomorphic function per kind of work instead of a closure per keyword.
//
// Which keywords a plan takes, and their boolean meaning, stay in the keyword files: a keyword
// with a `plan` hook records its value here (and shares its predicate with its closure). What a
// plan does not take runs as closures (`rest`). Errors are always collected by the closures
// (`check`); spec/plan.spec.ts holds both to the same verdicts.
import { ARRAY, BOOLEAN, INTEGER, isJsonObject, NULL, NUMBER, OBJECT, STRING, typeOf, type TypeMask } from "../json/type-of.js";
import { hasAtLeastChars } from "../keywords/validation/minLength.js";
import { hasAtMostChars } from "../keywords/validation/maxLength.js";
import { ABSENT, declaredValue } from "../keywords/applicator/properties.js";
import { findDuplicate } from "../keywords/validation/uniqueItems.js";
import type { Check, EvalState } from "./types.js";

// Which rules a plan holds (bits of Plan.rules), grouped by the kind of instance they apply to.
export const MINIMUM = 1;
export const MAXIMUM = 2;
export const EXCLUSIVE_MINIMUM = 4;
export const EXCLUSIVE_MAXIMUM = 8;
export const MIN_LENGTH = 16;
export const MAX_LENGTH = 32;
export const MIN_ITEMS = 64;
export const MAX_ITEMS = 128;
export const ITEMS = 256;
export const MIN_PROPERTIES = 512;
export const MAX_PROPERTIES = 1024;
/** `properties` alone: declared names read directly. */
export const PROPERTIES = 2048;
/** `properties` with `additionalProperties` (no patterns): one pass over the instance's own keys. */
export const OWN_KEYS = 4096;
export const REQUIRED = 8192;
export const ENUM = 16384;
export const CONST = 32768;
// Subschemas applied to the instance itself.
export const REF = 1 << 17;
export const ALL_OF = 1 << 18;
export const ANY_OF = 1 << 19;
export const ONE_OF = 1 << 20;
export const NOT = 1 << 21;
export const IF = 1 << 22;
/** `unevaluatedProperties`, with the evaluated names known at compile time (evaluated-names.ts). */
export const UNEVALUATED_PROPERTIES = 1 << 23;
export const PATTERN = 1 << 24;
export const UNIQUE_ITEMS = 1 << 25;
/** Not planned: runPlan calls the schema's closures (`rest`). Cleared once the hooks have filled the plan. */
export const WHOLE = 1 << 26;
/** ENUM with many values: `allowed` is a Set instead of an array. */
export const ENUM_SET = 1 << 27;
/** Set by finishPlan: `type: object` with OWN_KEYS, and REQUIRED of declared names only (a closed object, or one of many names); runPlan runs it by a shorter way (keysOnlyHold). */
const KEYS_ONLY = 1 << 28;
const IN_PLACE_RULES = REF | ALL_OF | ANY_OF | ONE_OF | NOT | IF;
const NUMBER_RULES = MINIMUM | MAXIMUM | EXCLUSIVE_MINIMUM | EXCLUSIVE_MAXIMUM;
const STRING_RULES = MIN_LENGTH | MAX_LENGTH | PATTERN;
const ARRAY_RULES = MIN_ITEMS | MAX_ITEMS | ITEMS | UNIQUE_ITEMS;
const OBJECT_RULES = MIN_PROPERTIES | MAX_PROPERTIES | PROPERTIES | OWN_KEYS | REQUIRED | UNEVALUATED_PROPERTIES;

/** No `type` keyword: unlike a mask that lists every type, it lets non-JSON values through. */
const UNTYPED = -1;

const NO_NAMES: readonly string[] = [];
const NO_PLANS: readonly Plan[] = [];

/** One schema object (or boolean schema) as data for runPlan. Every plan has the same fields, so reading them stays monomorphic; the groups of rules a schema does not use are not allocated. */
export class Plan {
  /** What the plan holds (the bits above); WHOLE: nothing, `rest` is the schema's full Check. */
  rules = WHOLE;
  /** The closures of the keywords the plan does not hold; undefined when it holds them all. */
  rest: Check | undefined;
  /** The `type` keyword's mask; UNTYPED (every bit) without one. */
  types: TypeMask = UNTYPED;
  bounds: Bounds | undefined = undefined;
  shape: Shape | undefined = undefined;
  applied: Applied | undefined = undefined;
  items: Plan | undefined = undefined;
  /** ENUM: the allowed primitives, an array (a Set with ENUM_SET); structured values are left to the closure. CONST: the one allowed primitive. */
  allowed: unknown = undefined;

  constructor(rest: Check | undefined) {
    this.rest = rest;
  }
}

/**
 * The limits of the bound keywords and `pattern`. One lower and one upper slot serve every kind
 * of instance (the rules bits say which keyword set them): a schema seldom bounds two kinds, and
 * when it does, the second kind's keywords stay closures (see planLimit()).
 */
export class Bounds {
  low = 0;
  high = 0;
  exclusiveLow = 0;
  exclusiveHigh = 0;
  pattern: RegExp | undefined = undefined;
}

const LOW = MINIMUM | MIN_LENGTH | MIN_ITEMS | MIN_PROPERTIES;
const HIGH = MAXIMUM | MAX_LENGTH | MAX_ITEMS | MAX_PROPERTIES;

/** A bound keyword's plan hook: records its limit, or returns false when another kind's keyword holds the slot. */
export function planLimit(plan: Plan, rule: number, value: number): boolean {
  const bounds = boundsOf(plan);
  if ((rule & LOW) !== 0) {
    if ((plan.rules & LOW) !== 0) return false;
    bounds.low = value;
  } else if ((rule & HIGH) !== 0) {
    if ((plan.rules & HIGH) !== 0) return false;
    bounds.high = value;
  } else if (rule === EXCLUSIVE_MINIMUM) bounds.exclusiveLow = value;
  else bounds.exclusiveHigh = value;
  plan.rules |= rule;
  return true;
}

/** properties, additionalProperties, required. */
export class Shape {
  /** The declared names and their plans. */
  names: readonly string[] = NO_NAMES;
  kids: readonly Plan[] = NO_PLANS;
  /** PROPERTIES (at most 4 names): bit i is set when Object.prototype also has names[i]. */
  inherited = 0;
  /** OWN_KEYS: the index of each declared name (only when there are many), and what other keys must satisfy (undefined: anything; null: nothing). */
  index: ReadonlyMap<string, number> | undefined = undefined;
  additional: Plan | null | undefined = undefined;
  required: readonly string[] = NO_NAMES;
  /** With OWN_KEYS or PROPERTIES: the first `requiredDeclared` names are required, and counted in the key loop. */
  requiredDeclared = 0;
  unevaluated: Unevaluated | undefined = undefined;
}

/** UNEVALUATED_PROPERTIES: when each name counts as evaluated (EvaluatedNames), and what the other names must satisfy (null: nothing). */
export class Unevaluated {
  /** The names some in-place subschema declares, and for each its (mask, want) pairs. */
  readonly names: readonly string[];
  readonly when: readonly (readonly number[])[];
  /** The index of each name, only when there are many. */
  readonly index: ReadonlyMap<string, number> | undefined;

  constructor(
    names: ReadonlyMap<string, readonly number[]>,
    readonly conditions: readonly Plan[],
    readonly other: Plan | null,
  ) {
    this.names = [...names.keys()];
    this.when = [...names.values()];
    this.index = this.names.length > INDEX_ABOVE ? new Map(this.names.map((name, i) => [name, i])) : undefined;
  }
}

/** The in-place subschemas: a $ref's target, allOf/anyOf/oneOf, not, if/then/else. */
export class Applied {
  ref: Plan | undefined = undefined;
  allOf: readonly Plan[] = NO_PLANS;
  anyOf: readonly Plan[] = NO_PLANS;
  oneOf: readonly Plan[] = NO_PLANS;
  not: Plan | undefined = undefined;
  condition: Plan | undefined = undefined;
  then: Plan | undefined = undefined;
  otherwise: Plan | undefined = undefined;
}

/**
 * The plan a parent keeps for a finished subschema's plan. One that does nothing but follow a
 * `$ref` stands for its target (one call fewer per value); one that only tests `type` is shared
 * by every schema (plans never change once compiled).
 */
export function followed(plan: Plan): Plan {
  if (plan.rest !== undefined) return plan;
  if (plan.rules === REF && plan.types === UNTYPED) return plan.applied!.ref!;
  if (plan.rules !== 0) return plan;
  let shared = TYPE_ONLY.get(plan.types);
  if (shared === undefined) TYPE_ONLY.set(plan.types, (shared = plan));
  return shared;
}

const TYPE_ONLY = new Map<TypeMask, Plan>();

export const boundsOf = (plan: Plan): Bounds => (plan.bounds ??= new Bounds());
export const shapeOf = (plan: Plan): Shape => (plan.shape ??= new Shape());
export const appliedOf = (plan: Plan): Applied => (plan.applied ??= new Applied());

export function runPlan(plan: Plan, instance: unknown, state: EvalState): boolean {
  const rules = plan.rules;
  if ((rules & KEYS_ONLY) !== 0) return keysOnlyHold(plan.shape!, instance, state);
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
        if ((rules & OBJECT_RULES) !== 0 && !objectHolds(plan, rules, instance as Record<string, unknown>, plain && state.forIn, state)) return false;
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
  if ((rules & REF) !== 0 && !runPlan(applied.ref!, instance, state)) return false;
  if ((rules & ALL_OF) !== 0) {
    const all = applied.allOf;
    for (let i = 0; i < all.length; i++) if (!runPlan(all[i]!, instance, state)) return false;
  }
  if ((rules & ANY_OF) !== 0) {
    const any = applied.anyOf;
    let i = 0;
    while (i < any.length && !runPlan(any[i]!, instance, state)) i++;
    if (i === any.length) return false;
  }
  if ((rules & ONE_OF) !== 0) {
    const one = applied.oneOf;
    let matches = 0;
    for (let i = 0; i < one.length; i++) if (runPlan(one[i]!, instance, state) && ++matches > 1) return false;
    if (matches === 0) return false;
  }
  if ((rules & NOT) !== 0 && runPlan(applied.not!, instance, state)) return false;
  if ((rules & IF) !== 0) {
    const branch = runPlan(applied.condition!, instance, state) ? applied.then : applied.otherwise;
    if (branch !== undefined && !runPlan(branch, instance, state)) return false;
  }
  return true;
}

/** The rules a plan for scalar values holds: `type` (any), the number and string rules, enum and const. */
const SCALAR_RULES = NUMBER_RULES | STRING_RULES | ENUM | ENUM_SET | CONST;

const isScalarPlan = (plan: Plan): boolean => (plan.rules & ~SCALAR_RULES) === 0 && plan.rest === undefined;

/** A plan for arrays only, bounding their length and holding items to a scalar plan. */
const isScalarArrayPlan = (plan: Plan): boolean =>
  plan.types === ARRAY && (plan.rules & ~(MIN_ITEMS | MAX_ITEMS | ITEMS)) === 0 && plan.rest === undefined && plan.items !== undefined && isScalarPlan(plan.items);

/** runPlan for a plan isScalarArrayPlan accepts. */
function scalarArrayHolds(plan: Plan, value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  const rules = plan.rules;
  if ((rules & MIN_ITEMS) !== 0 && value.length < plan.bounds!.low) return false;
  if ((rules & MAX_ITEMS) !== 0 && value.length > plan.bounds!.high) return false;
  if ((rules & ITEMS) !== 0) {
    const items = plan.items!;
    for (let i = 0; i < value.length; i++) if (!scalarHolds(items, value[i])) return false;
  }
  return true;
}

/** runPlan for a plan isScalarPlan accepts. */
function scalarHolds(plan: Plan, value: unknown): boolean {
  const rules = plan.rules;
  const types = plan.types;
  switch (typeof value) {
    case "number":
      if ((types !== UNTYPED && !numberIsOf(types, value)) || ((rules & NUMBER_RULES) !== 0 && !numberHolds(plan, rules, value))) return false;
      break;
    case "string":
      if ((types & STRING) === 0 || ((rules & STRING_RULES) !== 0 && !stringHolds(plan, rules, value))) return false;
      break;
    default:
      if (types !== UNTYPED && (typeOf(value) & types) === 0) return false;
  }
  return (rules & (ENUM | CONST)) === 0 || allowedHold(plan, rules, value);
}

/** ENUM and CONST: the value is one of the allowed primitives, compared as their closures compare them. */
function allowedHold(plan: Plan, rules: number, value: unknown): boolean {
  if ((rules & ENUM) !== 0 && !((rules & ENUM_SET) !== 0 ? (plan.allowed as ReadonlySet<unknown>).has(value) : (plan.allowed as readonly unknown[]).includes(value))) return false;
  return (rules & CONST) === 0 || value === plan.allowed;
}

/** typeOf(n) & types, for a number: NaN and the infinities are no JSON type. */
function numberIsOf(types: TypeMask, n: number): boolean {
  return Number.isInteger(n) ? (types & (NUMBER | INTEGER)) !== 0 : (types & NUMBER) !== 0 && Number.isFinite(n);
}

// Each comparison is the one its keyword's closure makes (NaN fails every bound, as there).
function numberHolds(plan: Plan, rules: number, n: number): boolean {
  const bounds = plan.bounds!;
  if ((rules & MINIMUM) !== 0 && !(n >= bounds.low)) return false;
  if ((rules & MAXIMUM) !== 0 && !(n <= bounds.high)) return false;
  if ((rules & EXCLUSIVE_MINIMUM) !== 0 && !(n > bounds.exclusiveLow)) return false;
  return (rules & EXCLUSIVE_MAXIMUM) === 0 || n < bounds.exclusiveHigh;
}

function stringHolds(plan: Plan, rules: number, s: string): boolean {
  if ((rules & MIN_LENGTH) !== 0 && !hasAtLeastChars(s, plan.bounds!.low)) return false;
  if ((rules & MAX_LENGTH) !== 0 && !hasAtMostChars(s, plan.bounds!.high)) return false;
  return (rules & PATTERN) === 0 || plan.bounds!.pattern!.test(s);
}

function arrayHolds(plan: Plan, rules: number, array: readonly unknown[], state: EvalState): boolean {
  if ((rules & MIN_ITEMS) !== 0 && array.length < plan.bounds!.low) return false;
  if ((rules & MAX_ITEMS) !== 0 && array.length > plan.bounds!.high) return false;
  if ((rules & ITEMS) !== 0) {
    // Items that are scalars (tags, coordinates) or arrays of scalars (points, matrix rows) are
    // tested in these loops, without a call to runPlan each.
    const items = plan.items!;
    if (isScalarPlan(items)) {
      for (let i = 0; i < array.length; i++) if (!scalarHolds(items, array[i])) return false;
    } else if (isScalarArrayPlan(items)) {
      for (let i = 0; i < array.length; i++) if (!scalarArrayHolds(items, array[i])) return false;
    } else {
      for (let i = 0; i < array.length; i++) if (!runPlan(items, array[i], state)) return false;
    }
  }
  return (rules & UNIQUE_ITEMS) === 0 || findDuplicate(array) === undefined;
}

/**
 * After the hooks ran, for the key loops: required names that are also declared move to the
 * front of the names, to be counted there (an own key is seen exactly once) instead of looked
 * up one by one; then the names are indexed when there are many.
 */
export function finishPlan(plan: Plan): void {
  if ((plan.rules & (OWN_KEYS | PROPERTIES)) === 0) return;
  const shape = plan.shape!;
  if ((plan.rules & REQUIRED) !== 0) {
    const required = new Set(shape.required);
    const order = shape.names.map((_, i) => i).sort((a, b) => Number(required.has(shape.names[b]!)) - Number(required.has(shape.names[a]!)));
    const { names, kids } = shape;
    shape.names = order.map((i) => names[i]!);
    shape.kids = order.map((i) => kids[i]!);
    shape.requiredDeclared = names.filter((name) => required.has(name)).length;
    const undeclared = shape.required.filter((name) => !names.includes(name));
    shape.required = undeclared.length === 0 ? NO_NAMES : undeclared;
  }
  if ((plan.rules & PROPERTIES) !== 0) shape.inherited = shape.names.reduce((bits, name, i) => (name in Object.prototype ? bits | (1 << i) : bits), 0);
  if (shape.names.length > INDEX_ABOVE) shape.index = new Map(shape.names.map((name, i) => [name, i]));
  if ((plan.rules & ~(OWN_KEYS | REQUIRED)) === 0 && plan.rest === undefined && plan.types === OBJECT && shape.required.length === 0) plan.rules |= KEYS_ONLY;
}

/** runPlan's steps for a KEYS_ONLY plan, and no others. */
function keysOnlyHold(shape: Shape, instance: unknown, state: EvalState): boolean {
  if (typeof instance !== "object" || instance === null || Array.isArray(instance)) return false;
  const plain = isPlain(instance, state);
  if (!plain && !isJsonObject(instance)) return false;
  return ownKeysHold(shape, instance as Record<string, unknown>, plain && state.forIn, state);
}

/**
 * The prototype is Object.prototype or null: the object is JSON, and for…in may list its own
 * keys. Reading a prototype is a builtin call V8 does not inline here, so the last plain object
 * is remembered (EvalState.plain): the in-place subschemas of one object ask about it again.
 */
function isPlain(object: object, state: EvalState): boolean {
  if (object === state.plain) return true;
  const proto: unknown = Object.getPrototypeOf(object);
  if (proto !== OBJECT_PROTOTYPE && proto !== null) return false;
  state.plain = object;
  return true;
}

/** Whether for…in over a plain object lists its own keys only: Object.prototype has no enumerable names (EvalState.forIn). */
export function ownKeysOnly(): boolean {
  for (const _ in OBJECT_PROTOTYPE) return false;
  return true;
}

const OBJECT_PROTOTYPE: object = Object.prototype;

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
          if (runPlan(u.conditions[31 - Math.clz32(bit)]!, object, state)) passed |= bit;
        }
        known |= mask;
        evaluated = ((passed ^ pairs[p + 1]!) & mask) === 0;
      }
    }
    if (!evaluated && (u.other === null || !runPlan(u.other, object[key], state))) return false;
  }
  return true;
}

/**
 * `properties` alone (and the required names it declares). A small object is scanned with
 * for…in (its values read by the enum cache) and its keys matched against the few names; a
 * larger one has the names read as the closure reads them (declaredValue). A scan stops at
 * SCAN_KEYS keys: what it checked is checked again.
 */
function declaredHold(shape: Shape, object: Record<string, unknown>, forIn: boolean, state: EvalState): boolean {
  const { names, kids, inherited, requiredDeclared } = shape;
  if (forIn) {
    let seen = 0;
    let required = 0;
    for (const key in object) {
      if (++seen > SCAN_KEYS) break;
      const i = indexOfName(names, undefined, key);
      if (i < 0) continue;
      if (!runPlan(kids[i]!, object[key], state)) return false;
      if (i < requiredDeclared) required++;
    }
    if (seen <= SCAN_KEYS) return required === requiredDeclared;
  }
  for (let i = 0; i < names.length; i++) {
    const value = declaredValue(object, names[i]!, ((inherited >> i) & 1) !== 0);
    if (value === ABSENT ? i < requiredDeclared : !runPlan(kids[i]!, value, state)) return false;
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

/** Where `key` is in `names` (-1: not there), found in `index` when the names have one. */
function indexOfName(names: readonly string[], index: ReadonlyMap<string, number> | undefined, key: string): number {
  if (index !== undefined) return index.get(key) ?? -1;
  let i = names.length - 1;
  while (i >= 0 && names[i] !== key) i--;
  return i;
}

/** One own key of ownKeysHold: -1 when its value fails, 1 when it is a required declared name, else 0. */
function ownKeyHolds(shape: Shape, key: string, value: unknown, state: EvalState): number {
  const i = indexOfName(shape.names, shape.index, key);
  const additional = shape.additional;
  if (i >= 0) return !runPlan(shape.kids[i]!, value, state) ? -1 : i < shape.requiredDeclared ? 1 : 0;
  return additional === undefined || (additional !== null && runPlan(additional, value, state)) ? 0 : -1;
}

/** What a keyword's `plan` hook gets: the plan being filled, and the plans of subschemas. */
export interface Planning {
  readonly plan: Plan;
  /** The plan of the subschema at this schema's pointer plus `segments` (e.g. "properties", name). */
  subplan(value: unknown, ...segments: (string | number)[]): Plan;
  /** The plan of a `$ref`'s target, when following it needs nothing but its verdict (no memo, no dynamic scope). */
  refPlan(reference: string): Plan | undefined;
  /** unevaluatedProperties: the names its in-place subschemas evaluate, and the plans of the conditions, when the compiler found them static (else it tracks). */
  evaluatedNames(): { names: ReadonlyMap<string, readonly number[]>; conditions: readonly Plan[] } | undefined;
}

/** Declared names the instance's key loop looks up in a Map instead of scanning. */
const INDEX_ABOVE = 8;
