// Recording errors. Everything here costs nothing in boolean mode (state.errors undefined).
import { pointerToFragment, slashSegment } from "../json/pointer.js";
import { MAX_OUTPUT_TEXT, QUIET_DEPTH } from "../limits.js";
import type { AnnotationUnit, Check, EvalState, Explain, Explanation, InstancePath, Location, OutputUnit, Where } from "./types.js";
import { jsonStart, plainTag } from "../json/json-start.js";
import { quote } from "../json/quote.js";
import { keysOf } from "./once-per-pass.js";
import { shortenStart } from "../output/shorten.js";
import { below, innermost } from "./ref-crossings.js";
import { isStackOverflow } from "../errors.js";

/** The explanation of a place that never reports (annotations, reference frames). */
export const SILENT: Explain<undefined> = () => ({ error: "", params: {} });

/** Records an error when errors are collected; always returns false, so checks end in `ok || report(...)`. */
export function report(state: EvalState, at: InstancePath, where: Where, instance: unknown, detail?: unknown): false {
  const errors = state.errors;
  if (errors === undefined) return false;
  state.work++;
  if (full(state)) return pastCap(state);
  state.units++;
  if (state.dropping) return false; // counted, then dropped with the rest (quiet)
  const refs = state.refs;
  const top = innermost(refs);
  const keywordLocation = below(top, where.ptr);
  if (longerThanOutput(keywordLocation)) {
    state.units--;
    return pastCap(state);
  }
  const { error, params } = explained(state, where, instance, detail);
  const absolute = top !== undefined || where.identified ? where.absolute : undefined;
  const unit: OutputUnit =
    absolute !== undefined
      ? { keywordLocation, instanceLocation: pointerOf(at), absoluteKeywordLocation: absolute, error, keyword: where.keyword, params }
      : { keywordLocation, instanceLocation: pointerOf(at), error, keyword: where.keyword, params };
  errors.push(unit);
  state.text += keywordLocation.length + unit.instanceLocation.length + error.length + (absolute === undefined ? 0 : absolute.length) + paramsText(params);
  state.trace?.units.set(unit, top);
  return false;
}

/**
 * The output holds maxErrors units, or MAX_OUTPUT_TEXT characters of their locations, messages
 * and params: an instance location holds every key above its value, and params a property name
 * or the schema's allowed values whole, so long keys or a large enum over many errors would make
 * a list too large to print, join or serialize (a location's length is read, never its text).
 */
export function full(state: EvalState): boolean {
  return state.units >= state.maxErrors || state.text > MAX_OUTPUT_TEXT;
}

/** Whether the pass's list was cut: a unit counted past maxErrors, or one the text bound left out (the result's `truncated`). */
export function cut(state: EvalState): boolean {
  return state.units > state.maxErrors || state.skipped;
}

/**
 * Counts a unit past the cap (full()), which nothing records (the result says the list was cut).
 * validate()'s pass then stops as a first-error pass does, at the next failure of each check it
 * is in: nothing found later could change the result. (It used to throw, and a throw costs more
 * than the rest of a small pass.) An annotating pass goes on (its quiet() questions count units
 * and take them back).
 */
export function pastCap(state: EvalState): false {
  if (state.units < state.maxErrors) state.skipped = true; // cut by its text: units alone would not say so
  state.units++;
  if (state.annotations === undefined) state.allErrors = false;
  return false;
}

/**
 * A unit's message and params, with showData and show set for this pass (redact, its key
 * listing). What was set before is put back: a getter of the data may run a validation of its
 * own meanwhile, and the outer message then goes on as it began. An explanation that throws (a
 * getter of the data) ends its pass, and the call that catches it puts back what it found
 * (explainingNow, resumeExplaining; no finally on every unit): left set, every later explanation
 * would put the dead pass back as "before", and its key listing would keep the data for good.
 */
function explained(state: EvalState, where: Where, instance: unknown, detail: unknown): Explanation {
  const outerRedacting = redacting;
  const outerListing = listing;
  redacting = state.redact;
  listing = state;
  const explanation = where.explain(where.data, instance, detail);
  redacting = outerRedacting;
  listing = outerListing;
  return explanation;
}

/** The pass whose unit is being explained as a call starts (undefined for none): validator.ts gives it back to resumeExplaining when the call's pass throws. */
export function explainingNow(): EvalState | undefined {
  return listing;
}

/** Puts back what explained() had set as the call began (`state`: what explainingNow gave; the redaction switch is that pass's). */
export function resumeExplaining(state: EvalState | undefined): void {
  listing = state;
  redacting = state?.redact === true;
}

