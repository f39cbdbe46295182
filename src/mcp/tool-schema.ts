// What ToolInputSchema and ToolOutputSchema share: the author's schema passes the gate first,
// then a deep copy in the author's key order is adjusted, compiled and kept for toJSON(). The
// copy is what is both validated against and advertised, so the two can never differ.
import { compile, type CompileOptions } from "../compile.js";
import { ownOptions } from "../compile-options.js";
import { describeThrown, SchemaError } from "../errors.js";
import type { DialectName } from "../keywords/dialects.js";
import { schemaObject, standardProps, type StandardProps } from "../standard-schema.js";
import type { ValidationResult, Validator } from "../validator.js";
import { schemaUriOf } from "./dialect.js";
import { MAX_ERROR_MESSAGE_LENGTH } from "./limits.js";
import { formats } from "../formats/index.js";
import { isPlainOptions } from "../plain-options.js";

export type SchemaObject = Record<string, unknown>;

/**
 * The MCP layer's options: `format` asserted with every 2020-12 format unless `formats` is given
 * (own, even undefined), as the provider does, so a server's tool schemas and a client's
 * provider give one schema one verdict. Another kind of options is left for compile to refuse.
 */
export function mcpOptions<O extends CompileOptions>(options: O): O {
  if (options == null) return { formats } as O; // no options, as compile() takes null
  if (!isPlainOptions(options)) return options;
  // Read once: a tool schema's compiles (the gate's, its copy's) and the root rules read this
  // copy, not the caller's object again (a getter answering otherwise the second time).
  const own = ownOptions(options) as O;
  return Object.hasOwn(options, "formats") ? own : { ...own, formats };
}

/** A schema past the gate: the author's JSON, copied, and the dialect its root is read in. */
export interface Gated {
  readonly copy: unknown;
  readonly dialect: DialectName;
}

/**
 * Compiles the author's schema (bounds, JSON only, `#`-only refs, dialect, metaschema) and only
 * then copies it, in the author's key order: copying unchecked input could walk a cycle or a
 * million objects. A structured clone reads own properties only: JSON.stringify also called a
 * `toJSON` set on Object.prototype, which could rewrite the schema after the gate read it. The
 * copy is then what counts: its dialect is the one its own compile reads (a cache hit when it is
 * what the gate read; a getter answering otherwise the second time made a draft-07 copy of a
 * schema the gate had read as 2020-12).
 */
export function gatedCopy(schema: unknown, options: CompileOptions): Gated {
  compile(schema, options);
  let copy: unknown;
  try {
    copy = structuredClone(schema);
  } catch (error) {
    // Only a value that changed after the gate read it (a getter) can get here.
    throw new SchemaError("not-json", "", `the schema is not JSON: copying it threw (${describeThrown(error)})`);
  }
  return { copy, dialect: compile(copy, options).dialect };
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
  /** The `$schema` toJSON() adds when the author gave none: the dialect the schema is validated by. */
  readonly #schemaUri: string;
  #standard: StandardProps<T, T> | undefined;

  /** `validated`: the schema the validator is compiled from, when it is not the JSON advertised (`false`, advertised as `{ not: {} }`). */
  protected constructor(json: SchemaObject, options: CompileOptions, validated: unknown = json) {
    this.validator = compile<T>(validated, options);
    this.#json = json;
    this.#schemaUri = schemaUriOf(this.validator.dialect);
  }

  /**
   * A fresh copy each call, every keyword as written. Unless the author gave a `$schema`, one comes
   * first: 2020-12, or the dialect named by compile's `dialect` option.
   */
  toJSON(): SchemaObject {
    const json = schemaObject(this.#json);
    return Object.hasOwn(json, "$schema") ? json : Object.fromEntries([["$schema", this.#schemaUri], ...Object.entries(json)]);
  }

  /** What Standard Schema's validate checks (arguments or a result, with their own rules for `undefined`). */
  protected abstract check(value: unknown): ValidationResult;

  /** The value a check runs on, which Standard Schema's validate returns: `value` unless a subclass reads absence otherwise. */
  protected checked(value: unknown): unknown {
    return value;
  }

  /** Standard Schema v1 with Standard JSON Schema v1: `registerTool` of the MCP SDK (v2) takes this object directly. */
  get "~standard"(): StandardProps<T, T> {
    return (this.#standard ??= this.#standardProps());
  }

  #standardProps(): StandardProps<T, T> {
    // The SDK joins the issues into one error for the client and the model: within the same limit as the messages.
    const props = standardProps<T>((value) => this.check(value), () => this.toJSON(), MAX_ERROR_MESSAGE_LENGTH);
    // The value returned, and the one issue paths are read in, is the one that was checked.
    return Object.freeze({ ...props, validate: (value: unknown) => props.validate(this.checked(value)) });
  }
}
