// The schema side of `validate` and `check`: read, compile under the chosen options, and explain
// a refusal (SchemaError) as lines people can act on.
import { compile, type CompileOptions } from "../compile.js";
import { formats } from "../formats/index.js";
import { SchemaError } from "../errors.js";
import { dialectNamed, DIALECTS } from "../keywords/dialects.js";
import type { Validator } from "../validator.js";
import { compact, COMPACT_MAX, compactLine, type CompactError } from "../output/compact.js";
import { UsageError, type ArgSpec, type ParsedArgs } from "./args.js";
import type { Paint } from "./color.js";
import { MESSAGE_MAX, printable } from "./printable.js";
import { label, MAX_FILE_SIZE, readJson, type ReadOptions } from "./read-json.js";
import { refDocuments, type RefDocuments, withFileBase } from "./ref-documents.js";
import { resourceUri } from "../uri.js";

/** The options both commands take for the schema. */
export const SCHEMA_OPTIONS: NonNullable<ArgSpec["options"]> = {
  "--refs": ["fragment", "document"],
  "--format": ["annotate", "assert"],
  "--dialect": null,
  "--ref": null,
  "--max-schema-depth": null,
  "--max-subschemas": null,
  "--max-schema-size": null,
};
/** The schema options that may be given more than once. */
export const SCHEMA_REPEATABLE: readonly string[] = ["--ref"];
export const SCHEMA_ALIASES: Readonly<Record<string, string>> = { "-r": "--ref" };

export const SCHEMA_HELP = `  --dialect NAME            the dialect of a schema without $schema: 2020-12 (default),
                            2019-09, draft-07, draft-06, draft-04, or a metaschema URI;
                            a $schema naming one of them wins
  --refs fragment|document  fragment (default): every $ref must start with "#";
                            document: refs may also name $id resources inside the schema
  -r, --ref FILE            a schema document that $ref may name, by its $id or by its
                            path relative to the schema's file ("other.json",
                            "defs/a.json", "../a.json"); a directory or a quoted
                            pattern ('defs/*.json') names its .json files;
                            repeatable; implies --refs document
  --format annotate|assert  assert: enforce "format" (default: annotate, never fails)
  --max-schema-depth N      the gate's bounds, raised for a large schema you trust:
  --max-subschemas N        nesting depth (default 64), objects and boolean subschemas
  --max-schema-size N       (10000), characters of JSON (default: 1024 for each subschema
                            allowed)`;

/**
 * Standard input ("-") can be read only once: as a schema, an instance or a -r file (UsageError
 * otherwise). The -r files are read once for each of `schemas` schemas.
 */
export function readStdinOnce(args: ParsedArgs, schemas = 1): void {
  const refs = args.lists.get("--ref") ?? [];
  const uses = args.positionals.filter((p) => p === "-").length + (refs.includes("-") ? schemas : 0);
  if (uses > 1) throw new UsageError("standard input (-) can be read only once");
}

/** The compile options the command line asks for; throws UsageError for a dialect compile does not know. */
export function compileOptionsOf(args: ParsedArgs): CompileOptions {
  const dialect = args.options.get("--dialect");
  if (dialect !== undefined && dialectNamed(dialect) === undefined) {
    const names = DIALECTS.map((d) => d.name).join(", ");
    throw new UsageError(`--dialect must be ${names} or one of their metaschema URIs, not "${dialect}"`);
  }
  const withRefs = (args.lists.get("--ref") ?? []).length > 0;
  if (withRefs && args.options.get("--refs") === "fragment") throw new UsageError("-r/--ref needs --refs document (the default with -r)");
  const bounds = boundsOf(args);
  return {
    refs: withRefs || args.options.get("--refs") === "document" ? "document" : "fragment",
    ...(args.options.get("--format") === "assert" ? { formats } : {}),
    ...(dialect !== undefined ? { dialect } : {}),
    ...(bounds !== undefined ? { bounds } : {}),
  };
}

/** The bounds the --max-schema-* options set (the others keep their defaults), or undefined without them. */
function boundsOf(args: ParsedArgs): Bounds | undefined {
  let bounds: Bounds | undefined;
  for (const [option, name] of BOUND_OPTIONS) {
    const value = args.options.get(option);
    if (value === undefined) continue;
    const limit = /^[1-9]\d*$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(limit)) throw new UsageError(`${option} must be a whole number, 1 or more, not "${value}"`);
    bounds = { ...bounds, [name]: limit };
  }
  return bounds;
}

