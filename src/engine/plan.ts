// The boolean pass's fast path. Closures calling closures are megamorphic call sites V8 cannot
// inline, and they made every schema object cost several calls. A Plan holds a schema object's
// common keywords as plain data; runPlan (run-plan.ts) interprets plans.
//
// Which keywords a plan takes, and their boolean meaning, stay in the keyword files: a keyword
// with a `plan` hook records its value here (and shares its predicate with its closure). What a
// plan does not take runs as closures (`rest`). Errors are always collected by the closures
// (`check`); spec/plan.spec.ts holds both to the same verdicts.
import { ARRAY, OBJECT, type TypeMask } from "../json/type-of.js";
import type { Gather } from "./gather.js";
import type { Check } from "./types.js";
import type { Matcher } from "../regex/matcher.js";
import { scaleOf } from "../json/multiple-of.js";

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
/** `prefixItems`: the first items each against its own plan (Bounds.prefix); ITEMS then starts after them. */
export const PREFIX_ITEMS = 1 << 16;
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
/** `contains` with its minContains and maxContains (Bounds.contains). */
export const CONTAINS = 1 << 27;
/** `multipleOf` (Bounds.divisor). */
export const MULTIPLE_OF = 1 << 28;
// (Rules stay below 2^30, a small integer for V8 on every platform.)

/**
 * A plan's kind (Plan.kind), set by finishPlan: the kinds of plan that run by functions of their
 * own (see holds() in run-plan.ts), GENERAL for the others (runPlan). KEYS_ONLY: `type: object`
 * with OWN_KEYS, and REQUIRED of declared names only (a closed object, or one of many names).
 * DECLARED_ONLY: the same with PROPERTIES, the type object or none. SCALAR: nothing but `type` and
 * the number, string, enum and const rules. SCALAR_ARRAY: `type: array` with items of a SCALAR
 * plan, and its length bounds.
 */
export const GENERAL = 0;
export const KEYS_ONLY = 1;
export const DECLARED_ONLY = 2;
export const SCALAR = 3;
export const SCALAR_ARRAY = 4;
/** Not set by finishPlan: a recursive reference's target (applied.ref) behind the data-depth count (countedPlan), by crossing or by value. */
export const COUNTED = 5;
export const COUNTED_BY_VALUE = 6;
/** `type: array` with PREFIX_ITEMS of SCALAR plans, ITEMS of a SCALAR plan or none, and its length bounds (points, pairs). */
export const SCALAR_TUPLE = 7;
/** The kinds' names, by value (for the specs). */
export const KIND_NAMES = ["GENERAL", "KEYS_ONLY", "DECLARED_ONLY", "SCALAR", "SCALAR_ARRAY", "COUNTED", "COUNTED_BY_VALUE", "SCALAR_TUPLE"] as const;
export const IN_PLACE_RULES = REF | ALL_OF | ANY_OF | ONE_OF | NOT | IF;
export const NUMBER_RULES = MINIMUM | MAXIMUM | EXCLUSIVE_MINIMUM | EXCLUSIVE_MAXIMUM | MULTIPLE_OF;
export const STRING_RULES = MIN_LENGTH | MAX_LENGTH | PATTERN;
export const ARRAY_RULES = MIN_ITEMS | MAX_ITEMS | ITEMS | PREFIX_ITEMS | UNIQUE_ITEMS | CONTAINS;
export const OBJECT_RULES = MIN_PROPERTIES | MAX_PROPERTIES | PROPERTIES | OWN_KEYS | REQUIRED | UNEVALUATED_PROPERTIES;

/** No `type` keyword: unlike a mask that lists every type, it lets non-JSON values through. */
export const UNTYPED = -1;

const NO_NAMES: readonly string[] = [];
const NO_PLANS: readonly Plan[] = [];

