// An MCP tool's inputSchema (SEP-2106): any schema, in its own dialect, whose root describes an object.
import { compile, type CompileOptions } from "../compile.js";
import { SchemaError } from "../errors.js";
import type { Infer } from "../infer.js";
import type { ValidationResult, Validator } from "../validator.js";
import { refHidesSiblings } from "./dialect.js";
import { wasCut } from "../standard-schema.js";
import { dataDescriptor } from "../json/own-fields.js";
import { hasMember } from "../json/declared.js";
import { InvalidArgumentsError } from "./errors.js";
import { gatedCopy, isSchemaObject, mcpOptions, ToolSchema, withObjectType } from "./tool-schema.js";

/** The root rule on its own, for a root whose `type: "object"` the validator does not read (a `$ref` hides it, or a vocabulary is left out). */
let objectsOnly: Validator<unknown> | undefined;

/** A value of each kind but object: one that passes tells a root whose `type` is in force from one whose is not. */
const NOT_OBJECTS: readonly unknown[] = [0, "", null, true, []];

/**
 * Whether `value` passes, for a decision kept for the object's life; `unsure` where the verdict is
 * `$depth` (the stack ran out, perhaps the caller's: no answer about the schema). The decisions
 * take the stricter side then: the root rule checked, the required names reported.
 */
function passes(validator: Validator<unknown>, value: unknown, unsure: boolean): boolean {
  const result = validator.validate(value, { maxErrors: 0 });
  return result.valid || (result.errors[0]?.keyword === "$depth" && unsure);
}

// Exported as ToolInputSchema (below), whose constructor infers the arguments' type from the schema.
class InputSchema<T = Record<string, unknown>> extends ToolSchema<T> {
  readonly #required: readonly string[];
  readonly #rootRule: Validator<unknown> | undefined;

  /**
   * Deep-copies the schema after the gate has passed it. A root without `type` gets
   * `type: "object"`; any other root type is a SchemaError with code "input-root". A `$schema`
   * is kept and decides the dialect (compile's `dialect` option without one).
   */
  constructor(schema: unknown, given: CompileOptions = {}) {
    const options = mcpOptions(given);
    const { copy, dialect } = gatedCopy(schema, options);
    if (!isSchemaObject(copy)) {
      throw new SchemaError("input-root", "", `an MCP tool input schema must be a JSON object with type "object", but is ${JSON.stringify(copy)}`);
    }
    if (Object.hasOwn(copy, "type") && copy.type !== "object") {
      throw new SchemaError("input-root", "/type", `an MCP tool input schema must have type "object" at its root, but has ${JSON.stringify(copy.type)}`);
    }
    super(Object.hasOwn(copy, "type") ? copy : withObjectType(copy), options);
    // In draft-04 to 07 a root `$ref` hides its siblings, and a custom metaschema that leaves the
    // validation vocabulary out makes `type` and `required` annotations: where the root's `type`
    // means nothing to the validator (a value of another kind passes), the object rule is checked on its own.
    const hidden = refHidesSiblings(dialect, copy);
    const inert = hidden || NOT_OBJECTS.some((value) => passes(this.validator, value, true));
    this.#rootRule = inert ? (objectsOnly ??= compile({ type: "object" })) : undefined;
    // The metaschema has already proved `required` is an array of strings; unless {} passes, they are required.
    const required = !hidden && Object.hasOwn(copy, "required") && Array.isArray(copy.required) ? (copy.required as string[]) : [];
    this.#required = required.length > 0 && inert && passes(this.validator, {}, false) ? [] : required;
  }

  /** Validates tool-call arguments; absent arguments (`undefined`) are checked as `{}`, as the SDKs send them. */
  validateArguments(args?: unknown): ValidationResult {
    const value = this.checked(args);
    const root = this.#rootRule?.validate(value);
    return root !== undefined && !root.valid ? root : this.validator.validate(value);
  }

  /** The arguments (`{}` when absent) when valid; otherwise throws InvalidArgumentsError. */
  assertArguments(args?: unknown): T {
    const result = this.validateArguments(args);
    if (!result.valid) throw new InvalidArgumentsError(result.errors, wasCut(result));
    return this.checked(args) as T;
  }

  /**
   * The root's `required` names that `args` does not have as members, as `required` reads them
   * (all of them when args is not an object). A name whose reading throws (a revoked Proxy, a
   * throwing trap) is not shown present: it is listed, as validation fails such arguments.
   */
  missingRequiredArguments(args?: unknown): string[] {
    return this.#required.filter((name) => !isPresent(args, name));
  }

  protected check(value: unknown): ValidationResult {
    return this.validateArguments(value);
  }

  /** Absent arguments are `{}`: what is checked, what assertArguments and Standard Schema return. */
  protected override checked(args: unknown): unknown {
    return args === undefined ? {} : args;
  }
}

/** The arguments a tool input schema accepts: its root is an object (a root without `type` gets `type: "object"`). */
export type InferArguments<S, Options = {}> = ArgumentsOf<S extends { type: unknown } ? Infer<S, Options> : Infer<S & { readonly type: "object" }, Options>>;
type ArgumentsOf<A> = unknown extends A ? Record<string, unknown> : A;

/** ToolInputSchema's constructor: without a type argument the arguments' type comes from the schema (see Infer). */
export interface ToolInputSchemaConstructor {
  new <const S, Inferred extends never, const O extends CompileOptions = {}>(schema: S, options?: O): ToolInputSchema<InferArguments<S, O>>;
  new <T = Record<string, unknown>>(schema: unknown, options?: CompileOptions): ToolInputSchema<T>;
  readonly prototype: ToolInputSchema<unknown>;
}

export interface ToolInputSchema<T = Record<string, unknown>> extends InputSchema<T> {}
export const ToolInputSchema: ToolInputSchemaConstructor = /* @__PURE__ */ publicName(InputSchema, "ToolInputSchema");

/** @internal A class keeps its public name at runtime (call it with a pure annotation, so bundles without the class drop it). */
export function publicName<C extends abstract new (...args: never[]) => unknown>(constructor: C, name: string): C {
  return Object.defineProperty(constructor, "name", dataDescriptor(name, false, false, true));
}

function isPresent(args: unknown, name: string): boolean {
  try {
    return isSchemaObject(args) && hasMember(args, name);
  } catch {
    return false;
  }
}
