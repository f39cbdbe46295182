// The data-depth limit (compile's `maxDataDepth`). Only a reference that can lead back to itself
// (gate/recursion.ts) takes evaluation deeper than the schema is nested, so only its crossings
// count. Each one enters a deeper value, unless the schema can reach a counted reference in place
// from a counted one's landing (Recursion.byValue): then only a crossing into another value than
// the one the enclosing count entered goes deeper (EvalState.deepest: the root value, level 0, as
// a pass starts, so a crossing that never leaves the root counts nothing). Past the limit
// evaluation stops with DataTooDeep, which the Validator turns into one `$depth` unit: the same
// verdict in a fresh process and a warm one. Plans count in run-plan.ts (countedRefHolds),
// closures here.
import { madeHere } from "../errors.js";
import type { Check, EvalState } from "./types.js";

/** Evaluation followed recursive references more than `limit` values deep. */
export class DataTooDeep extends Error {
  override readonly name = "DataTooDeep";
  constructor(readonly limit: number) {
    super(`the data is nested more than ${limit} levels deep where the schema recurses (option maxDataDepth)`);
    madeHere(this);
  }
}

/** Past the limit: kept apart so that the counting paths stay small enough to inline. */
export function tooDeep(state: EvalState): never {
  throw new DataTooDeep(state.maxDataDepth);
}

/** `check` behind a recursive reference. */
export function counted(check: Check, byValue: boolean): Check {
  if (!byValue) {
    return (instance, state, at) => {
      if (++state.depth > state.maxDataDepth) tooDeep(state);
      const ok = check(instance, state, at);
      state.depth--;
      return ok;
    };
  }
  return (instance, state, at) => {
    const outer = state.deepest;
    if (instance === outer || sameNaN(instance, outer)) return check(instance, state, at);
    if (++state.depth > state.maxDataDepth) tooDeep(state);
    state.deepest = instance;
    const ok = check(instance, state, at);
    state.deepest = outer;
    state.depth--;
    return ok;
  };
}

/** NaN is the value the enclosing count entered, though NaN !== NaN: a crossing in place into it counts no level. */
export function sameNaN(instance: unknown, outer: unknown): boolean {
  return instance !== instance && outer !== outer;
}
