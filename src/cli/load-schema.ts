// The schema side of `validate` and `check`: read, compile under the chosen options, and explain
// a refusal (SchemaError) as lines people can act on.
import { compile, type CompileOptions } from "../compile.js";
import { formats } from "../formats/index.js";
import { SchemaError } from "../errors.js";
import { dialectNamed, DIALECTS } from "../keywords/dialects.js";
import type { Validator } from "../validator.js";
import { compact, compactLine, type CompactError } from "../output/compact.js";
import { UsageError, type ArgSpec, type ParsedArgs } from "./args.js";
import type { Paint } from "./color.js";
import { LOCATION_MAX, MESSAGE_MAX, printable } from "./printable.js";
import { MAX_FILE_SIZE, readJson } from "./read-json.js";

/** The options both commands take for the schema. */
export const SCHEMA_OPTIONS: NonNullable<ArgSpec["options"]> = {
  "--refs": ["fragment", "document"],
  "--format": ["annotate", "assert"],
  "--dialect": null,
};

export const SCHEMA_HELP = `  --dialect NAME            the dialect of a schema without $schema: 2020-12 (default),
                            2019-09, draft-07, draft-06, draft-04, or a metaschema URI;
                            a $schema naming one of them wins
  --refs fragment|document  fragment (default): every $ref must start with "#";
                            document: refs may also name $id resources inside the schema
  --format annotate|assert  assert: enforce "format" (default: annotate, never fails)`;

/** The compile options the command line asks for; throws UsageError for a dialect compile does not know. */
export function compileOptionsOf(args: ParsedArgs): CompileOptions {
  const dialect = args.options.get("--dialect");
  if (dialect !== undefined && dialectNamed(dialect) === undefined) {
    const names = DIALECTS.map((d) => d.name).join(", ");
    throw new UsageError(`--dialect must be ${names} or one of their metaschema URIs, not "${dialect}"`);
  }
  return {
    refs: args.options.get("--refs") === "document" ? "document" : "fragment",
    ...(args.options.get("--format") === "assert" ? { formats } : {}),
    ...(dialect !== undefined ? { dialect } : {}),
  };
}

/** Reads (at most `limit` bytes) and compiles `path`; throws InputError (unreadable, not JSON) or SchemaError (refused). */
export async function loadValidator(path: string, options: CompileOptions, limit = MAX_FILE_SIZE): Promise<Validator> {
  return compile(await readJson(path, limit), options);
}

/** A compact error as one printable line: its location and message escaped and shortened. */
export function printableCompactLine(error: CompactError): string {
  return compactLine({ ...error, instanceLocation: printable(error.instanceLocation, LOCATION_MAX), error: printable(error.error, MESSAGE_MAX) });
}

/** "<file>: <code>: <message>", and for a metaschema failure the compact list of what is wrong. */
export function explainSchemaError(file: string, error: SchemaError, paint: Paint): string[] {
  const name = paint.bold(printable(file));
  if (error.code !== "invalid-schema" || error.errors === undefined || error.errors.length === 0) {
    return [`${name}: ${paint.red(error.code)}: ${printable(error.message, MESSAGE_MAX)}`];
  }
  const problems = compact(error.errors);
  const all = compact(error.errors, { max: Infinity }).length;
  const lines = [`${name}: ${paint.red(error.code)}: the schema does not conform to the ${error.dialect ?? "2020-12"} metaschema`];
  for (const problem of problems) lines.push(`  ${printableCompactLine(problem)}`);
  if (all > problems.length) lines.push(`  … and ${all - problems.length} more`);
  return lines;
}


export function isSchemaError(error: unknown): error is SchemaError {
  return error instanceof SchemaError;
}