/** Whether the next report() records a unit: errors are collected and the output is not full (else it only counts). */
export function records(state: EvalState): boolean {
  return state.errors !== undefined && !full(state);
}

/**
 * One unit whose keyword location alone passes the output's text bound: a long key repeated along
 * a path of references crossed at every level of the data (a 60,000-character pattern nested in
 * a recursion gave 121 million characters for 6 KB of data). It is left out and the list says it
 * was cut; the location's length is read, never its text (the crossings' paths are concatenations).
 */
function longerThanOutput(keywordLocation: string): boolean {
  return keywordLocation.length > MAX_OUTPUT_TEXT;
}

/**
 * Whether the annotations are full: maxErrors of them, or MAX_OUTPUT_TEXT characters of their
 * locations and values (a list of evaluated names holds the object's keys: a thousand subschemas
 * over an object of 100,000 keys would list 100,000,000). Counted apart from the errors, and
 * never taken back (a failing subschema drops its annotations, not the work of making them).
 * A full list marks itself cut; the caller then makes no annotation.
 */
export function annotationsFull(state: EvalState): boolean {
  if (state.notes < state.maxErrors && state.noteText <= MAX_OUTPUT_TEXT) return false;
  state.notesCut = true;
  return true;
}

/** Records a successful keyword's annotation (annotating compiles only). */
export function annotate(state: EvalState, at: InstancePath, where: Where, annotation: unknown): void {
  const annotations = state.annotations;
  if (annotations === undefined || annotationsFull(state)) return;
  const refs = state.refs;
  const keywordLocation = below(innermost(state.refs), where.ptr);
  if (longerThanOutput(keywordLocation)) {
    state.notesCut = true;
    return;
  }
  state.notes++;
  const instanceLocation = pointerOf(at);
  const absolute = refs.length > 0 || where.identified ? where.absolute : undefined; // made in the unit: assigned, it would run a setter on Object.prototype
  const unit: AnnotationUnit = absolute === undefined ? { keywordLocation, instanceLocation, keyword: where.keyword, annotation } : { keywordLocation, instanceLocation, keyword: where.keyword, annotation, absoluteKeywordLocation: absolute };
  annotations.push(unit);
  state.noteText += keywordLocation.length + instanceLocation.length + (absolute === undefined ? 0 : absolute.length) + textOf(annotation);
  state.trace?.units.set(unit, innermost(refs));
}

/**
 * The JSON text length of a schema value that annotations carry whole (`default`, `examples`,
 * `contentSchema`), weighed once as the annotating variant compiles. The value is shared in
 * memory, but each annotation repeats it when the output is serialized: a 300 KB contentSchema
 * over 500 items made 157 million characters.
 */
const VALUE_TEXT = new WeakMap<object, number>();

/** Weighs a keyword's own value that its annotations carry (meta-data and content keywords). */
export function weighAnnotationValue(value: unknown): void {
  if (typeof value === "object" && value !== null && !VALUE_TEXT.has(value)) VALUE_TEXT.set(value, JSON.stringify(value).length);
}

/** About the characters a unit's own params add to the output, as textOf counts them (none inherited). */
function paramsText(params: Record<string, unknown>): number {
  let n = 0;
  for (const name in params) if (Object.hasOwn(params, name)) n += textOf(params[name]);
  return n;
}

/**
 * About the characters a value of an annotation or of params adds to the output: a string's; the
 * JSON text of a schema value handed out whole (frozen and shared: weighed once, by identity); a
 * list made for the unit (evaluated names, item indices) by its entries; one for another value.
 */
function textOf(value: unknown): number {
  if (typeof value === "string") return value.length;
  if (typeof value !== "object" || value === null) return 1;
  let weighed = VALUE_TEXT.get(value);
  if (weighed === undefined && Object.isFrozen(value)) VALUE_TEXT.set(value, (weighed = JSON.stringify(value).length));
  if (weighed !== undefined) return weighed;
  if (!Array.isArray(value)) return 1;
  let n = value.length; // a separator each
  for (const entry of value) n += typeof entry === "string" ? entry.length : typeof entry === "number" ? digitsOf(entry) : 1;
  return n;
}

