// An MCP tool's outputSchema (SEP-2106): any schema, in its own dialect; structuredContent may be any JSON.
import type { CompileOptions } from "../compile.js";
import type { Infer } from "../infer.js";
import type { ErrorUnitOf } from "../output/units.js";
import type { ValidationResult } from "../validator.js";
import { isShaped } from "./dialect.js";
import { wasCut } from "../standard-schema.js";
import { InvalidResultError } from "./errors.js";
import { publicName } from "./tool-input-schema.js";
import { gatedCopy, mcpOptions, ToolSchema, withObjectType, type Gated, type SchemaObject } from "./tool-schema.js";

/**
 * A root with none of its dialect's shaping keywords (`{ properties }`, `{}`) is taken as an
 * object, as MCP has always read it; with any (a reference, `type`, a composition, `const`,
 * `enum`), a `type` added by us would change what the schema means (`{ oneOf: [{ type: "array" }, …] }`).
 * In draft-04 to 07 a `$ref` root is a reference and nothing else: a `type` beside it would be ignored.
 */
function outputRoot({ copy, dialect }: Gated): SchemaObject {
  if (copy === true) return {}; // "anything": no type is added
  if (copy === false) return { not: {} };
  const schema = copy as SchemaObject; // the gate and metaschema allow only objects and booleans
  return isShaped(dialect, schema) ? schema : withObjectType(schema);
}

/** The error for an absent result; "$absent" is named like the engine's "$depth". */
function absent(): ErrorUnitOf<"$absent"> {
  return {
    keywordLocation: "",
    instanceLocation: "",
    error: "must be present: the tool declares an outputSchema, so its result needs structuredContent",
    keyword: "$absent",
    params: {},
  };
}

// Exported as ToolOutputSchema (below), whose constructor infers the result's type from the schema.
class OutputSchema<T = unknown> extends ToolSchema<T> {
  /**
   * Deep-copies the schema after the gate has passed it; `type: "object"` is added only as
   * described above. A `$schema` is kept and decides the dialect (compile's `dialect` option without one).
   */
  constructor(schema: unknown, given: CompileOptions = {}) {
    const options = mcpOptions(given);
    const gated = gatedCopy(schema, options);
    // `false` is advertised as an object, `{ not: {} }`, and validated as itself: its units are compile(false)'s.
    super(outputRoot(gated), options, gated.copy === false ? false : undefined);
  }

  /** Validates structuredContent. Every JSON value is checked (`0`, `false`, `""`, `null`); only `undefined` is absent. */
  validateResult(value: unknown): ValidationResult {
    return value === undefined ? { valid: false, errors: [absent()] } : this.validator.validate(value);
  }

  /** The value when valid; otherwise throws InvalidResultError. */
  assertResult(value: unknown): T {
    const result = this.validateResult(value);
    if (!result.valid) throw new InvalidResultError(result.errors, wasCut(result));
    return value as T;
  }

  protected check(value: unknown): ValidationResult {
    return this.validateResult(value);
  }
}

/**
 * ToolOutputSchema's constructor: without a type argument the result's type comes from the schema
 * (see Infer; the `type: "object"` a shapeless root gets only narrows what validates).
 */
export interface ToolOutputSchemaConstructor {
  new <const S, Inferred extends never, const O extends CompileOptions = {}>(schema: S, options?: O): ToolOutputSchema<Infer<S, O>>;
  new <T = unknown>(schema: unknown, options?: CompileOptions): ToolOutputSchema<T>;
  readonly prototype: ToolOutputSchema<unknown>;
}

export interface ToolOutputSchema<T = unknown> extends OutputSchema<T> {}
export const ToolOutputSchema: ToolOutputSchemaConstructor = /* @__PURE__ */ publicName(OutputSchema, "ToolOutputSchema");
