// A drop-in for the MCP TypeScript SDK's `jsonSchemaValidator` option (Client and Server, SDK
// 1.x and 2.x). The SDK's shapes are restated here, structurally: src/ imports no package.
import { compile, type CompileOptions } from "../compile.js";
import { cacheOf, refuseUnknownOptions } from "../compile-options.js";
import { isPlainOptions, notPlain, plainOrAny } from "../plain-options.js";
import { SchemaError } from "../errors.js";
import { dialectNamed } from "../keywords/dialects.js";
import { mcpOptions } from "./tool-schema.js";
import type { Validator } from "../validator.js";
import { describeErrors } from "./messages.js";
import { wasCut } from "../standard-schema.js";
import { printable } from "../output/printable.js";
import { shortenMiddle } from "../output/shorten.js";
import { MAX_ERROR_MESSAGE_LENGTH } from "./limits.js";
import { kindOf } from "../json/type-of.js";

/** The SDK's JsonSchemaValidatorResult<T>. */
export type JsonSchemaValidatorResult<T> =
  | { valid: true; data: T; errorMessage: undefined }
  | { valid: false; data: undefined; errorMessage: string };

/** The SDK's JsonSchemaValidator<T>: called synchronously, many times. */
export type JsonSchemaValidator<T> = (input: unknown) => JsonSchemaValidatorResult<T>;

export interface SchemagateValidatorOptions extends CompileOptions {
  /**
   * Format checkers. Default: every 2020-12 format (schemagate/formats), so "format" asserts as
   * it does with the SDK's ajv provider; `formats: undefined` makes it an annotation only.
   */
  formats?: CompileOptions["formats"];
  /**
   * What getValidator does with a schema the gate refuses. "throw" (the default): it throws the
   * SchemaError. "reject": it returns a validator that rejects every value, saying why. SDK 2.x
   * isolates a throwing outputSchema to its own tool; SDK 1.x's `listTools()` fails as a whole,
   * so "reject" keeps the other tools usable there.
   */
  onSchemaError?: "throw" | "reject";
}

function rejectAll<T>(error: SchemaError): JsonSchemaValidator<T> {
  // A refusal quotes what it refuses ($ref, $schema, an identifier): escaped, then cut, as
  // validation errors are.
  const errorMessage = shortenMiddle(printable(`the schema cannot be used: ${error.message}`), MAX_ERROR_MESSAGE_LENGTH);
  return () => ({ valid: false, data: undefined, errorMessage });
}

function validatorFunction<T>(validator: Validator<T>): JsonSchemaValidator<T> {
  return (input) => {
    // validate() runs the boolean fast path first and collects errors only for invalid input.
    const result = validator.validate(input);
    if (result.valid) return { valid: true, data: input as T, errorMessage: undefined };
    return { valid: false, data: undefined, errorMessage: describeErrors(result.errors, wasCut(result)) };
  };
}

/**
 * `new Client(info, { jsonSchemaValidator: new SchemagateJsonSchemaValidator() })`, and the same
 * for Server/McpServer. Every schema goes through compile(): the gate, the metaschema check and
 * the cache, so the same schema content gives the same validator function every time.
 */
export class SchemagateJsonSchemaValidator {
  readonly #options: CompileOptions;
  readonly #reject: boolean;
  /** One function per compiled validator: weak, so nothing outlives the cache's own entries. */
  readonly #functions = new WeakMap<Validator<unknown>, JsonSchemaValidator<unknown>>();

  constructor(options: SchemagateValidatorOptions | null = {}) {
    // null is no options, as compile() takes it; another non-object is the caller's mistake.
    const given = options ?? {};
    if (!isPlainOptions(given)) throw new TypeError(`the provider's options must be ${plainOrAny(given)}, not ${notPlain(given)}`);
    refuseUnknownOptions(given, "the provider", ["onSchemaError"]); // a misspelt onSchemaError is the likeliest
    // Own properties only, as compile() reads its options: an `onSchemaError` or `formats` set on
    // Object.prototype is no option (an inherited `formats`, even undefined, turned formats off).
    // (Not a rest destructuring: naming onSchemaError there reads it, through the prototype too.)
    const onSchemaError = Object.hasOwn(given, "onSchemaError") ? given.onSchemaError : undefined;
    const compileOptions = Object.fromEntries(Object.keys(given).filter((name) => name !== "onSchemaError").map((name) => [name, given[name as keyof typeof given]])) as CompileOptions;
    // A misspelt mode must not fall back to "throw", which SDK 1.x turns into no check at all.
    if (onSchemaError !== undefined && onSchemaError !== "throw" && onSchemaError !== "reject") {
      throw new TypeError(`onSchemaError must be "throw" or "reject", not ${typeof onSchemaError === "string" ? printable(JSON.stringify(shortenMiddle(onSchemaError, 40))) : kindOf(onSchemaError)}`);
    }
    // compile() refuses a `dialect` naming none as the schema's SchemaError: here it would refuse
    // every tool's schema (and SDK 1.x fails open on a throwing listTools).
    const dialect = Object.hasOwn(compileOptions, "dialect") ? compileOptions.dialect : undefined;
    if (dialect !== undefined && (typeof dialect !== "string" || dialectNamed(dialect) === undefined)) {
      throw new RangeError(`the dialect option must name a dialect ("2020-12", "2019-09", "draft-07", "draft-06", "draft-04" or one of their metaschema URIs), not ${typeof dialect === "string" ? printable(JSON.stringify(shortenMiddle(dialect, 80))) : kindOf(dialect)}`);
    }
    this.#options = mcpOptions(compileOptions);
    this.#reject = onSchemaError === "reject";
    // A compile option of the wrong kind (a `refs` typo, bad `bounds`) is said here, once, as
    // compile() says it: from getValidator it would come inside the SDK, for every schema, and
    // not as a SchemaError that "reject" turns into a rejecting validator.
    try {
      compile({}, { ...this.#options, cache: false }); // {}: a schema in every dialect (draft-04 has no boolean ones)
    } catch (error) {
      // The options passed their checks; a refusal of `{}` itself (a maxSize of 1, a `schemas`
      // document the policy refuses) is a schema's, said by getValidator as any other.
      if (!(error instanceof SchemaError)) throw error;
    }
    if (Object.hasOwn(compileOptions, "cache")) cacheOf(compileOptions.cache); // the test compile set its own
  }

  /** Throws SchemaError for a schema the gate refuses (unless onSchemaError is "reject"). */
  getValidator<T>(schema: unknown): JsonSchemaValidator<T> {
    let validator: Validator<unknown>;
    try {
      validator = compile(schema, this.#options);
    } catch (error) {
      // Every refusal, the stack's "depth" included: thrown, the SDK would check the tool's results
      // against nothing (a deep schema with bounds lifted overflows the walk at any stack).
      if (this.#reject && error instanceof SchemaError) return rejectAll<T>(error);
      throw error;
    }
    let fn = this.#functions.get(validator);
    if (fn === undefined) this.#functions.set(validator, (fn = validatorFunction(validator)));
    return fn as JsonSchemaValidator<T>;
  }
}
