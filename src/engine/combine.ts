// Joins a schema object's keyword Checks into one. Keywords that constrain one instance type are
// skipped for other types; small counts of untyped checks get unrolled closures.
import { ANY, ARRAY, BOOLEAN, INTEGER, isJsonObject, NULL, NUMBER, OBJECT, STRING, type TypeMask } from "../json/type-of.js";
import type { Check } from "./types.js";

export interface Step {
  readonly check: Check;
  readonly appliesTo: TypeMask | undefined;
}

const TRUE: Check = () => true;

/** A schema's `type` when it names one type: its mask and the keyword's own Check (which reports). */
export interface SingleType {
  readonly mask: TypeMask;
  readonly check: Check;
}

/**
 * With one `type`, the common shape: the type is tested inline once, then only the keywords of
 * that type (and untyped ones) run, with no per-keyword kind test. A failed type falls back to
 * the general loop when all errors are wanted (keywords of the instance's own kind still report).
 */
export function combineTyped(type: SingleType, steps: readonly Step[]): Check {
  const kind = type.mask & INTEGER ? NUMBER : type.mask;
  const relevant = steps.filter((step) => step.appliesTo === undefined || (step.appliesTo & kind) !== 0).map((step) => step.check);
  const fallback = combine([{ check: type.check, appliesTo: undefined }, ...steps]);
  const fail = type.check;
  const mask = type.mask;
  switch (relevant.length) {
    case 0:
      // Keywords of other kinds still report on an instance of their kind when all errors are wanted.
      return steps.length === 0 ? fail : (instance, state, at) => (state.allErrors ? fallback(instance, state, at) : fail(instance, state, at));
    case 1: {
      const only = relevant[0]!;
      return (instance, state, at) => (isOfType(mask, instance) ? only(instance, state, at) : state.allErrors ? fallback(instance, state, at) : fail(instance, state, at));
    }
    default: {
      const count = relevant.length;
      return (instance, state, at) => {
        if (!isOfType(mask, instance)) return state.allErrors ? fallback(instance, state, at) : fail(instance, state, at);
        let valid = true;
        for (let i = 0; i < count; i++) {
          if (relevant[i]!(instance, state, at)) continue;
          if (!state.allErrors) return false;
          valid = false;
        }
        return valid;
      };
    }
  }
}

/** The `type` test for one type name's mask (a direct call, so V8 inlines it). */
function isOfType(mask: TypeMask, instance: unknown): boolean {
  switch (mask) {
    case STRING:
      return typeof instance === "string";
    case OBJECT:
      return isJsonObject(instance);
    case ARRAY:
      return Array.isArray(instance);
    case INTEGER:
      return Number.isInteger(instance);
    case NUMBER | INTEGER:
      return typeof instance === "number" && Number.isFinite(instance);
    case BOOLEAN:
      return typeof instance === "boolean";
    default:
      return instance === null;
  }
}

export function combine(steps: readonly Step[]): Check {
  if (steps.length === 0) return TRUE;
  if (steps.every((step) => step.appliesTo === undefined)) return all(steps.map((step) => step.check));
  if (steps.length === 1) return guard(steps[0]!.appliesTo!, steps[0]!.check);
  // One loop per schema object: the instance's type is read once, and a keyword that constrains
  // another type is skipped without a call.
  const checks = steps.map((step) => step.check);
  const masks = steps.map((step) => step.appliesTo ?? ANY);
  const count = checks.length;
  return (instance, state, at) => {
    const type = kindOf(instance);
    let valid = true;
    for (let i = 0; i < count; i++) {
      if ((masks[i]! & type) === 0 || checks[i]!(instance, state, at)) continue;
      if (!state.allErrors) return false;
      valid = false;
    }
    return valid;
  };
}

/** Which group of keywords applies: like typeOf, but any number is a number and any non-array object an object. */
export function kindOf(instance: unknown): TypeMask {
  // typeof tests, not a switch on typeof (run-plan.ts says why).
  if (typeof instance === "object") return instance === null ? NULL : Array.isArray(instance) ? ARRAY : OBJECT;
  if (typeof instance === "string") return STRING;
  return typeof instance === "number" ? NUMBER : BOOLEAN;
}

/** Runs `check` only for instances of the given kind; other kinds pass. */
function guard(mask: TypeMask, check: Check): Check {
  switch (mask) {
    case STRING:
      return (instance, state, at) => typeof instance !== "string" || check(instance, state, at);
    case NUMBER:
      return (instance, state, at) => typeof instance !== "number" || check(instance, state, at);
    case ARRAY:
      return (instance, state, at) => !Array.isArray(instance) || check(instance, state, at);
    default:
      return (instance, state, at) => typeof instance !== "object" || instance === null || Array.isArray(instance) || check(instance, state, at);
  }
}

/** Every check must pass; after a failure the rest run only when all errors are wanted. */
export function all(checks: readonly Check[]): Check {
  switch (checks.length) {
    case 0:
      return TRUE;
    case 1:
      return checks[0]!;
    case 2: {
      const [a, b] = checks as [Check, Check];
      return (instance, state, at) => (a(instance, state, at) ? b(instance, state, at) : state.allErrors && b(instance, state, at) && false);
    }
    case 3: {
      const [a, b, c] = checks as [Check, Check, Check];
      return (instance, state, at) => {
        if (a(instance, state, at)) return b(instance, state, at) ? c(instance, state, at) : state.allErrors && c(instance, state, at) && false;
        if (!state.allErrors) return false;
        b(instance, state, at);
        c(instance, state, at);
        return false;
      };
    }
    default:
      return (instance, state, at) => {
        let valid = true;
        for (let i = 0; i < checks.length; i++) {
          if (!checks[i]!(instance, state, at)) {
            if (!state.allErrors) return false;
            valid = false;
          }
        }
        return valid;
      };
  }
}
