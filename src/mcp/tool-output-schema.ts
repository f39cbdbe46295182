// An MCP tool's outputSchema (SEP-2106): any 2020-12 schema; structuredContent may be any JSON.
import type { CompileOptions } from "../compile.js";
import type { OutputUnit } from "../engine/types.js";
import type { ValidationResult } from "../validator.js";
import { InvalidResultError } from "./errors.js";
import { gatedCopy, ToolSchema, withObjectType, type SchemaObject } from "./tool-schema.js";

/**
 * Root keywords that say what the value is without `type`. With none of them (`{ properties }`,
 * `{}`), the root is taken as an object, as MCP has always read it; with any, a `type` added by
 * us would change what the schema means (`{ oneOf: [{ type: "array" }, …] }`).
 * `$dynamicRef` is a reference too, so it counts like `$ref`.
 */
const SHAPING_KEYWORDS = ["type", "$ref", "$dynamicRef", "oneOf", "anyOf", "allOf", "not", "if", "const", "enum"];

function outputRoot(copy: unknown): SchemaObject {
  if (copy === true) return {}; // "anything": no type is added
  if (copy === false) return { not: {} };
  const schema = copy as SchemaObject; // the gate and metaschema allow only objects and booleans
  return SHAPING_KEYWORDS.some((name) => Object.hasOwn(schema, name)) ? schema : withObjectType(schema);
}

/** The error for an absent result; "$absent" is named like the engine's "$depth". */
function absent(): OutputUnit {
  return {
    keywordLocation: "",
    instanceLocation: "",
    error: "must be present: the tool declares an outputSchema, so its result needs structuredContent",
    keyword: "$absent",
    params: {},
  };
}

export class ToolOutputSchema<T = unknown> extends ToolSchema<T> {
  /** Deep-copies the schema after the gate has passed it; `type: "object"` is added only as described above. */
  constructor(schema: unknown, options: CompileOptions = {}) {
    super(outputRoot(gatedCopy(schema, options)), options);
  }

  /** Validates structuredContent. Every JSON value is checked (`0`, `false`, `""`, `null`); only `undefined` is absent. */
  validateResult(value: unknown): ValidationResult {
    return value === undefined ? { valid: false, errors: [absent()] } : this.validator.validate(value);
  }

  /** The value when valid; otherwise throws InvalidResultError. */
  assertResult(value: unknown): T {
    const result = this.validateResult(value);
    if (!result.valid) throw new InvalidResultError(result.errors, "truncated" in result && result.truncated === true);
    return value as T;
  }

  protected check(value: unknown): ValidationResult {
    return this.validateResult(value);
  }
}
