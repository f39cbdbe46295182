// A compiled schema: isValid (boolean, the fast path), validate (errors), assert (throws).
import type { Check, EvalState, OutputUnit } from "./engine/types.js";
import { ValidationError } from "./errors.js";

export type ValidationResult = { valid: true } | { valid: false; errors: OutputUnit[] };

export interface ValidateOptions {
  /** Collect every error (the default) or stop at the first. */
  allErrors?: boolean;
}

const VALID: ValidationResult = Object.freeze({ valid: true });

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
    const valid = this.#root(data, state, undefined);
    state.scope.length = 0;
    state.ev = undefined;
    this.#idle = state;
    return valid;
  }

  validate(data: unknown, options?: ValidateOptions): ValidationResult {
    const errors: OutputUnit[] = [];
    const valid = this.#root(data, newState(errors, options?.allErrors ?? true), undefined);
    return valid ? VALID : { valid: false, errors };
  }

  assert(data: unknown): asserts data is T {
    const result = this.validate(data);
    if (!result.valid) throw new ValidationError(result.errors);
  }
}
