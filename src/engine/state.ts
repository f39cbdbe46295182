// A fresh evaluation state (engine/types.ts EvalState): the validator's passes and the explainer's questions start from one.
import { ownKeysOnly } from "./plain-objects.js";
import type { EvalState, OutputUnit } from "./types.js";

/** Boolean mode when `errors` is undefined. */
export function newState(errors: OutputUnit[] | undefined, allErrors: boolean, maxErrors: number, maxDataDepth: number, redact = false): EvalState {
  return { errors, allErrors, ev: undefined, scope: [], refs: [], calls: 0, memo: undefined, units: 0, maxErrors, text: 0, work: 0, skipped: false, dropping: false, annotations: undefined, notes: 0, noteText: 0, notesCut: false, trace: undefined, forIn: ownKeysOnly(), keys: undefined, met: undefined, duplicates: undefined, structures: undefined, values: [], top: 0, depth: 0, deepest: undefined, maxDataDepth, redact, witness: undefined }; // a reused state has them set again as each boolean pass starts (Validator#verdict)
}

/**
 * A kept state made what newState would make, for validate()'s next error pass (Validator#errors):
 * an invalid instance then allocates no state. `values` keeps its slots, which a pass that
 * returned leaves ABSENT (run-object.ts); an array a pass left non-empty is replaced (setting
 * `length` costs more than a new array).
 */
export function renewState(state: EvalState, errors: OutputUnit[], allErrors: boolean, maxErrors: number, maxDataDepth: number, redact: boolean): EvalState {
  letGo(state);
  state.errors = errors;
  state.allErrors = allErrors;
  state.maxErrors = maxErrors;
  state.maxDataDepth = maxDataDepth;
  state.redact = redact;
  state.forIn = ownKeysOnly();
  state.units = state.text = state.work = state.top = state.depth = state.notes = state.noteText = 0;
  state.skipped = state.dropping = state.notesCut = false;
  state.ev = state.annotations = state.trace = state.deepest = state.witness = undefined;
  if (state.scope.length !== 0) state.scope = [];
  if (state.refs.length !== 0) state.refs = [];
  return state;
}

/** Lets go of what a pass found about the caller's data, as a state is kept for the next pass (Validator's idle state, the explainer's asking one). */
export function letGo(state: EvalState): void {
  state.memo = undefined;
  state.calls = 0;
  state.keys = undefined;
  state.met = undefined;
  state.duplicates = undefined;
  state.structures = undefined;
  state.deepest = undefined; // the explainer's asking state copies its run's
}
