// schemagate/mcp: tool schemas of the Model Context Protocol (SEP-2106), the structuredContent
// text fallback, and a provider for the MCP TypeScript SDK's `jsonSchemaValidator` option.
export { ToolInputSchema } from "./tool-input-schema.js";
export { ToolOutputSchema } from "./tool-output-schema.js";
export type { ToolSchema, SchemaObject } from "./tool-schema.js";
export { withStructuredContentFallback, type ToolResultLike, type TextContentLike, type WithFallback, type JsonOf } from "./structured-content.js";
export {
  SchemagateJsonSchemaValidator,
  type JsonSchemaValidator,
  type JsonSchemaValidatorResult,
  type SchemagateValidatorOptions,
} from "./provider.js";
export { InvalidArgumentsError, InvalidResultError } from "./errors.js";
export { MAX_ERROR_MESSAGE_LENGTH, DIALECT_2020_12 } from "./limits.js";
// The build makes these imports of the one engine bundle (dist/core.*) that `schemagate` imports
// too: the classes below are the same ones, so a SchemaError from either entry is one class.
export { compile, type CompileOptions } from "../compile.js";
export { SchemaError, type SchemaErrorCode } from "../errors.js";
export type { Validator, ValidationResult } from "../validator.js";
export type { OutputUnit } from "../engine/types.js";
export type { ValidationErrorUnit, ErrorUnitOf, ErrorParams, ErrorKeyword } from "../output/units.js";
export type { StandardProps, StandardIssue, StandardResult, StandardJsonSchemaOptions } from "../standard-schema.js";
