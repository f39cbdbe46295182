// Remembering results within one validation, so evaluation cost stays polynomial: a schema whose
// $defs refer to each other twice per level ($defs chains through anyOf/allOf/oneOf) would
// otherwise evaluate 2^N paths. A node's result on an instance value depends only on the node, the
// value and (when a dynamic reference can land in several places) what of the dynamic scope can
// change where it lands, so it is computed once and reused.
// Memoization starts only after MEMO_AFTER reference crossings, so ordinary validations allocate nothing.
import { Evaluated } from "./evaluated.js";
import { ERROR_WORK } from "../limits.js";
import { pastCap } from "./report.js";
import type { EvalState, InstancePath, ScopeEntry } from "./types.js";

export interface MemoNode {
  check: (instance: unknown, state: EvalState, at: InstancePath) => boolean;
}

/** A success that produced output annotations (detailed/verbose/basic formats): they belong at each place it is reached. */
class Annotated {
  constructor(readonly evaluated: Evaluated | undefined) {}
}

/** true: valid; Evaluated: valid, with these evaluated properties/items; Annotated: see above; false: invalid. */
export type MemoEntry = boolean | Evaluated | Annotated;
export type Memo = Map<object, Map<unknown, MemoEntry>>;

/** What of the dynamic scope can change a result (Registry.scopeKey); undefined when no dynamic reference can. */
export type ScopeKey = ((scope: readonly ScopeEntry[]) => string) | undefined;

function tableFor(state: EvalState, node: MemoNode, scopeKey: ScopeKey): Map<unknown, MemoEntry> {
  const memo = (state.memo ??= new Map());
  let byNode = memo.get(node);
  if (byNode === undefined) memo.set(node, (byNode = new Map()));
  if (scopeKey === undefined) return byNode;
  // Under dynamic references the result also depends on the scope, but only on what can change where they land.
  const scope = scopeKey(state.scope);
  let byScope = byNode.get(scope) as Map<unknown, MemoEntry> | undefined;
  if (byScope === undefined) byNode.set(scope, (byScope = new Map()));
  return byScope;
}

/**
 * Evaluates `node` on `instance`, reusing an earlier result for the same value when there is one.
 * A known failure is evaluated again while errors are collected (its errors belong at this new
 * place), and so is a success that produced output annotations; but only while fewer than
 * ERROR_WORK units were made in this pass and the output is not full: every such evaluation
 * makes at least one unit, so that bounds them. Past that, the result is reused and the output
 * is marked as cut.
 */
export function remembered(node: MemoNode, tracking: boolean, scopeKey: ScopeKey, instance: unknown, state: EvalState, at: InstancePath): boolean {
  const table = tableFor(state, node, scopeKey);
  const entry = table.get(instance);
  if (entry === true) return true;
  if (entry instanceof Evaluated) {
    state.ev!.merge(entry);
    return true;
  }
  if (entry === false) {
    if (state.errors === undefined) return false;
    if (overBudget(state)) return false;
  }
  if (entry instanceof Annotated && (state.annotations === undefined || overBudget(state))) {
    if (entry.evaluated !== undefined) state.ev!.merge(entry.evaluated);
    return true;
  }
  const annotations = state.annotations === undefined ? -1 : state.annotations.length;
  let ok: boolean;
  if (tracking) {
    const outer = state.ev!;
    const own = new Evaluated();
    state.ev = own;
    ok = node.check(instance, state, at);
    state.ev = outer;
    if (ok) outer.merge(own);
    table.set(instance, !ok ? false : annotated(state, annotations) ? new Annotated(own) : own);
  } else {
    ok = node.check(instance, state, at);
    table.set(instance, ok && annotated(state, annotations) ? new Annotated(undefined) : ok);
  }
  return ok;
}

/** The evaluation just made added output annotations. */
function annotated(state: EvalState, before: number): boolean {
  return before >= 0 && state.annotations!.length > before;
}

/**
 * Past the pass's budget a known result is not followed again. With the output full, it counts as
 * one more unit past the cap (pastCap: validate's pass ends there; in an annotating pass a list it
 * would have added to is marked cut, and one whose anyOf drops it is not); past the work budget
 * with room left, the output is marked cut outright.
 */
function overBudget(state: EvalState): boolean {
  if (state.units >= state.maxErrors) {
    pastCap(state);
    return true;
  }
  if (state.work < ERROR_WORK) return false;
  state.skipped = true;
  return true;
}
