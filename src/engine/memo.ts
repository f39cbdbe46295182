// Remembering results within one validation, so evaluation cost stays polynomial: a schema whose
// $defs refer to each other twice per level ($defs chains through anyOf/allOf/oneOf) would
// otherwise evaluate 2^N paths. A node's result on an instance value depends only on the node, the
// value and (when $dynamicRef is used) the dynamic scope, so it is computed once and reused.
// Memoization starts only after MEMO_AFTER reference crossings, so ordinary validations allocate nothing.
import { Evaluated } from "./evaluated.js";
import { evaluationPath, pointerOf, report } from "./report.js";
import type { EvalState, InstancePath, Where } from "./types.js";

export interface MemoNode {
  check: (instance: unknown, state: EvalState, at: InstancePath) => boolean;
}

/** Where the errors of a failed (node, value) were reported the first time. */
export interface Reported {
  readonly keywordLocation: string;
  readonly instanceLocation: string;
}

/** true: valid; Evaluated: valid, with these annotations; false: invalid (boolean mode); Reported: invalid, errors shown. */
export type MemoEntry = boolean | Evaluated | Reported;
export type Memo = Map<object, Map<unknown, MemoEntry>>;

function tableFor(state: EvalState, node: MemoNode, scoped: boolean): Map<unknown, MemoEntry> {
  const memo = (state.memo ??= new Map());
  let byNode = memo.get(node);
  if (byNode === undefined) memo.set(node, (byNode = new Map()));
  if (!scoped) return byNode;
  // Under $dynamicRef the result also depends on the resources in scope, outermost first.
  const scope = state.scope.map((entry) => entry.uri).join(" ");
  let byScope = byNode.get(scope) as Map<unknown, MemoEntry> | undefined;
  if (byScope === undefined) byNode.set(scope, (byScope = new Map()));
  return byScope;
}

/** Evaluates `node` on `instance`, reusing an earlier result for the same value when there is one. */
export function remembered(node: MemoNode, where: Where, tracking: boolean, scoped: boolean, instance: unknown, state: EvalState, at: InstancePath): boolean {
  const table = tableFor(state, node, scoped);
  const entry = table.get(instance);
  if (entry === true) return true;
  if (entry instanceof Evaluated) {
    state.ev!.merge(entry);
    return true;
  }
  if (entry !== undefined && state.errors === undefined) return false;
  // A failure already shown is referred to, not listed again.
  if (entry !== undefined && entry !== false) return report(state, at, where, instance, entry);
  let ok: boolean;
  if (tracking) {
    const outer = state.ev!;
    const own = new Evaluated();
    state.ev = own;
    ok = node.check(instance, state, at);
    state.ev = outer;
    if (ok) outer.merge(own);
    table.set(instance, ok ? own : false);
  } else {
    ok = node.check(instance, state, at);
    table.set(instance, ok);
  }
  if (!ok && state.errors !== undefined) {
    table.set(instance, { keywordLocation: evaluationPath(state, where.ptr), instanceLocation: pointerOf(at) });
  }
  return ok;
}
