export { compile, type CompileOptions } from "./compile.js";
export { Validator, type ValidationResult, type ValidateOptions } from "./validator.js";
export { SchemaError, ValidationError, type SchemaErrorCode } from "./errors.js";
export type { OutputUnit } from "./engine/types.js";
export { SchemaCache, defaultCache, type CacheStats } from "./cache.js";
export { MAX_DEPTH, MAX_SUBSCHEMAS, CACHE_SIZE } from "./limits.js";