/** One schema object (or boolean schema) as data for runPlan. Every plan has the same fields, so reading them stays monomorphic; the groups of rules a schema does not use are not allocated. */
export class Plan {
  /** What the plan holds (the bits above); WHOLE: nothing, `rest` is the schema's full Check. */
  rules = WHOLE;
  /** How holds() runs it (GENERAL, KEYS_ONLY, ...). */
  kind = GENERAL;
  /** The closures of the keywords the plan does not hold; undefined when it holds them all. */
  rest: Check | undefined;
  /** The `type` keyword's mask; UNTYPED (every bit) without one. */
  types: TypeMask = UNTYPED;
  bounds: Bounds | undefined = undefined;
  shape: Shape | undefined = undefined;
  applied: Applied | undefined = undefined;
  items: Plan | undefined = undefined;
  /** ENUM: the allowed primitives, an array (json/member-set.ts membersIn when there are many); structured values are left to the closure. CONST: the one allowed primitive. */
  allowed: unknown = undefined;
  /** The schema object's loop number (loop-numbers.ts), when it is in the root document and a keyword's loop records (it read ctx.location): where a failing loop tells validate()'s error pass what passed (witness.ts). */
  location: number | undefined = undefined;

  constructor(rest: Check | undefined) {
    this.rest = rest;
  }
}

/**
 * What the rules that need more than their bit hold: the limits of the bound keywords, `pattern`,
 * multipleOf's divisor, `contains` and the prefix plans (kept here, not in Plan, which every
 * schema object has). One lower and one upper slot serve every kind of instance and both
 * strictness (the rules bits say which keyword set them): a schema seldom bounds two kinds, or a
 * number both ways from one side, and when it does, the second keyword stays a closure (see planLimit()).
 */
export class Bounds {
  low = 0;
  high = 0;
  divisor = 1;
  /** The divisor's scale (json/multiple-of.ts scaleOf). */
  scale = 0;
  pattern: Matcher | undefined = undefined;
  contains: Contains | undefined = undefined;
  /** PREFIX_ITEMS: the plans of the first items, one each. */
  prefix: readonly Plan[] = NO_PLANS;
}

/** CONTAINS: how many items must hold `plan`, at least and at most. */
export class Contains {
  constructor(
    readonly plan: Plan,
    readonly min: number,
    readonly max: number,
  ) {}
}

const LOW = MINIMUM | EXCLUSIVE_MINIMUM | MIN_LENGTH | MIN_ITEMS | MIN_PROPERTIES;
const HIGH = MAXIMUM | EXCLUSIVE_MAXIMUM | MAX_LENGTH | MAX_ITEMS | MAX_PROPERTIES;

/** A bound keyword's plan hook: records its limit, or returns false when another keyword holds the slot. */
export function planLimit(plan: Plan, rule: number, value: number): boolean {
  const bounds = boundsOf(plan);
  if ((rule & LOW) !== 0) {
    if ((plan.rules & LOW) !== 0) return false;
    bounds.low = value;
  } else {
    if ((plan.rules & HIGH) !== 0) return false;
    bounds.high = value;
  }
  plan.rules |= rule;
  return true;
}

/** properties, additionalProperties, required. */
export class Shape {
  /** The declared names and their plans. */
  names: readonly string[] = NO_NAMES;
  kids: readonly Plan[] = NO_PLANS;
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
  /** Set when the subschemas only declare names: one key scan serves them all (gather.ts). */
  gather: Gather | undefined = undefined;
}

/**
 * The plan a parent keeps for a finished subschema's plan. One that does nothing but follow a
 * `$ref` stands for its target (one call fewer per value). A leaf that tests only `type`, or a
 * primitive `const` and perhaps `type`, is shared by every schema that has the same leaf (plans
 * never change once compiled): type masks are few, and a tool schema's discriminators
 * ("kind": {"const": "text"}) recur across the schemas a server keeps.
 */
export function followed(plan: Plan): Plan {
  if (plan.rest !== undefined) return plan;
  if (plan.rules === REF && plan.types === UNTYPED && plan.kind === GENERAL) return plan.applied!.ref!;
  const key = plan.rules === 0 ? plan.types : plan.rules === CONST && plan.kind === SCALAR ? constKey(plan.types, plan.allowed) : undefined;
  if (key === undefined) return plan;
  let shared = SHARED_LEAVES.get(key);
  // Bounded: every type mask (at most 128), and SHARED_CONSTS const leaves; past that a schema keeps its own.
  if (shared === undefined && (typeof key === "number" || consts++ < SHARED_CONSTS)) {
    plan.location = undefined; // no longer one schema object's: it names no loop (witness.ts)
    SHARED_LEAVES.set(key, (shared = plan));
  }
  return shared ?? plan;
}

