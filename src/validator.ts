// A compiled schema: isValid (boolean, the fast path), validate (errors), assert (throws).
import type { Check, EvalState, OutputUnit } from "./engine/types.js";
import { ValidationError } from "./errors.js";

export type ValidationResult = { valid: true } | { valid: false; errors: OutputUnit[] };

export interface ValidateOptions {
  /** Collect every error (the default) or stop at the first. */
  allErrors?: boolean;
}

const VALID: ValidationResult = Object.freeze({ valid: true });

/** What validate reports when evaluation ran out of stack (see docs/architecture.md, "Stack safety"). */
function depthError(): OutputUnit {
  return {
    keywordLocation: "",
    instanceLocation: "",
    error: "evaluation exceeded the maximum call depth: the data is nested too deeply, or the schema recurses without consuming input",
    keyword: "$depth",
    params: {},
  };
}

function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

function newState(errors: OutputUnit[] | undefined, allErrors: boolean): EvalState {
  return { errors, allErrors, ev: undefined, scope: [], refs: [] };
}

export class Validator<T = unknown> {
  readonly #root: Check;
  /** A boolean-mode state kept between isValid calls, so the fast path allocates nothing. */
  #idle: EvalState | undefined = newState(undefined, false);

  /** @internal Use compile(). */
  constructor(root: Check, readonly schema: unknown) {
    this.#root = root;
  }

  isValid(data: unknown): data is T {
    const state = this.#idle ?? newState(undefined, false);
    this.#idle = undefined; // a re-entrant call (from inside a check) gets its own state
    let valid: boolean;
    try {
      valid = this.#root(data, state, undefined);
    } catch (error) {
      if (!isStackOverflow(error)) throw error;
      return false; // the state is left behind: a fresh one is made next time
    }
    this.#idle = state;
    return valid;
  }

  validate(data: unknown, options?: ValidateOptions): ValidationResult {
    const errors: OutputUnit[] = [];
    let valid: boolean;
    try {
      valid = this.#root(data, newState(errors, options?.allErrors ?? true), undefined);
    } catch (error) {
      if (!isStackOverflow(error)) throw error;
      return { valid: false, errors: [depthError()] };
    }
    return valid ? VALID : { valid: false, errors };
  }

  assert(data: unknown): asserts data is T {
    const result = this.validate(data);
    if (!result.valid) throw new ValidationError(result.errors);
  }
}
