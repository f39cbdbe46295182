// The sizes and names the MCP layer fixes, in one place (the core's own are in ../limits.ts).

/**
 * Longest error text the MCP layer builds from validation errors: the provider's `errorMessage`
 * and the messages of InvalidArgumentsError / InvalidResultError. Errors come from untrusted
 * data and end up in logs and in a model's context, so the text is cut (the full list stays in
 * `.errors`).
 */
export const MAX_ERROR_MESSAGE_LENGTH = 1_000;

/**
 * The dialect MCP tool schemas default to (SEP-2106); `toJSON()` writes it unless the author gave
 * a `$schema` or compile's `dialect` option names another.
 */
export const DIALECT_2020_12 = "https://json-schema.org/draft/2020-12/schema";
