// The schema side of `validate` and `check`: read, compile under the chosen options, and explain
// a refusal (SchemaError) as lines people can act on.
import { compile } from "../compile.js";
import { formats } from "../formats/index.js";
import { SchemaError } from "../errors.js";
import type { Validator } from "../validator.js";
import { compact, compactLine } from "../output/compact.js";
import type { ArgSpec, ParsedArgs } from "./args.js";
import type { Paint } from "./color.js";
import { readJson } from "./read-json.js";

/** The options both commands take for the schema. */
export const SCHEMA_OPTIONS: NonNullable<ArgSpec["options"]> = {
  "--refs": ["fragment", "document"],
  "--format": ["annotate", "assert"],
};

export const SCHEMA_HELP = `  --refs fragment|document  fragment (default): every $ref must start with "#";
                            document: refs may also name $id resources inside the schema
  --format annotate|assert  assert: enforce "format" (default: annotate, never fails)`;

/** Reads and compiles `path`; throws InputError (unreadable, not JSON) or SchemaError (refused). */
export async function loadValidator(path: string, args: ParsedArgs): Promise<Validator> {
  const schema = await readJson(path);
  return compile(schema, {
    refs: args.options.get("--refs") === "document" ? "document" : "fragment",
    ...(args.options.get("--format") === "assert" ? { formats } : {}),
  });
}

/** "<file>: <code>: <message>", and for a metaschema failure the compact list of what is wrong. */
export function explainSchemaError(file: string, error: SchemaError, paint: Paint): string[] {
  if (error.code !== "invalid-schema" || error.errors === undefined || error.errors.length === 0) {
    return [`${paint.bold(file)}: ${paint.red(error.code)}: ${error.message}`];
  }
  const problems = compact(error.errors);
  const all = compact(error.errors, { max: Infinity }).length;
  const lines = [`${paint.bold(file)}: ${paint.red(error.code)}: the schema does not conform to the 2020-12 metaschema`];
  for (const problem of problems) lines.push(`  ${compactLine(problem)}`);
  if (all > problems.length) lines.push(`  … and ${all - problems.length} more`);
  return lines;
}

export function isSchemaError(error: unknown): error is SchemaError {
  return error instanceof SchemaError;
}
