// The bounds and sizes schemagate enforces by default, in one place.

/** Maximum nesting of objects and arrays in a schema document (the root is level 1). */
export const MAX_DEPTH = 64;
/** Maximum number of JSON objects in a schema document. */
export const MAX_SUBSCHEMAS = 10_000;
/** Entries of the shared default SchemaCache. */
export const CACHE_SIZE = 1_000;
/** Longest JSON Pointer shown in an error message before it is cut. */
export const MESSAGE_POINTER_LENGTH = 80;
