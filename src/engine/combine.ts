// Joins a schema object's keyword Checks into one. Keywords that constrain one instance type are
// grouped behind a single type test; small counts get unrolled closures (monomorphic and short).
import { ARRAY, isJsonObject, NUMBER, OBJECT, STRING, type TypeMask } from "../json/type-of.js";
import type { Check } from "./types.js";

export interface Step {
  readonly check: Check;
  readonly appliesTo: TypeMask | undefined;
}

const TRUE: Check = () => true;

export function combine(steps: readonly Step[]): Check {
  // A slot is a Check, or the type mask of a group that sits where its first member was,
  // keeping cheap checks first.
  const groups = new Map<TypeMask, Check[]>();
  const slots: (Check | TypeMask)[] = [];
  for (const { check, appliesTo } of steps) {
    if (appliesTo === undefined) {
      slots.push(check);
      continue;
    }
    const group = groups.get(appliesTo);
    if (group !== undefined) group.push(check);
    else {
      groups.set(appliesTo, [check]);
      slots.push(appliesTo);
    }
  }
  return all(slots.map((slot) => (typeof slot === "number" ? guard(slot, all(groups.get(slot)!)) : slot)));
}

/** Runs `check` only for instances of the given type; other types pass. */
function guard(mask: TypeMask, check: Check): Check {
  switch (mask) {
    case STRING:
      return (instance, state, at) => typeof instance !== "string" || check(instance, state, at);
    case NUMBER:
      return (instance, state, at) => typeof instance !== "number" || check(instance, state, at);
    case ARRAY:
      return (instance, state, at) => !Array.isArray(instance) || check(instance, state, at);
    case OBJECT:
      return (instance, state, at) => !isJsonObject(instance) || check(instance, state, at);
    default:
      throw new Error(`schemagate internal error: no guard for type mask ${mask}`);
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