type Bounds = Exclude<NonNullable<CompileOptions["bounds"]>, false>;
const BOUND_OPTIONS: readonly [string, keyof Bounds][] = [
  ["--max-schema-depth", "maxDepth"],
  ["--max-subschemas", "maxSubschemas"],
  ["--max-schema-size", "maxSize"],
];

/** A schema refused, and the file that holds what is refused: the main schema's, or a -r file's. */
export class RefusedSchema extends Error {
  override readonly name = "RefusedSchema";
  constructor(
    readonly file: string,
    readonly error: SchemaError,
  ) {
    super(error.message);
  }
}

/**
 * Reads (at most `limit` bytes each) and compiles `path`, with the `refs` files (-r) as the
 * documents its $refs may name; throws InputError (unreadable, not JSON), RefusedSchema
 * or UsageError (two -r files that claim one URI).
 */
export async function loadValidator(path: string, options: CompileOptions, limit = MAX_FILE_SIZE, refs: readonly string[] = [], read: ReadOptions = {}): Promise<Validator> {
  const schema = await readJson(path, limit, read);
  const documents = refs.length === 0 ? undefined : await refDocuments(refs, limit, options.dialect, path, read);
  try {
    if (documents === undefined) return compile(schema, options);
    return compile(withFileBase(schema, path, options.dialect), { ...options, schemas: documents.schemas });
  } catch (error) {
    if (!isSchemaError(error)) throw error;
    throw new RefusedSchema((documents && refusedIn(error, documents)) ?? label(path), error);
  }
}

/** The -r file that holds what `error` refuses (its `document` is one of the file's URIs), or undefined for the main schema. */
function refusedIn(error: SchemaError, documents: RefDocuments): string | undefined {
  const uri = error.document;
  if (uri === undefined) return undefined;
  const named = resourceUri(uri); // the key the file was given under: one of its URIs, as written
  return documents.files.find((file) => file.keys.some((key) => resourceUri(key) === named))?.path;
}

/**
 * A compact error as one printable line: its message shortened and escaped, its location as
 * compactLine shortens it (LINE_LOCATION), then escaped with the rest (the message has nothing left to escape).
 */
export function printableCompactLine(error: CompactError): string {
  return printable(compactLine({ ...error, error: printable(error.error, MESSAGE_MAX) }));
}

/** The library's advice and the CLI's for it: -r names a document, --format assert gives the checkers. */
const CLI_TERMS: readonly [string, string][] = [
  ['compile with refs: "document" and give the document it names in the schemas option, which is read only then', "give the document it names with -r FILE"],
  [": give it in the schemas option under that key", ": give it with -r FILE (found by its $id or its file's location)"],
  ['; a custom metaschema is read from the schemas option, and unknownDialect: "default" reads such a schema in the default dialect', "; a custom metaschema is read from a -r file"],
  ['pass format checkers (the formats option, e.g. from "schemagate/formats")', "use --format assert"],
  ["bounds.maxDepth", "--max-schema-depth"],
  ["bounds.maxSubschemas", "--max-subschemas"],
  ["bounds.maxSize", "--max-schema-size"],
  ["this one holds JSON text, so pass JSON.parse(text)", "this file holds JSON text inside a JSON string: write the schema itself"],
];

/** The library's advice, as the CLI takes it: the last of its words in the message (the advice follows what it quotes from the schema). */
export function inCliTerms(message: string): string {
  let said = message;
  for (const [library, cli] of CLI_TERMS) {
    const at = said.lastIndexOf(library);
    if (at >= 0) said = said.slice(0, at) + cli + said.slice(at + library.length);
  }
  return said;
}

/** "<file>: <code>: <message>", and for a metaschema failure the compact list of what is wrong. */
export function explainSchemaError(file: string, error: SchemaError, paint: Paint): string[] {
  const name = paint.bold(printable(file));
  if (error.code !== "invalid-schema" || error.errors === undefined || error.errors.length === 0) {
    return [`${name}: ${paint.red(error.code)}: ${printable(inCliTerms(error.message), MESSAGE_MAX)}`];
  }
  const every = compact(error.errors, { max: Infinity });
  const problems = every.slice(0, COMPACT_MAX);
  const all = every.length;
  const lines = [`${name}: ${paint.red(error.code)}: the schema does not conform to the ${error.dialect ?? "2020-12"} metaschema`];
  for (const problem of problems) lines.push(`  ${printableCompactLine(problem)}`);
  if (all > problems.length) lines.push(`  … and ${all - problems.length} more`);
  return lines;
}


export function isSchemaError(error: unknown): error is SchemaError {
  return error instanceof SchemaError;
}