/** A const leaf's key in SHARED_LEAVES (undefined: too long to keep). */
function constKey(types: TypeMask, value: unknown): string | undefined {
  const key = `${types} ${typeof value} ${String(value)}`;
  return key.length <= CONST_KEY_LENGTH ? key : undefined;
}

/** The shared leaf plans: by type mask, or by constKey(). */
const SHARED_LEAVES = new Map<TypeMask | string, Plan>();
let consts = 0;
const SHARED_CONSTS = 1024;
const CONST_KEY_LENGTH = 80;

/**
 * What a recursive reference (gate/recursion.ts) plans to: its target, entered through the count
 * of EvalState.depth (run-plan.ts countedRefHolds). REF keeps followed() from taking it for a
 * type-only plan.
 */
export function countedPlan(target: Plan, byValue: boolean): Plan {
  const plan = new Plan(undefined);
  plan.rules = REF;
  plan.kind = byValue ? COUNTED_BY_VALUE : COUNTED;
  appliedOf(plan).ref = target;
  return plan;
}

export const boundsOf = (plan: Plan): Bounds => (plan.bounds ??= new Bounds());

/** multipleOf (its value checked by the keyword's compile). */
export function planMultipleOf(plan: Plan, divisor: number): true {
  const bounds = boundsOf(plan);
  bounds.divisor = divisor;
  bounds.scale = scaleOf(divisor);
  plan.rules |= MULTIPLE_OF;
  return true;
}

export const shapeOf = (plan: Plan): Shape => (plan.shape ??= new Shape());
export const appliedOf = (plan: Plan): Applied => (plan.applied ??= new Applied());

/** The rules a SCALAR plan may hold. */
const SCALAR_RULES = NUMBER_RULES | STRING_RULES | ENUM | CONST;

/** After the hooks ran (or for the empty plan of `true`): the key loops' order, and the plan's kind. */
export function finishPlan(plan: Plan): void {
  const { rules, rest, items } = plan;
  if ((rules & (OWN_KEYS | PROPERTIES)) !== 0) finishShape(plan);
  else if (rest !== undefined) return;
  else if ((rules & ~SCALAR_RULES) === 0) plan.kind = SCALAR;
  else if (plan.types === ARRAY && (rules & ~(MIN_ITEMS | MAX_ITEMS | ITEMS)) === 0 && items !== undefined && items.kind === SCALAR) plan.kind = SCALAR_ARRAY;
  else if (plan.types === ARRAY && (rules & ~(MIN_ITEMS | MAX_ITEMS | ITEMS | PREFIX_ITEMS)) === 0 && (rules & PREFIX_ITEMS) !== 0 && plan.bounds!.prefix.every((first) => first.kind === SCALAR) && (items === undefined || items.kind === SCALAR)) plan.kind = SCALAR_TUPLE;
}

/**
 * For the key loops: required names that are also declared move to the front of the names, to be
 * counted there (an own key is seen exactly once) instead of looked up one by one; then the names
 * are indexed when there are many.
 */
function finishShape(plan: Plan): void {
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
  if (shape.names.length > INDEX_ABOVE) shape.index = new Map(shape.names.map((name, i) => [name, i]));
  if (plan.rest !== undefined || shape.required.length !== 0) return;
  if ((plan.rules & ~(OWN_KEYS | REQUIRED)) === 0 && plan.types === OBJECT) plan.kind = KEYS_ONLY;
  else if ((plan.rules & ~(PROPERTIES | REQUIRED)) === 0 && (plan.types === OBJECT || plan.types === UNTYPED)) plan.kind = DECLARED_ONLY;
}

/** The plan of a declared property's subschema (for the explainer), if the plan holds `properties`. */
export function declaredPlan(plan: Plan | undefined, name: string): Plan | undefined {
  const shape = plan?.shape;
  if (shape === undefined) return undefined;
  const i = shape.index?.get(name) ?? shape.names.indexOf(name);
  return i < 0 ? undefined : shape.kids[i];
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
