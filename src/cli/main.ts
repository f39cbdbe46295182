// The schemagate command line: validate, check, suite. Exit status 2 for bad usage; problems are
// explained in one line each, never with a stack trace (SCHEMAGATE_DEBUG=1 shows one for internal errors).
// A closed standard output (`… | head`) ends a command quietly (see io.ts).
import { UsageError } from "./args.js";
import { argumentsNotUtf8 } from "./argv-bytes.js";
import { CHECK_HELP, checkCommand } from "./check.js";
import { processIo, type Io } from "./io.js";
import { printable } from "./printable.js";
import { SUITE_HELP, suiteCommand } from "./suite-command.js";
import { TEST_HELP, testCommand } from "./test-command.js";
import { VALIDATE_HELP, validateCommand } from "./validate.js";
import { packageVersion } from "./version.js";

const HELP = `usage: schemagate <command> [options]

commands:
  validate <schema> <instance …>   validate JSON files (or - for standard input, a directory,
                                   a 'glob/**/*.json') against a schema
  test <schema> <instance …> --valid|--invalid
                                   check that every instance gets the expected verdict
  check <schema …>                 check schemas: the gate, their dialect's metaschema, refs, regexes
  suite [--draft NAME|all]         the conformance table over the official JSON-Schema-Test-Suite

options:
  -h, --help      this text (schemagate <command> --help for a command's options)
  -v, --version   the version

JSON Schema 2020-12 by default; 2019-09, draft-07, draft-06 and draft-04 by $schema or --dialect.
No network access: references resolve only inside the given schema and the -r files.`;

const COMMANDS: Record<string, { help: string; run: (args: readonly string[], io: Io) => number | Promise<number> }> = {
  validate: { help: VALIDATE_HELP, run: validateCommand },
  test: { help: TEST_HELP, run: testCommand },
  check: { help: CHECK_HELP, run: checkCommand },
  suite: { help: SUITE_HELP, run: suiteCommand },
};

async function main(argv: readonly string[], io: Io): Promise<number> {
  const [lossy] = argumentsNotUtf8(argv);
  if (lossy !== undefined) {
    throw new UsageError(`the argument "${lossy}" is not UTF-8, and Node passes it on with U+FFFD for each such byte, which names another file: name it by a pattern ("caf?.json") or by its directory, which find it by its bytes`, { cause: "top" });
  }
  const [command, ...rest] = argv;
  if (command === undefined || command === "--help" || command === "-h" || command === "help") {
    const topic = command === "help" && rest[0] !== undefined && Object.hasOwn(COMMANDS, rest[0]) ? COMMANDS[rest[0]] : undefined;
    if (command === "help" && rest[0] !== undefined && topic === undefined) throw new UsageError(`unknown command "${rest[0]}"`);
    (command === undefined ? io.warn : io.print)(topic?.help ?? HELP);
    return command === undefined ? 2 : 0;
  }
  if (command === "--version" || command === "-v") {
    io.print(packageVersion());
    return 0;
  }
  const entry = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (entry === undefined) throw new UsageError(`unknown command "${command}"`, { cause: "top" });
  try {
    return await entry.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError && error.cause === undefined) error.cause = command;
    throw error;
  }
}

const io = processIo();
// A write error is reported by the stream's "error" event, which can come after the command has
// returned (a file on a full disk): it decides the status as the process exits.
process.on("exit", () => {
  if (io.failed) process.exitCode = 2;
});
main(process.argv.slice(2), io).then(
  (status) => {
    process.exitCode = status;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      const command = typeof error.cause === "string" && error.cause !== "top" ? ` ${error.cause}` : "";
      io.warn(`schemagate${command}: ${printable(error.message)}\n(see schemagate${command} --help)`);
    } else {
      const detail = process.env["SCHEMAGATE_DEBUG"] ? String((error as Error)?.stack ?? error) : printable(String((error as Error)?.message ?? error));
      io.warn(`schemagate: internal error: ${detail}\n(please report it; SCHEMAGATE_DEBUG=1 shows where it happened)`);
    }
    process.exitCode = 2;
  },
);
