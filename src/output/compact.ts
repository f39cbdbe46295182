// The "compact" view of a basic error list, for logs and language models: duplicates removed,
// only the closest branch of a failed anyOf/oneOf, the list capped, one line per error.
import type { OutputUnit } from "../engine/types.js";
import { shortenMiddle } from "./shorten.js";
import { printable } from "./printable.js";
import { lastMatch, letGoOfMatches } from "../json/last-match.js";
import { compiledBeforeUse } from "../regex/compiled-now.js";

const BUT_IS = compiledBeforeUse(/ but is (\w+)$/);

export interface CompactError {
  readonly instanceLocation: string;
  readonly keywordLocation: string;
  readonly keyword: string;
  /** The unit's sentence; for a failed anyOf/oneOf where every branch wants another type, a summary of them. */
  readonly error: string;
  /** Set when the error comes from the branch of a failed anyOf/oneOf that came closest (the innermost one). */
  readonly closest?: { readonly keyword: string; readonly keywordLocation: string; readonly branch: number; readonly of: number };
}

export interface CompactOptions {
  /** The most errors kept (default 20); `formatCompact` adds an "… and N more" line past it. */
  max?: number;
}

export const COMPACT_MAX = 20;

/** The compact view of `errors` (the list `validate(data).errors` returns), at most `max` of them. */
export function compact(errors: readonly OutputUnit[], options?: CompactOptions): CompactError[] {
  const listed = compactAll(errors).slice(0, limitOf(options));
  letGoOfMatches(); // the messages hold the data
  return listed;
}

/** One line per error (`/path/to/x: must be >= 1, but is 0`), escaped as printable() escapes, and "… and N more" past the cap. */
export function formatCompact(errors: readonly OutputUnit[], options?: CompactOptions): string {
  const all = compactAll(errors);
  const max = limitOf(options);
  // For logs and models: each line escaped as every text from data is (printable), one line.
  const lines = all.slice(0, max).map((error) => printable(compactLine(error)));
  if (all.length > max) lines.push(`… and ${all.length - max} more`);
  letGoOfMatches(); // the lines hold the data
  return lines.join("\n");
}

/** `/a/b: message`, or `(root): message`, with the anyOf/oneOf context when there is one. */
export function compactLine(error: CompactError): string {
  const where = error.instanceLocation === "" ? "(root)" : shortenMiddle(error.instanceLocation, LINE_LOCATION);
  // Own only: a line made from a unit without it must not read one set on Object.prototype.
  const closest = Object.hasOwn(error, "closest") ? error.closest : undefined;
  const note = closest === undefined ? "" : ` (closest of ${closest.of} ${closest.keyword} branches)`;
  return `${where}: ${error.error}${note}`;
}

/** Longest location a line shows: its start, "…", its end (a location holds every key above its value). */
export const LINE_LOCATION = 200;

/**
 * `max` as a count: a fraction is cut down ("… and 0.5 more" otherwise), anything not a number
 * from 0 up is the default. An own property only, as every option is read: a `max` set on
 * Object.prototype hid every error, and `[]` or `true` read as 0 or 1.
 */
function limitOf(options: CompactOptions | undefined): number {
  const max: unknown = typeof options === "object" && options !== null && Object.hasOwn(options, "max") ? options.max : undefined;
  return typeof max === "number" && max >= 0 ? Math.floor(max) : COMPACT_MAX;
}

interface Entry {
  unit: OutputUnit;
  /** The depth of its instance location (its "/" counted once, when a branch is weighed). */
  depth: number;
  error: string;
  closest: CompactError["closest"];
  /** Dropped: a losing branch, or folded into its anyOf/oneOf line. */
  gone: boolean;
}

/** The most (anyOf/oneOf unit, other unit) pairs the closest-branch analysis compares: each compares locations. */
const ANALYSED_PAIRS = 100_000;

function compactAll(errors: readonly OutputUnit[]): CompactError[] {
  const seen = new Set<string>();
  const entries: Entry[] = [];
  for (const unit of errors) {
    const key = `${unit.keywordLocation}\u0000${unit.instanceLocation}\u0000${unit.error}`;
    if (seen.has(key)) continue;
    seen.add(key);
    entries.push({ unit, depth: -1, error: unit.error, closest: undefined, gone: false });
  }
  // Innermost first: a nested anyOf's location is longer than any anyOf that holds it. Each is
  // weighed against every entry: past ANALYSED_PAIRS the list is shown as it is, deduplicated.
  const choices = entries.filter((e) => e.unit.keyword === "anyOf" || e.unit.keyword === "oneOf");
  if (choices.length * entries.length <= ANALYSED_PAIRS) {
    choices.sort((a, b) => b.unit.keywordLocation.length - a.unit.keywordLocation.length);
    for (const choice of choices) keepClosest(choice, entries);
  }

  const lines = new Set<string>();
  const out: CompactError[] = [];
  for (const { unit, error, closest, gone } of entries) {
    const line = `${unit.instanceLocation}\u0000${error}`;
    if (gone || lines.has(line)) continue;
    lines.add(line);
    const kept = { instanceLocation: unit.instanceLocation, keywordLocation: unit.keywordLocation, keyword: unit.keyword, error };
    out.push(closest === undefined ? kept : { ...kept, closest });
  }
  return out;
}

/**
 * The branch index of a unit under the anyOf/oneOf at `prefix` (its location and "/"), or -1 when
 * it is not under it; `instance` is the anyOf's instance location, `below` the same and "/".
 */
