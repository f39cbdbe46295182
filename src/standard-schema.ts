// Standard Schema v1 and Standard JSON Schema v1 (https://standardschema.dev): the `~standard`
// property that lets schema-agnostic libraries, the MCP TypeScript SDK's `registerTool` among
// them, take a schemagate validator directly. The shapes are structural: nothing is imported.
import type { OutputUnit } from "./engine/types.js";
import { segmentEnd, unescapeSegment } from "./json/pointer.js";
import type { ValidationResult, Validator } from "./validator.js";
import { dialectNamed, type DialectName } from "./keywords/dialects.js";
import { hasUnsafe, printable } from "./output/printable.js";
import { shortenMiddle, shortenStart } from "./output/shorten.js";
import { MAX_ISSUE_MESSAGE } from "./limits.js";
import { kindOf } from "./json/type-of.js";
import { matched } from "./json/last-match.js";
import { letGoOfMatches } from "./json/last-match.js";
import { NONE_LISTED } from "./errors.js";
import { compiledBeforeUse } from "./regex/compiled-now.js";
import { ownMember } from "./json/own-member.js";

/** One problem, with the path of real keys (array indices as numbers) into the value. */
export interface StandardIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}

export type StandardResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<StandardIssue> };

export interface StandardJsonSchemaOptions {
  /** Only "draft-2020-12" is produced; any other target throws, as Standard JSON Schema asks. */
  readonly target: "draft-2020-12" | "draft-07" | "openapi-3.0" | (object & string);
  readonly libraryOptions?: Record<string, unknown> | undefined;
}

/** The value of `~standard`: StandardSchemaV1.Props and StandardJSONSchemaV1.Props at once. */
export interface StandardProps<Input = unknown, Output = Input> {
  readonly version: 1;
  readonly vendor: "schemagate";
  /** Synchronous: never returns a Promise. */
  readonly validate: (value: unknown, options?: { readonly libraryOptions?: Record<string, unknown> | undefined }) => StandardResult<Output>;
  readonly jsonSchema: {
    readonly input: (options: StandardJsonSchemaOptions) => Record<string, unknown>;
    readonly output: (options: StandardJsonSchemaOptions) => Record<string, unknown>;
  };
  /** Types only: never set at run time. */
  readonly types?: { readonly input: Input; readonly output: Output } | undefined;
}

/** Whether validate() cut the list: its own `truncated` (one on Object.prototype is no answer). */
export const wasCut = (result: ValidationResult): boolean => !result.valid && Object.hasOwn(result, "truncated") && result.truncated === true;

const CANONICAL_INDEX = compiledBeforeUse(/^(?:0|[1-9][0-9]*)$/);

/**
 * The keys of a JSON Pointer into `data`. A segment is a number where the value it indexes is an
 * array, so `/items/0` on `{ items: [..] }` gives `["items", 0]`; on an object it stays "0".
 */
export function pathOf(pointer: string, data: unknown): PropertyKey[] {
  const path: PropertyKey[] = [];
  let at: unknown = data;
  for (let start = 1, end = 0; start <= pointer.length; start = end + 1) {
    end = segmentEnd(pointer, start);
    const segment = unescapeSegment(pointer.slice(start, end));
    let key: PropertyKey = segment;
    try {
      // Own properties only (never the prototype). Data that throws on reading ends the walk, and
      // Array.isArray reads too: a revoked Proxy throws there.
      if (Array.isArray(at) && matched(CANONICAL_INDEX.test(segment))) key = Number(segment);
      at = typeof at === "object" && at !== null && Object.hasOwn(at, key) ? (at as Record<PropertyKey, unknown>)[key] : undefined;
    } catch {
      at = undefined;
    }
    path.push(key);
  }
  return path;
}

/**
 * The issues of a validation's errors. A message quotes the data and the schema (a name, a
 * pattern), which may come from an attacker: it is written as the MCP layer writes its messages,
 * controls and invisible marks escaped, then cut in the middle past MAX_ISSUE_MESSAGE characters
 * (escaped after the cut, a message of escapes grew up to six times past it).
 */
export function issuesOf(errors: readonly OutputUnit[], data: unknown): StandardIssue[] {
  return errors.map((unit) => ({ message: shortenMiddle(printable(unit.error), MAX_ISSUE_MESSAGE), path: shownPath(pathOf(unit.instanceLocation, data)) }));
}

/**
 * The path as the libraries that take issues print it (joined with the message, for logs and a
 * model): a key holding control or invisible characters is escaped, and a long one cut, as in
 * messages. Other keys (nearly all) are the real ones.
 */
function shownPath(path: PropertyKey[]): PropertyKey[] {
  for (let i = 0; i < path.length; i++) {
    const key = path[i];
    if (typeof key === "string" && (key.length > MAX_ISSUE_MESSAGE || hasUnsafe(key))) path[i] = shortenMiddle(printable(key), MAX_ISSUE_MESSAGE);
  }
  return path;
}

/** An issue as the MCP SDK writes it into its error: the path's keys joined by ".", then ": " and the message. */
// An issue's own path: the list's closing issue has none, and one set on Object.prototype is no path.
const issueText = (issue: StandardIssue): number => {
  const path = ownMember(issue, "path");
  return (path === undefined || path.length === 0 ? 0 : path.map((key) => String(key)).join(".").length + 2) + issue.message.length;
};

