// The tests of one scalar value against a plan's rules (type, number and string bounds, enum,
// const), and the loops over arrays of scalars: the leaves run-plan.ts reaches, which call no
// plan in turn. Each comparison is the one the keyword's closure makes.
import { INTEGER, NUMBER, STRING, typeOf, type TypeMask } from "../json/type-of.js";
import { atLeastChars, atMostChars } from "./string-verdicts.js";
import { isMultipleOf } from "../json/multiple-of.js";
import type { Members } from "../json/member-set.js";
import { CONST, ENUM, EXCLUSIVE_MAXIMUM, EXCLUSIVE_MINIMUM, ITEMS, MAX_ITEMS, MAX_LENGTH, MAXIMUM, MIN_ITEMS, MIN_LENGTH, MINIMUM, MULTIPLE_OF, NUMBER_RULES, PATTERN, STRING_RULES, UNTYPED, type Plan } from "./plan.js";

/** runPlan for a SCALAR_ARRAY plan. */
export function scalarArrayHolds(plan: Plan, value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  const rules = plan.rules;
  if ((rules & MIN_ITEMS) !== 0 && value.length < plan.bounds!.low) return false;
  if ((rules & MAX_ITEMS) !== 0 && value.length > plan.bounds!.high) return false;
  return (rules & ITEMS) === 0 || scalarItemsPass(plan.items!, value) === value.length;
}

/** runPlan for a SCALAR_TUPLE plan. */
export function scalarTupleHolds(plan: Plan, value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  const rules = plan.rules;
  if ((rules & MIN_ITEMS) !== 0 && value.length < plan.bounds!.low) return false;
  if ((rules & MAX_ITEMS) !== 0 && value.length > plan.bounds!.high) return false;
  const prefix = plan.bounds!.prefix;
  const count = Math.min(prefix.length, value.length);
  for (let i = 0; i < count; i++) if (!scalarHolds(prefix[i]!, value[i])) return false;
  if ((rules & ITEMS) === 0) return true;
  const items = plan.items!;
  for (let i = prefix.length; i < value.length; i++) if (!scalarHolds(items, value[i])) return false;
  return true;
}

/**
 * How many items, from the first, hold a SCALAR plan (the array's length: all of them; else the
 * index of the first that fails, for validate()'s witness); items that need only be numbers
 * (`type: number`, no number rules) by finiteNumbers.
 */
export function scalarItemsPass(items: Plan, array: readonly unknown[]): number {
  if (items.types === (NUMBER | INTEGER) && (items.rules & ~STRING_RULES) === 0) return finiteNumbers(array);
  let i = 0;
  while (i < array.length && scalarHolds(items, array[i])) i++;
  return i;
}

/**
 * Every item is a finite number (coordinates, vectors). No item is passed on to a function, so V8
 * reads a double array's items unboxed: through scalarHolds, canada's coordinates took 1.7x as long.
 */
function finiteNumbers(array: readonly unknown[]): number {
  for (let i = 0; i < array.length; i++) {
    const value = array[i];
    if (typeof value !== "number" || !Number.isFinite(value)) return i;
  }
  return array.length;
}

/** runPlan for a SCALAR plan. */
export function scalarHolds(plan: Plan, value: unknown): boolean {
  const rules = plan.rules;
  const types = plan.types;
  if (typeof value === "number") {
    if ((types !== UNTYPED && !numberIsOf(types, value)) || ((rules & NUMBER_RULES) !== 0 && !numberHolds(plan, rules, value))) return false;
  } else if (typeof value === "string") {
    if ((types & STRING) === 0 || ((rules & STRING_RULES) !== 0 && !stringHolds(plan, rules, value))) return false;
  } else if (types !== UNTYPED && (typeOf(value) & types) === 0) return false;
  return (rules & (ENUM | CONST)) === 0 || allowedValueHolds(plan, rules, value);
}

/** ENUM and CONST: the value is one of the allowed primitives, compared as their closures compare them. */
export function allowedValueHolds(plan: Plan, rules: number, value: unknown): boolean {
  if ((rules & ENUM) !== 0) {
    const allowed = plan.allowed as readonly unknown[] | Members;
    if (!(Array.isArray(allowed) ? allowed.includes(value) : (allowed as Members).has(value))) return false;
  }
  return (rules & CONST) === 0 || value === plan.allowed;
}

/** typeOf(n) & types, for a number: NaN and the infinities are no JSON type. */
export function numberIsOf(types: TypeMask, n: number): boolean {
  return Number.isInteger(n) ? (types & (NUMBER | INTEGER)) !== 0 : (types & NUMBER) !== 0 && Number.isFinite(n);
}

// Each comparison is the one its keyword's closure makes (NaN fails every bound, as there).
export function numberHolds(plan: Plan, rules: number, n: number): boolean {
  const bounds = plan.bounds!;
  if ((rules & MINIMUM) !== 0 && !(n >= bounds.low)) return false;
  if ((rules & MAXIMUM) !== 0 && !(n <= bounds.high)) return false;
  if ((rules & EXCLUSIVE_MINIMUM) !== 0 && !(n > bounds.low)) return false;
  if ((rules & EXCLUSIVE_MAXIMUM) !== 0 && !(n < bounds.high)) return false;
  return (rules & MULTIPLE_OF) === 0 || isMultipleOf(n, bounds.divisor, bounds.scale);
}

export function stringHolds(plan: Plan, rules: number, s: string): boolean {
  if ((rules & MIN_LENGTH) !== 0 && !atLeastChars(s, plan.bounds!.low)) return false;
  if ((rules & MAX_LENGTH) !== 0 && !atMostChars(s, plan.bounds!.high)) return false;
  return (rules & PATTERN) === 0 || plan.bounds!.pattern!.test(s);
}
