// `schemagate check <schema …>`: the gate, the metaschema and compilation only; prints what is
// wrong and where. Exit status: 0 all accepted, 1 any refused, 2 unreadable/non-JSON file or bad usage.
import { parseArgs, UsageError } from "./args.js";
import type { Io } from "./io.js";
import { compileOptionsOf, explainSchemaError, loadValidator, readStdinOnce, RefusedSchema, SCHEMA_ALIASES, SCHEMA_HELP, SCHEMA_OPTIONS, SCHEMA_REPEATABLE } from "./load-schema.js";
import { printable } from "./printable.js";
import { InputError, label, READ_HELP, READ_OPTIONS, readLimitOf, readOptionsOf } from "./read-json.js";

export const CHECK_HELP = `usage: schemagate check <schema …> [options]

Compiles each schema (a JSON file, YAML for .yaml and .yml when the yaml package is installed,
or - for standard input) as validate would: the gate (JSON only, depth and size bounds, the
$ref policy), the metaschema of its dialect, regexes and references. An accepted schema is reported with the dialect it was read in: "ok (draft-07)".
Exit status: 0 all accepted, 1 any refused, 2 unreadable or non-JSON file (a named pipe,
a device, a file over --max-file-size), bad usage.

options:
${SCHEMA_HELP}
${READ_HELP}
  -h, --help                this text`;

export async function checkCommand(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(argv, { flags: ["--help"], options: { ...SCHEMA_OPTIONS, ...READ_OPTIONS }, repeatable: SCHEMA_REPEATABLE, aliases: { "-h": "--help", ...SCHEMA_ALIASES } });
  if (args.flags.has("--help")) {
    io.print(CHECK_HELP);
    return 0;
  }
  if (args.positionals.length === 0) throw new UsageError("expected at least one schema file");
  readStdinOnce(args, args.positionals.length);
  const options = compileOptionsOf(args);
  const limit = readLimitOf(args);
  let status = 0;
  for (const path of args.positionals) {
    if (io.closed) break;
    try {
      const { dialect } = await loadValidator(path, options, limit, args.lists.get("--ref"), readOptionsOf(args));
      io.print(`${io.out.bold(printable(label(path)))}: ${io.out.green("ok")} ${io.out.dim(`(${dialect})`)}`);
    } catch (error) {
      if (error instanceof InputError) {
        io.warn(error.message);
        status = 2;
      } else if (error instanceof RefusedSchema) {
        io.print(explainSchemaError(error.file, error.error, io.out).join("\n"));
        status = Math.max(status, 1);
      } else throw error;
    }
  }
  return status;
}