/** The characters of an item index (contains lists up to one per item): counted, not written out. */
function digitsOf(index: number): number {
  if (!(Number.isInteger(index) && index >= 0)) return String(index).length;
  let digits = 1;
  for (let rest = index; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  return digits;
}

export function absoluteLocation(where: Location): string {
  return where.base + "#" + pointerToFragment(where.ptr.slice(where.baseLength));
}

/** The path of a child instance; the parent path itself in boolean mode (nothing is allocated). */
export function childPath(state: EvalState, at: InstancePath, key: string | number): InstancePath {
  return state.errors === undefined ? at : pathTo(at, key, undefined);
}

/**
 * The path of the value at `key` below `at` (every path made in one place: they share one shape).
 * `segment`: the key's slashSegment when the caller keeps it (a declared name), else made when a
 * unit's location first needs it.
 */
export function pathTo(at: InstancePath, key: string | number, segment: string | undefined): InstancePath {
  return { parent: at, key, depth: at === undefined ? 1 : at.depth + 1, pointer: undefined, segment };
}

/**
 * The slashSegments of a keyword's declared property names, each made when an error pass first
 * goes down to one (most are never reported under): an instance location then costs one
 * concatenation per level, not an escape check and two.
 */
export class DeclaredSegments {
  /** One own entry per name (no holes, whose reads would find a numeric name set on Object.prototype). */
  readonly #segments: (string | undefined)[];
  constructor(readonly names: readonly string[]) {
    this.#segments = names.map(() => undefined);
  }

  /** childPath for the value of names[i]. */
  path(state: EvalState, at: InstancePath, i: number): InstancePath {
    return state.errors === undefined ? at : pathTo(at, this.names[i]!, (this.#segments[i] ??= slashSegment(this.names[i]!)));
  }
}

/**
 * The JSON Pointer of an instance path. It is kept on the path and on its parent: the units of one
 * value, and of its siblings, share them (and a deep path's is not written again for each).
 */
export function pointerOf(at: InstancePath): string {
  return at === undefined ? "" : (at.pointer ??= parentPointer(at.parent) + (at.segment ?? slashSegment(at.key)));
}

/** pointerOf(parent), written up from the nearest path that has its pointer, without recursion (a path is as deep as the data). */
function parentPointer(parent: InstancePath): string {
  if (parent === undefined) return "";
  if (parent.pointer !== undefined) return parent.pointer;
  let out = "";
  let p: InstancePath = parent;
  for (; p !== undefined && p.pointer === undefined; p = p.parent) out = (p.segment ?? slashSegment(p.key)) + out;
  return (parent.pointer = (p === undefined ? "" : p.pointer) + out);
}

/**
 * Runs a check for a subschema whose errors are never shown (not, if, contains): in boolean mode,
 * or, while annotations are collected, into a scratch list (paths are still needed then).
 */
export function quiet(check: Check, instance: unknown, state: EvalState, at: InstancePath): boolean {
  const errors = state.errors;
  if (errors === undefined) return check(instance, state, at);
  const all = state.allErrors;
  const units = state.units;
  const work = state.work;
  const dropping = state.dropping;
  // An annotating pass keeps collecting, so that its closures run and annotate; the units are
  // counted, never made (`dropping`): they would be dropped here. The annotations made meanwhile
  // stay counted (state.notes, noteText), whether or not they are kept.
  state.errors = state.annotations === undefined ? undefined : [];
  state.dropping = state.errors !== undefined;
  state.allErrors = false;
  try {
    return check(instance, state, at);
  } finally {
    state.errors = errors;
    state.allErrors = all;
    state.units = units;
    // The work budget (memo.ts overBudget) bounds following known failures again for their
    // units; a question follows none, and its units are dropped: what it did is not the
    // output's, which would otherwise lose the units validate() shows once questions used it up.
    state.work = work;
    state.dropping = dropping;
  }
}

/**
 * Whether a keyword that applies a subschema to `count` values of the instance at `at` (items,
 * additional properties) first asks which of them pass, quietly, to follow only the failing ones
 * for their errors: in the error pass (the variant that collects errors asks on plans), with two
 * values or more (a lone value is the failing one), and only in the instance's top QUIET_DEPTH
 * levels. A question walks the value's whole subtree: asked at every level of a deep chain, they
 * would cost depth × size instead of size.
 */
export function asksFirst(state: EvalState, at: InstancePath, count: number): boolean {
  return state.errors !== undefined && state.annotations === undefined && count >= 2 && (at === undefined || at.depth <= QUIET_DEPTH);
}

/**
 * Checks the value at `key` below `at` for its errors; when `ask` (asksFirst, and not the value
 * the boolean pass saw fail), it first asks quietly whether the value passes, and a value that
 * does is not walked again.
 */
export function followFailing(check: Check, value: unknown, state: EvalState, at: InstancePath, key: string | number, ask: boolean): boolean {
  return (ask && quiet(check, value, state, at)) || check(value, state, childPath(state, at, key));
}

/**
 * Runs each of an anyOf's or oneOf's branches with its errors collected apart, and returns the
 * errors of those that failed, in order: what the keyword shows when no branch matches (the
 * caller keeps them, so their units count against maxErrors).
 */
export function branchErrors(checks: readonly Check[], instance: unknown, state: EvalState, at: InstancePath): OutputUnit[] {
  const errors = state.errors;
  const failures: OutputUnit[] = [];
  try {
    for (const check of checks) {
      if (state.annotations === undefined && full(state)) break; // cut: the other branches would only count (pastCap)
      state.errors = [];
      if (!check(instance, state, at)) failures.push(...state.errors);
    }
  } catch (error) {
    // The pass ends here (an abort such as $depth): the units kept aside so far join the list in
    // their place, as they count.
    errors!.push(...failures, ...state.errors!);
    throw error;
  } finally {
    state.errors = errors;
  }
  return failures;
}

/** "1 item", "2 items". */
export function count(n: number, noun: string, plural = noun + "s"): string {
  return `${n} ${n === 1 ? noun : plural}`;
}

/** "a", "a or b", "a, b or c". */
export function alternatives(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} or ${words[words.length - 1]}`;
}

/** Set while report() explains a unit for a validate() call with `redact` (synchronous: nothing runs in between). */
let redacting = false;
/** The pass whose unit report() explains, while it does: show() lists an object's keys as the pass does (keysOf). */
let listing: EvalState | undefined;
const listKeys = (object: object): readonly string[] => keysOf(object, listing!);

/** A value of the instance, for a message: as show() writes it, or only its kind when the caller asked for redaction. */
export function showData(value: unknown): string {
  if (!redacting) return show(value);
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  const kind = typeof value;
  return kind === "object" ? "an object" : kind === "undefined" ? "undefined" : `a ${kind} (value hidden)`;
}

/**
 * A value that is not JSON, as `type` names what it found: NaN or an infinity as written, another
 * kind by typeof, an object by its class tag: a data's own Symbol.toStringTag may say anything,
 * so a tag that is not a plain name is shown as a string value is (quoted, escaped, cut). Under
 * redact, the kind only: the tag and the number are the data's.
 */
export function showNonJson(value: unknown): string {
  const kind = typeof value;
  if (redacting) return kind === "object" ? "a non-plain object" : kind === "number" ? "a number" : kind;
  if (kind === "number") return String(value);
  if (kind !== "object") return kind;
  return plainTag(value) ?? show(Object.prototype.toString.call(value).slice(8, -1));
}

/**
 * A property name of the instance, quoted, as a message shows it: cut as show() cuts a value (a
 * unit's params keep it whole). Not hidden by `redact`: names are not values.
 */
export function shownName(name: string): string {
  return show(name);
}

/** Characters of a value's JSON show() writes: more than its cut keeps, so the cut text is the same. */
const SHOWN_FROM = 64;

/** A short, single-line rendering of an instance value for messages. */
export const show = (value: unknown): string => written(value, false);

/** show() for a schema's value whose text a keyword keeps (message-heads.ts): JSON, so only the stack running out fails it, thrown on. */
export const showKept = (value: unknown): string => written(value, true);

function written(value: unknown, kept: boolean): string {
  // Numbers, booleans and null as they read (NaN and the infinities too, where JSON says null).
  if (typeof value === "number" || typeof value === "boolean" || value === null) return String(value);
  let text: string;
  try {
    // A long string or a large value is written from its start only: the cut below keeps less. A
    // string, the commonest value shown, is quoted directly (jsonStart's writer would cost more).
    text =
      typeof value === "string"
        ? quote(value.length > SHOWN_FROM ? shortenStart(value, SHOWN_FROM) : value)
        : jsonStart(value, SHOWN_FROM, listing === undefined ? Object.keys : listKeys);
  } catch (error) {
    if (kept && isStackOverflow(error)) throw error;
    // A cycle, or a getter or Proxy trap that throws (one that recurses forever included): said as
    // what it is, not as "[object Object]".
    text = typeof value === "object" && value !== null ? `${Array.isArray(value) ? "an array" : "an object"} JSON cannot write` : Object.prototype.toString.call(value);
  }
  return text.length > 60 ? shortenStart(text, 57) + "…" : text;
}
