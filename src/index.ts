export { compile, type CompileOptions } from "./compile.js";
export { Validator, type ValidationResult, type ValidateOptions } from "./validator.js";
export { SchemaError, ValidationError, type SchemaErrorCode } from "./errors.js";
export type { OutputUnit } from "./engine/types.js";