function branchOf(unit: OutputUnit, prefix: string, instance: string, below: string): number {
  const loc = unit.keywordLocation;
  if (!loc.startsWith(prefix)) return -1;
  const at = unit.instanceLocation;
  if (instance !== "" && at !== instance && !at.startsWith(below)) return -1;
  let end = prefix.length;
  while (end < loc.length && loc.charCodeAt(end) >= 48 && loc.charCodeAt(end) <= 57) end++;
  if (end === prefix.length || (end < loc.length && loc[end] !== "/")) return -1;
  return Number(loc.slice(prefix.length, end));
}

/**
 * How close a failed branch came: [wrong type at the anyOf's instance, error count, minus the
 * deepest path]. A wrong type is a `type` or `false` unit there, or an enum or const there that
 * allows no value of the instance's kind (`kind`, as the units show it): the simple type names
 * against a list of types, which tied with the list branch's uniqueItems and won as the first.
 */
function distance(branch: Entry[], instance: string, kind: string | undefined): [number, number, number] {
  let wrongType = 0;
  let deepest = 0;
  for (const entry of branch) {
    const unit = entry.unit;
    if (unit.instanceLocation === instance && (unit.keyword === "type" || unit.keyword === "false" || (kind !== undefined && allowsNoneOf(unit, kind)))) wrongType = 1;
    if (entry.depth < 0) entry.depth = depthOf(unit.instanceLocation);
    deepest = Math.max(deepest, entry.depth);
  }
  return [wrongType, branch.length, -deepest];
}

/** Keywords that judge only one kind of value: a unit of one says the instance is of that kind. */
const KIND_OF: Readonly<Record<string, string>> = Object.assign(Object.create(null) as Record<string, string>, {
  minItems: "array", maxItems: "array", uniqueItems: "array", contains: "array", minContains: "array", maxContains: "array",
  minLength: "string", maxLength: "string", pattern: "string",
  required: "object", minProperties: "object", maxProperties: "object", dependentRequired: "object",
  minimum: "number", maximum: "number", exclusiveMinimum: "number", exclusiveMaximum: "number", multipleOf: "number",
});

/** The instance's kind at `instance`, as the branches' units there show it, or undefined. */
function kindShown(branches: Iterable<Entry[]>, instance: string): string | undefined {
  for (const branch of branches) for (const { unit } of branch) if (unit.instanceLocation === instance && KIND_OF[unit.keyword] !== undefined) return KIND_OF[unit.keyword];
  return undefined;
}

const kindOfValue = (value: unknown): string => (Array.isArray(value) ? "array" : value === null ? "null" : typeof value);

/** An enum or const unit whose allowed values hold none of `kind`. */
function allowsNoneOf(unit: OutputUnit, kind: string): boolean {
  if (unit.keyword === "enum") {
    const allowed = unit.params["allowedValues"];
    return Array.isArray(allowed) && !allowed.some((value) => kindOfValue(value) === kind);
  }
  return unit.keyword === "const" && Object.hasOwn(unit.params, "allowedValue") && kindOfValue(unit.params["allowedValue"]) !== kind;
}

function depthOf(pointer: string): number {
  let depth = 0;
  for (let i = 0; i < pointer.length; i++) if (pointer.charCodeAt(i) === 47) depth++;
  return depth;
}

function keepClosest(choice: Entry, entries: Entry[]): void {
  if (choice.gone) return;
  const { keywordLocation, instanceLocation, keyword } = choice.unit;
  const prefix = keywordLocation + "/";
  const below = instanceLocation + "/";
  const branches = new Map<number, Entry[]>();
  for (const entry of entries) {
    if (entry.gone || entry === choice) continue;
    const index = branchOf(entry.unit, prefix, instanceLocation, below);
    if (index < 0) continue;
    const list = branches.get(index);
    if (list === undefined) branches.set(index, [entry]);
    else list.push(entry);
  }
  if (branches.size === 0) return; // "matches 2", or the branch errors were cut: the line speaks for itself
  let best: [number, Entry[], [number, number, number]] | undefined;
  const kind = kindShown(branches.values(), instanceLocation);
  for (const [index, branch] of [...branches].sort((a, b) => a[0] - b[0])) {
    const score = distance(branch, instanceLocation, kind);
    if (best === undefined || less(score, best[2])) best = [index, branch, score];
  }
  const [index, branch, score] = best!;
  const of = Math.max(branches.size, ...[...branches.keys()].map((i) => i + 1));
  if (score[0] === 1) {
    // Every branch wants another type here: one line that names them all.
    const expected = wantedTypes([...branches.values()].flat(), instanceLocation);
    for (const list of branches.values()) for (const entry of list) entry.gone = true;
    if (expected !== undefined) choice.error = `${choice.error} (${expected})`;
    return;
  }
  for (const [other, list] of branches) if (other !== index) for (const entry of list) entry.gone = true;
  choice.gone = true;
  for (const entry of branch) entry.closest ??= { keyword, keywordLocation, branch: index, of };
}

function less(a: [number, number, number], b: [number, number, number]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}

/** "every branch expects string or number, but it is boolean", from the branches' type errors. */
function wantedTypes(units: Entry[], instance: string): string | undefined {
  const wanted = new Set<string>();
  let found: string | undefined;
  for (const { unit } of units) {
    if (unit.keyword !== "type" || unit.instanceLocation !== instance) continue;
    const type = unit.params["type"];
    for (const name of Array.isArray(type) ? type : [type]) if (typeof name === "string") wanted.add(name);
    if (found !== undefined) continue;
    const kind = BUT_IS.exec(unit.error);
    if (kind === null) continue;
    lastMatch.ofData = true; // a message may hold the caller's strings
    found = kind[1];
  }
  if (wanted.size === 0) return undefined;
  return `the branches expect ${[...wanted].join(" or ")}${found === undefined ? "" : `, but it is ${found}`}`;
}
