// What ToolInputSchema and ToolOutputSchema share: the author's schema passes the gate first,
// then a deep copy in the author's key order is adjusted, compiled and kept for toJSON(). The
// copy is what is both validated against and advertised, so the two can never differ.
import { compile, type CompileOptions } from "../compile.js";
import { SchemaError } from "../errors.js";
import { schemaObject, standardProps, type StandardProps } from "../standard-schema.js";
import type { ValidationResult, Validator } from "../validator.js";
import { DIALECT_2020_12 } from "./limits.js";

export type SchemaObject = Record<string, unknown>;

/**
 * Compiles the author's schema (bounds, JSON only, `#`-only refs, dialect, metaschema) and only
 * then copies it: copying unchecked input could walk a cycle or a million objects.
 */
export function gatedCopy(schema: unknown, options: CompileOptions): unknown {
  compile(schema, options);
  try {
    return JSON.parse(JSON.stringify(schema)) as unknown;
  } catch (error) {
    // Only a value that changed after the gate read it (a getter) can get here.
    throw new SchemaError("not-json", "", `the schema is not JSON: copying it threw (${error instanceof Error ? error.message : String(error)})`);
  }
}

export function isSchemaObject(value: unknown): value is SchemaObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `type: "object"` added first (after a leading `$schema`); data properties only, so a `__proto__` key stays a key. */
export function withObjectType(schema: SchemaObject): SchemaObject {
  const entries: [string, unknown][] = Object.entries(schema);
  entries.splice(entries[0]?.[0] === "$schema" ? 1 : 0, 0, ["type", "object"]);
  return Object.fromEntries(entries);
}

/** A tool schema: the compiled validator and the JSON it advertises. */
export abstract class ToolSchema<T> {
  /** The compiled schema (from the shared cache unless `cache` says otherwise). */
  readonly validator: Validator<T>;
  readonly #json: SchemaObject;
  #standard: StandardProps<T, T> | undefined;

  protected constructor(json: SchemaObject, options: CompileOptions) {
    this.validator = compile<T>(json, options);
    this.#json = json;
  }

  /** A fresh copy each call: `$schema` (2020-12) first unless the author gave one, every keyword as written. */
  toJSON(): SchemaObject {
    const json = schemaObject(this.#json);
    return Object.hasOwn(json, "$schema") ? json : Object.fromEntries([["$schema", DIALECT_2020_12], ...Object.entries(json)]);
  }

  /** What Standard Schema's validate checks (arguments or a result, with their own rules for `undefined`). */
  protected abstract check(value: unknown): ValidationResult;

  /** Standard Schema v1 with Standard JSON Schema v1: `registerTool` of the MCP SDK (v2) takes this object directly. */
  get "~standard"(): StandardProps<T, T> {
    return (this.#standard ??= standardProps<T>((value) => this.check(value), () => this.toJSON()));
  }
}
