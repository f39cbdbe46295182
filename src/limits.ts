// The bounds and sizes schemagate enforces by default, in one place.

/** Maximum nesting of objects and arrays in a schema document (the root is level 1). */
export const MAX_DEPTH = 64;
/** Maximum number of JSON objects and boolean subschemas in a schema document. */
export const MAX_SUBSCHEMAS = 10_000;
/**
 * Characters a schema resource's URI may have (its `$id` resolved against the base, or the URI
 * of a document in `schemas`): RFC 9110 asks for at least 8,000. Each resource keeps its URI, and
 * resolving a reference reads its resource's, so without a bound a long `$id` that thousands of
 * embedded resources resolve against made compile time and memory that length times their number.
 */
export const MAX_IDENTIFIER = 8_192;
/** Characters of canonical JSON a schema document may have, per object `maxSubschemas` allows: aliased arrays and strings (`a = [a, a]` 24 times) are walked whole, so their total is bounded too. */
export const SIZE_PER_SUBSCHEMA = 1_024;
/** Approximate bytes the shared default SchemaCache keeps (keys and the validators' schema texts). */
export const CACHE_BYTES = 64 * 1024 * 1024;
/**
 * What a cache entry counts for each JSON object of its schema, besides its text: the compiled
 * form (plans, closures, the explainer's tables) is made per schema object, and a schema of
 * thousands of small objects kept dozens of times its text's bytes.
 */
export const CACHE_BYTES_PER_OBJECT = 1_024;
/**
 * What a cache entry counts for each keyword of its schema objects: each has closures or plan
 * fields in every variant, and the variants that collect errors and annotations are compiled
 * after the entry is weighed (a schema of objects dense with keywords kept six times its count).
 */
export const CACHE_BYTES_PER_KEYWORD = 512;
/**
 * What a cache entry counts for each character of its subschemas' JSON Pointers together (the
 * gate's locations): each variant keeps a subschema's location, and an error place its
 * percent-encoded absolute location, up to 9 bytes a character (long keys above many
 * subschemas kept over a hundred times the entry's count).
 */
export const CACHE_BYTES_PER_LOCATION = 24;
/**
 * VM states (src/regex/nfa.ts) the distinct patterns of one compile may hold together: a pattern
 * not proven safe for V8's RegExp runs on the linear VM with up to 10,000 states, and a short
 * counted repetition has that many, so 2,048 short patterns held gigabytes.
 */
export const COMPILE_VM_STATES = 100_000;
/**
 * Work (src/regex/safety.ts) the backtracking analyses of one compile's patterns may do together:
 * each may take 400,000, and 2,000 short patterns took seconds; real ones take a few thousand
 * (zod's date patterns about 2,000). Past it, the compile's other
 * patterns run on the linear VM without the analysis that could have put them on V8's RegExp.
 */
export const COMPILE_ANALYSIS_WORK = 1_000_000;
/**
 * What a cache entry counts for each JSON value inside an `enum` or `const` value, besides its
 * text: the plans, the closures and the explainer each keep a table of the values (a Set, sorted
 * copies for messages), and 200,000 numbers in an enum kept about five times their count.
 */
export const CACHE_BYTES_PER_COMPARED = 128;
/**
 * What a cache entry counts for each JSON value of its documents, beyond its text: a copy keeps a
 * slot for each and a header for each array, so a document of many small arrays kept several
 * times its text (measured in the commit that added this: git log src/limits.ts).
 */
export const CACHE_BYTES_PER_VALUE = 32;
/** What a cache entry counts for each VM state of its patterns: the program, and the VM's lists once it runs. */
export const CACHE_BYTES_PER_VM_STATE = 40;
/**
 * What a cache entry counts for each Unicode property escape (`\p{L}`) of its distinct patterns:
 * V8 keeps the expanded class in the code it compiles for a RegExp, several kilobytes each
 * (measured in the commit that added this: git log src/limits.ts).
 */
export const CACHE_BYTES_PER_PROPERTY_ESCAPE = 8_192;
/**
 * What a cache entry counts for each character of its distinct patterns: V8 compiles code for a
 * RegExp it runs, for one-byte and for two-byte strings, about 100 to 160 bytes a character for
 * lookarounds and groups (weighed by their text alone, long lookaround patterns held 16 to 28 times
 * what the cache counted: git log src/limits.ts).
 */
export const CACHE_BYTES_PER_PATTERN_CHARACTER = 128;
/** Entries of the shared default SchemaCache. */
export const CACHE_SIZE = 1_000;
/** Longest SchemaError message before its location (cut in the middle past it: it quotes the schema's values). */
export const MESSAGE_LENGTH = 2_000;
/** Longest part of what the data threw that a `"$data"` unit repeats (the data wrote it: it may be any size). */
export const THROWN_TEXT_LENGTH = 200;
/** Longest JSON Pointer shown in an error message before it is cut. */
export const MESSAGE_POINTER_LENGTH = 80;
/** Reference crossings in one validation before results start being remembered (see engine/memo.ts). */
export const MEMO_AFTER = 4_096;
/**
 * The memo's lookups are weighed in runs of MEMO_EPOCH: when fewer than a quarter found a result,
 * it rests (neither looks up nor keeps) for the next MEMO_REST crossings (see engine/memo.ts).
 */
export const MEMO_EPOCH = 4_096;
export const MEMO_REST = 7 * MEMO_EPOCH;
/** Units (kept or dropped) the error pass may make before known failures are no longer followed again. */
export const ERROR_WORK = 10_000;
/** Levels of the instance in which the error pass asks which items and additional properties pass before following them (see engine/report.ts, asksFirst). */
export const QUIET_DEPTH = 16;
/** Invalid instances a validator explains from its schema's own objects (engine/explain.ts) before it compiles the closures that collect errors, faster but larger. */
export const EXPLAINED_INVALID = 16;
/** Output units one validate() call records by default before the list is cut. */
export const MAX_ERRORS = 1_000;
/**
 * How deep custom metaschemas' compiles may nest: a `schemas` document whose resources name
 * another custom metaschema compiles it within its own compile (each once per compile), and a
 * chain of thousands would run out of stack.
 */
export const MAX_CUSTOM_METASCHEMA_DEPTH = 16;
/** Characters of locations and messages one validate() call records before the list is cut, whatever maxErrors says (see engine/report.ts full()). */
export const MAX_OUTPUT_TEXT = 4_000_000;
/** Values deep that evaluation may follow recursive references into (compile's `maxDataDepth`): well above real documents, below where a cold process runs out of stack unless the schema spends several in-place references per level (README, "Data depth"). */
export const MAX_DATA_DEPTH = 256;
/**
 * Longest message of a Standard Schema issue (`~standard.validate`): the libraries that take one
 * (the MCP SDK among them) join the messages into one error for logs and a model's context.
 */
export const MAX_ISSUE_MESSAGE = 1_000;
