// `schemagate test <schema> <instance …> --valid|--invalid`: checks that every instance gets the
// expected verdict (fixtures of a schema's tests). Exit status: 0 all as expected, 1 any not,
// 2 bad schema, unreadable or non-JSON file, bad usage.
import { COMPACT_MAX } from "../output/compact.js";
import { parseArgs, UsageError } from "./args.js";
import type { Io } from "./io.js";
import { SCHEMA_HELP, SCHEMA_OPTIONS } from "./load-schema.js";
import { printable } from "./printable.js";
import { READ_HELP, READ_OPTIONS, readLimitOf } from "./read-json.js";
import { COMMON_ARGS, INSTANCE_HELP, INSTANCE_TEXT, openSchema, readInstances, REDACT_HELP, report, schemaAndInstances } from "./validate.js";

export const TEST_HELP = `usage: schemagate test <schema> <instance …> --valid|--invalid [options]

Checks that every instance is valid (--valid) or that every one is invalid (--invalid) against
the schema: "ok.json: valid, as expected", or "bad.json: invalid, expected valid" with the
closest errors, one line each.

${INSTANCE_TEXT}

Exit status: 0 every instance as expected, 1 any not, 2 bad schema, unreadable or non-JSON file,
bad usage.

options:
  --valid                   every instance must be valid
  --invalid                 every instance must be invalid
${REDACT_HELP}
${INSTANCE_HELP.replace("print only the failures: nothing for a valid instance", "print only the instances that are not as expected")}
${SCHEMA_HELP}
${READ_HELP}
  -h, --help                this text`;

export async function testCommand(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(argv, { ...COMMON_ARGS, flags: [...COMMON_ARGS.flags, "--valid", "--invalid"], options: { ...SCHEMA_OPTIONS, ...READ_OPTIONS } });
  if (args.flags.has("--help")) {
    io.print(TEST_HELP);
    return 0;
  }
  const expected = args.flags.has("--valid");
  if (expected === args.flags.has("--invalid")) throw new UsageError("expected one of --valid and --invalid");
  const [schemaPath, instances] = schemaAndInstances(args);
  const quiet = args.flags.has("--quiet");
  const redact = args.flags.has("--redact");
  const validator = await openSchema(schemaPath, args, io, false);
  if (validator === undefined) return 2;
  let status = 0;
  for await (const instance of readInstances(instances, args, readLimitOf(args), io)) {
    if ("problem" in instance) {
      io.warn(instance.problem.message);
      status = 2;
      continue;
    }
    const result = validator.validate(instance.data, { redact });
    const verdict = result.valid ? "valid" : "invalid";
    if (result.valid === expected) {
      if (!quiet) io.print(`${io.out.bold(printable(instance.file))}: ${verdict}, ${io.out.green("as expected")}`);
      continue;
    }
    status = Math.max(status, 1);
    const why = result.valid ? [] : report(instance.file, result, "compact", COMPACT_MAX, io).split("\n").slice(1);
    io.print([`${io.out.bold(printable(instance.file))}: ${verdict}, ${io.out.red(`expected ${expected ? "valid" : "invalid"}`)}`, ...why].join("\n"));
  }
  return status;
}
