// Standard Schema v1 and Standard JSON Schema v1 (https://standardschema.dev): the `~standard`
// property that lets schema-agnostic libraries, the MCP TypeScript SDK's `registerTool` among
// them, take a schemagate validator directly. The shapes are structural: nothing is imported.
import type { OutputUnit } from "./engine/types.js";
import { segmentEnd, unescapeSegment } from "./json/pointer.js";
import type { ValidationResult, Validator } from "./validator.js";
import { dialectNamed, type DialectName } from "./keywords/dialects.js";
import { printable } from "./output/printable.js";
import { shortenMiddle } from "./output/shorten.js";
import { MAX_ISSUE_MESSAGE } from "./limits.js";

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

const CANONICAL_INDEX = /^(?:0|[1-9][0-9]*)$/;

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
      if (Array.isArray(at) && CANONICAL_INDEX.test(segment)) key = Number(segment);
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
  return errors.map((unit) => ({ message: shortenMiddle(printable(unit.error), MAX_ISSUE_MESSAGE), path: pathOf(unit.instanceLocation, data) }));
}

/** A fresh, mutable object form of a schema: `true` is `{}`, `false` is `{ not: {} }`. */
export function schemaObject(schema: unknown): Record<string, unknown> {
  if (schema === true) return {};
  if (schema === false) return { not: {} };
  return JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
}

function checkTarget(options: StandardJsonSchemaOptions | undefined): void {
  const target = options?.target ?? "draft-2020-12";
  if (target !== "draft-2020-12") throw new Error(`schemagate produces JSON Schema draft-2020-12 only; target ${JSON.stringify(target)} is not supported`);
}

/** `~standard` from a validate function and the JSON Schema to advertise (the same for input and output). */
export function standardProps<T>(validate: (value: unknown) => ValidationResult, json: () => Record<string, unknown>): StandardProps<T, T> {
  const toJson = (options: StandardJsonSchemaOptions): Record<string, unknown> => {
    checkTarget(options);
    return json();
  };
  return Object.freeze({
    version: 1,
    vendor: "schemagate",
    validate(value: unknown): StandardResult<T> {
      const result = validate(value);
      return result.valid ? { value: value as T } : { issues: issuesOf(result.errors, value) };
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
