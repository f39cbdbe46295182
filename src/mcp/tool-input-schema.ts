// An MCP tool's inputSchema (SEP-2106): any 2020-12 schema whose root describes an object.
import type { CompileOptions } from "../compile.js";
import { SchemaError } from "../errors.js";
import type { ValidationResult } from "../validator.js";
import { InvalidArgumentsError } from "./errors.js";
import { gatedCopy, isSchemaObject, ToolSchema, withObjectType } from "./tool-schema.js";

export class ToolInputSchema<T = Record<string, unknown>> extends ToolSchema<T> {
  readonly #required: readonly string[];

  /**
   * Deep-copies the schema after the gate has passed it. A root without `type` gets
   * `type: "object"`; any other root type is a SchemaError with code "input-root".
   */
  constructor(schema: unknown, options: CompileOptions = {}) {
    const copy = gatedCopy(schema, options);
    if (!isSchemaObject(copy)) {
      throw new SchemaError("input-root", "", `an MCP tool input schema must be a JSON object with type "object", but is ${JSON.stringify(copy)}`);
    }
    if (Object.hasOwn(copy, "type") && copy.type !== "object") {
      throw new SchemaError("input-root", "/type", `an MCP tool input schema must have type "object" at its root, but has ${JSON.stringify(copy.type)}`);
    }
    super(Object.hasOwn(copy, "type") ? copy : withObjectType(copy), options);
    // The metaschema has already proved `required` is an array of strings.
    this.#required = Array.isArray(copy.required) ? (copy.required as string[]) : [];
  }

  /** Validates tool-call arguments; absent arguments (`undefined`) are checked as `{}`, as the SDKs send them. */
  validateArguments(args?: unknown): ValidationResult {
    return this.validator.validate(args === undefined ? {} : args);
  }

  /** The arguments (`{}` when absent) when valid; otherwise throws InvalidArgumentsError. */
  assertArguments(args?: unknown): T {
    const value = args === undefined ? {} : args;
    const result = this.validator.validate(value);
    if (!result.valid) throw new InvalidArgumentsError(result.errors, "truncated" in result && result.truncated === true);
    return value as T;
  }

  /** The root's `required` names that `args` does not have as own properties (all of them when args is not an object). */
  missingRequiredArguments(args?: unknown): string[] {
    const present = (name: string) => isSchemaObject(args) && Object.hasOwn(args, name);
    return this.#required.filter((name) => !present(name));
  }

  protected check(value: unknown): ValidationResult {
    return this.validateArguments(value);
  }
}