/**
 * The first issues whose text, as the MCP SDK joins them (", "), fits in `max` characters, and one
 * more saying how many were left out ("… (N more)"; "N+": the validator stopped recording). The
 * first issue is always kept, its message cut to fit.
 */
export function issuesWithin(issues: readonly StandardIssue[], truncated: boolean, max: number): StandardIssue[] {
  /** What ends the list when `left` issues are left out (none: only when the validator stopped recording). */
  const ending = (left: number): StandardIssue | undefined => (left > 0 ? { message: `… (${left}${truncated ? "+" : ""} more)` } : truncated ? { message: "… (more not recorded)" } : undefined);
  const room = (end: StandardIssue | undefined): number => (end === undefined ? 0 : 2 + issueText(end));
  const kept: StandardIssue[] = [];
  let length = 0;
  for (let i = 0; i < issues.length; i++) {
    const issue = issues[i]!;
    // Room for the ending, should this be the last issue that fits.
    const next = length + (i === 0 ? 0 : 2) + issueText(issue);
    if (next + room(ending(issues.length - i - 1)) <= max) {
      kept.push(issue);
      length = next;
      continue;
    }
    // The first issue is kept, cut to fit beside the ending (if any is left out).
    const end = ending(issues.length - i - (i === 0 ? 1 : 0));
    if (i === 0) kept.push(cutToFit(issue, max - room(end)));
    if (end !== undefined) kept.push(end);
    return kept;
  }
  const end = ending(0);
  if (end !== undefined) kept.push(end);
  return kept;
}

/** The first issue, cut to `max` characters as the SDK writes it: a long path to half of them (one key then), the message to the rest. */
function cutToFit(issue: StandardIssue, max: number): StandardIssue {
  let path = ownMember(issue, "path");
  let pathText = issueText(issue) - issue.message.length;
  if (path !== undefined && pathText > max / 2) {
    path = [shortenMiddle(path.map((key) => String(typeof key === "object" ? key.key : key)).join("."), Math.max(1, Math.floor(max / 2) - 2))];
    pathText = issueText({ message: "", path });
  }
  return { message: shortenStart(issue.message, Math.max(0, max - pathText - 1)) + "…", path };
}

/**
 * A fresh, mutable object form of a schema: `true` is `{}`, `false` is `{ not: {} }`. A structured
 * clone, not a JSON round trip: JSON.stringify calls a `toJSON` set on Object.prototype, which
 * could rewrite what is advertised while the validator checks the schema as it is.
 */
export function schemaObject(schema: unknown): Record<string, unknown> {
  if (schema === true) return {};
  if (schema === false) return { not: {} };
  return structuredClone(schema) as Record<string, unknown>;
}

function checkTarget(options: StandardJsonSchemaOptions | undefined): void {
  const target = options?.target ?? "draft-2020-12";
  if (target === "draft-2020-12") return;
  if (typeof target !== "string") throw new TypeError(`the target must be a string ("draft-2020-12"), not ${kindOf(target)}`);
  throw new RangeError(`schemagate produces JSON Schema draft-2020-12 only; target ${printable(JSON.stringify(shortenMiddle(target, 80)))} is not supported`);
}

/** `~standard` from a validate function and the JSON Schema to advertise (the same for input and output). */
export function standardProps<T>(validate: (value: unknown) => ValidationResult, json: () => Record<string, unknown>, max?: number): StandardProps<T, T> {
  const toJson = (options: StandardJsonSchemaOptions): Record<string, unknown> => {
    checkTarget(options);
    return json();
  };
  return Object.freeze({
    version: 1,
    vendor: "schemagate",
    validate(value: unknown): StandardResult<T> {
      const result = validate(value);
      if (result.valid) return { value: value as T };
      const issues = issuesOf(result.errors, value);
      // A failure has one issue at least (an empty list reads as no problem), worded as every list cut to none is.
      const listed = issues.length === 0 ? [{ message: NONE_LISTED }] : max === undefined ? issues : issuesWithin(issues, wasCut(result), max);
      letGoOfMatches(); // the issues' paths and messages read the data
      return { issues: listed };
    },
    jsonSchema: Object.freeze({ input: toJson, output: toJson }),
  });
}

/** `~standard` of a compiled Validator: its own validate, and a copy of its schema. */
export function standardSchemaOf<T>(validator: Validator<T>, unknownSchema = false): StandardProps<T, T> {
  return standardProps<T>((value) => validator.validate(value), () => declaring(schemaObject(validator.schema), validator.dialect, unknownSchema));
}

/**
 * A schema compiled in another dialect than 2020-12 (by the `dialect` option) names it in a
 * `$schema` of its own, first: read as 2020-12, as a consumer of this export would, it could mean
 * something else (an array-form `items`, a `$ref` beside other keywords), as the tool schemas'
 * toJSON() does.
 */
function declaring(schema: Record<string, unknown>, dialect: DialectName, unknownSchema: boolean): Record<string, unknown> {
  if (unknownSchema) {
    // Its `$schema` names a dialect it was not read in (unknownDialect "default"): the one it was read in replaces it.
    const { $schema: _, ...rest } = schema;
    return { $schema: dialectNamed(dialect)!.spelled, ...rest };
  }
  return dialect === "2020-12" || Object.hasOwn(schema, "$schema") ? schema : { $schema: dialectNamed(dialect)!.spelled, ...schema };
}
