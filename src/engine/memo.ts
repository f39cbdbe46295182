// Remembering results within one validation, so evaluation cost stays polynomial: a schema whose
// $defs refer to each other twice per level ($defs chains through anyOf/allOf/oneOf) would
// otherwise evaluate 2^N paths, and so would a recursive reference on data that holds one object
// or array at many places (a DAG: x = { a: x, b: x } forty times over is 41 values and 2^40
// paths). A node's result on an instance value depends only on the node, the value and (when a
// dynamic reference can land in several places) what of the dynamic scope can change where it
// lands, so it is computed once and reused.
// Memoization starts only after MEMO_AFTER reference crossings, so ordinary validations allocate nothing.
// On a large document whose values are each reached once (an OpenAPI document against its
// schema), lookups mostly miss and cost more than evaluating again: the memo then rests, for
// MEMO_REST crossings after each run of MEMO_EPOCH lookups of which fewer than a quarter found a
// result. Each such run adds over 3/4 · MEMO_EPOCH results it keeps, so resting crossings number
// at most 28/3 times the (node, value) pairs: the bound stays polynomial (README "Hostile input").
import { Evaluated } from "./evaluated.js";
import { ERROR_WORK, MEMO_EPOCH, MEMO_REST } from "../limits.js";
import { full, pastCap } from "./report.js";
import type { EvalState, InstancePath, ScopeEntry } from "./types.js";
import { TextKeys } from "../json/text-keys.js";
import { sameNaN } from "./depth.js";

export interface MemoNode {
  check: (instance: unknown, state: EvalState, at: InstancePath) => boolean;
}

/** A success that produced output annotations (detailed/verbose/basic formats): they belong at each place it is reached. */
class Annotated {
  constructor(
    readonly evaluated: Evaluated | undefined,
    readonly reach: number,
  ) {}
}

/** A success that evaluated these properties/items (the tracking closures). */
class Tracked {
  constructor(
    readonly evaluated: Evaluated,
    readonly reach: number,
  ) {}
}

/**
 * false: invalid. A success keeps how deep it was found (reachOf): a number, or Tracked, or
 * Annotated (above). It holds wherever the value is reached as deep or less; deeper, the value
 * may pass maxDataDepth, and it is evaluated again (a value shared by reference, met shallow
 * first, was accepted deep past the limit).
 */
export type MemoEntry = false | number | Tracked | Annotated;

const reachIn = (entry: number | Tracked | Annotated): number => (typeof entry === "number" ? entry : entry.reach);

/**
 * How deep a value is met, for the memo: twice its data depth (EvalState.depth), plus one unless
 * it is the value the enclosing count entered (EvalState.deepest). A by-value crossing in place
 * counts a level into another value and none into the entered one (depth.ts): a success found on
 * the entered value does not hold at the same depth where the value is not the entered one.
 */
function reachOf(state: EvalState, instance: unknown): number {
  const deepest = state.deepest;
  return 2 * state.depth + (instance === deepest || sameNaN(instance, deepest) ? 0 : 1);
}

/** One validation's remembered results, by node, and the lookups of its current run. */
export class Memo {
  /** By node: by value, or (under dynamic references) by scope key and then by value. */
  readonly tables = new Map<object, Map<unknown, unknown>>();
  lookups = 0;
  hits = 0;
  /** The crossing (EvalState.calls) from which it looks up again. */
  wakeAt = 0;
  /** The tables' keys for long strings (text-keys.ts: V8 hashes them by length alone). */
  readonly texts = new TextKeys();
}

/** A value's key in the tables: itself, or a long string's token. */
function keyOf(memo: Memo, instance: unknown): unknown {
  return typeof instance === "string" ? memo.texts.keyOf(instance) : instance;
}

/** Whether a crossing past MEMO_AFTER looks up and keeps its result: the memo is not resting. */
export function memoAwake(state: EvalState): boolean {
  return state.memo === undefined || state.calls >= state.memo.wakeAt;
}

/** Counts a lookup; at the end of a run with fewer than a quarter found, the memo rests. */
function weigh(memo: Memo, found: boolean, calls: number): void {
  if (found) memo.hits++;
  if (++memo.lookups < MEMO_EPOCH) return;
  if (memo.hits * 4 < MEMO_EPOCH) memo.wakeAt = calls + 1 + MEMO_REST; // the next MEMO_REST crossings
  memo.lookups = 0;
  memo.hits = 0;
}

/** What of the dynamic scope can change a result (Registry.scopeKey); undefined when no dynamic reference can. */
export type ScopeKey = ((scope: readonly ScopeEntry[]) => string) | undefined;

function tableFor(state: EvalState, memo: Memo, node: MemoNode, scopeKey: ScopeKey): Map<unknown, MemoEntry> {
  let byNode = memo.tables.get(node);
  if (byNode === undefined) memo.tables.set(node, (byNode = new Map()));
  if (scopeKey === undefined) return byNode as Map<unknown, MemoEntry>;
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
  const memo = (state.memo ??= new Memo());
  const table = tableFor(state, memo, node, scopeKey);
  const key = keyOf(memo, instance);
  const entry = table.get(key) as MemoEntry | undefined;
  // A success found deeper than here holds here too; one found shallower is evaluated again.
  const reach = reachOf(state, instance);
  const found = entry === false || (entry !== undefined && reach <= reachIn(entry));
  weigh(memo, found, state.calls);
  if (found && typeof entry === "number") return true;
  if (found && entry instanceof Tracked) {
    state.ev!.merge(entry.evaluated);
    return true;
  }
  if (entry === false) {
    // A quiet question (report.ts quiet) drops the units and the annotations of what fails: only
    // a pass that shows them follows a known failure again.
    if (state.errors === undefined || state.dropping) return false;
    if (overBudget(state)) return false;
  }
  if (found && entry instanceof Annotated && (state.annotations === undefined || overBudget(state))) {
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
    table.set(key, !ok ? false : annotated(state, annotations) ? new Annotated(own, reach) : new Tracked(own, reach));
  } else {
    ok = node.check(instance, state, at);
    table.set(key, !ok ? false : annotated(state, annotations) ? new Annotated(undefined, reach) : reach);
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
  if (full(state)) {
    pastCap(state);
    return true;
  }
  if (state.work < ERROR_WORK) return false;
  state.skipped = true;
  return true;
}

/**
 * A recursive reference's plan (run-plan.ts) on a container, reusing the verdict this pass found
 * for the same value, once past MEMO_AFTER crossings and while the memo is awake (the same
 * resting rule). A value found valid is valid wherever it is reached as deep or less (reachOf;
 * deeper, it may pass maxDataDepth: it is evaluated again); one found invalid is invalid.
 */
export function rememberedVerdict<P extends object>(plan: P, instance: object, state: EvalState, holds: (plan: P, instance: unknown, state: EvalState) => boolean): boolean {
  const memo = (state.memo ??= new Memo());
  let table = memo.tables.get(plan);
  if (table === undefined) memo.tables.set(plan, (table = new Map()));
  const entry = table.get(instance) as number | false | undefined;
  const reach = reachOf(state, instance);
  const known = entry === false || (entry !== undefined && reach <= entry);
  weigh(memo, known, state.calls);
  if (known) return entry !== false;
  const ok = holds(plan, instance, state);
  table.set(instance, ok ? reach : false);
  return ok;
}
