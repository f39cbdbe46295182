export { compile, type CompileOptions } from "./compile.js";
export { Validator, type ValidationResult, type ValidateOptions, type OutputOptions } from "./validator.js";
export type { OutputFormat, OutputNode } from "./output/formats.js";
export { SchemaError, ValidationError, type SchemaErrorCode } from "./errors.js";
export type { DialectName } from "./keywords/dialects.js";
export type { OutputUnit, AnnotationUnit } from "./engine/types.js";
export { SchemaCache, defaultCache, type CacheStats } from "./cache.js";
export { MAX_DEPTH, MAX_SUBSCHEMAS, CACHE_SIZE } from "./limits.js";
export { compact, formatCompact, type CompactError, type CompactOptions } from "./output/compact.js";
