// `schemagate validate <schema> [instance …]`: exit 0 when every instance is valid, 1 when any is
// invalid, 2 for a bad schema, an unreadable or non-JSON file, or bad usage.
import type { OutputUnit } from "../engine/types.js";
import { plainMessage } from "../errors.js";
import { MAX_ERRORS } from "../limits.js";
import type { OutputNode } from "../output/formats.js";
import type { ValidationResult, Validator } from "../validator.js";
import { compact, COMPACT_MAX } from "../output/compact.js";
import { wasCut } from "../standard-schema.js";
import { shortenMiddle } from "../output/shorten.js";
import { parseArgs, type ParsedArgs, UsageError } from "./args.js";
import { expandInstances } from "./instances.js";
import { ResultSpool } from "./result-spool.js";
import type { Io } from "./io.js";
import { compileOptionsOf, explainSchemaError, inCliTerms, loadValidator, printableCompactLine, readStdinOnce, RefusedSchema, SCHEMA_ALIASES, SCHEMA_HELP, SCHEMA_OPTIONS, SCHEMA_REPEATABLE } from "./load-schema.js";
import { escapedJson, LOCATION_MAX, MESSAGE_MAX, printable, printableJson } from "./printable.js";
import { InputError, label, READ_HELP, READ_OPTIONS, readJson, readLimitOf, readOptionsOf } from "./read-json.js";

/** The most errors printed per instance by default (compact: COMPACT_MAX). */
export const PRINTED_ERRORS = 100;
/** The most characters of errors listed per instance by --output json, past the first error: 1 MiB. */
export const JSON_ERRORS_SIZE = 1024 * 1024;
/** The longest string of an error cut by --output json (cutUnit). */
const JSON_TEXT_MAX = 64 * 1024;
/** Deeper units of --output detailed are indented no further (their level is printed instead). */
const MAX_INDENT = 20;

/** The instance options of validate and test. */
export const INSTANCE_HELP = `  -q, --quiet               print only the failures: nothing for a valid instance
  -R, --recursive           a directory is its .json files and its subdirectories' too`;

/** Where validate and test find their instances. */
export const INSTANCE_TEXT = `An instance is a JSON file (YAML for .yaml and .yml, when the yaml package is installed),
- for standard input, a directory (every .json file in it, sorted; -R for its subdirectories
too) or a pattern the command expands itself: * and ? within a name, ** for any number of
folders ('data/**/*.json', quoted so that the shell leaves it). Names starting with "." are
matched only by a pattern that spells the dot; a pattern that matches no file is an error,
and so is a directory that cannot be read.`;

/** The --redact option of validate and test. */
export const REDACT_HELP = `  --redact                  leave the instances' values out of messages ("but is a string
                            (value hidden)"), and the files' text out of syntax errors,
                            for logs that must not echo secrets`;

/** The arguments validate and test share. */
export const COMMON_ARGS = {
  flags: ["--help", "--quiet", "--recursive", "--redact"],
  repeatable: SCHEMA_REPEATABLE,
  aliases: { "-h": "--help", "-q": "--quiet", "-R": "--recursive", ...SCHEMA_ALIASES },
} as const;

export const VALIDATE_HELP = `usage: schemagate validate <schema> <instance …> [options]

Validates each instance against the schema.

${INSTANCE_TEXT}

Exit status: 0 all valid, 1 any invalid, 2 bad schema, unreadable or non-JSON file (a named
pipe, a device, a file over --max-file-size), bad usage.

options:
  -o, --output FORMAT       basic (default): the errors, each with its schema location
                            compact: the closest errors only, one line each (for logs, LLMs)
                            detailed: the 2020-12 "detailed" output, as an indented tree
                            json: {"valid", "dialect", "results": [{"file", "valid",
                            "errors"}]}, or {"valid": false, "schema": {…}} when the
                            schema is refused
  --max-errors N            the most errors printed per instance, then "… and N more":
                            default ${PRINTED_ERRORS} (compact: ${COMPACT_MAX}); json lists them whole, up to
                            1 MiB of them, with "truncated": true past it (or when one
                            error alone passes 1 MiB: its texts are cut in the middle)
${REDACT_HELP}
${INSTANCE_HELP}
${SCHEMA_HELP}
${READ_HELP}
  -h, --help                this text

Locations over ${LOCATION_MAX} characters and messages over ${MESSAGE_MAX} are shortened in the middle
with "…"; control characters from the files are printed as escapes (\\n, \\u001b).`;

type Format = "basic" | "compact" | "detailed" | "json";

interface JsonResult {
  file: string;
  valid: boolean;
  errors?: unknown[];
  truncated?: true;
  problem?: string;
}

export async function validateCommand(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(argv, {
    ...COMMON_ARGS,
    options: { "--output": ["basic", "detailed", "compact", "json"], "--max-errors": null, ...SCHEMA_OPTIONS, ...READ_OPTIONS },
    aliases: { ...COMMON_ARGS.aliases, "-o": "--output" },
  });
  if (args.flags.has("--help")) {
    io.print(VALIDATE_HELP);
    return 0;
  }
  const [schemaPath, instances] = schemaAndInstances(args);
  const format = (args.options.get("--output") ?? "basic") as Format;
  const limit = readLimitOf(args);
  const max = maxErrorsOf(args, format === "compact" ? COMPACT_MAX : PRINTED_ERRORS);
  const quiet = args.flags.has("--quiet");
  // Recorded: the library's default, or more when more are to be printed.
  const record = { maxErrors: Math.max(max, MAX_ERRORS), redact: args.flags.has("--redact") };

  const validator = await openSchema(schemaPath, args, io, format === "json");
  if (validator === undefined) return 2;

  let status = 0;
  // --output json: each result's text, written when "valid" (which comes first) is known.
  const results = new ResultSpool();
  try {
    status = await validateEach(validator, instances, args, { format, limit, max, quiet, record }, results, io);
    if (format === "json") printJsonReport({ valid: status === 0, dialect: validator.dialect }, results, io);
  } finally {
    results.dispose();
  }
  return status;
}

/** Each instance validated and reported (or its result held, for --output json); the exit status. */
async function validateEach(validator: Validator, instances: string[], args: ParsedArgs, how: { format: Format; limit: number; max: number; quiet: boolean; record: { maxErrors: number; redact: boolean } }, results: ResultSpool, io: Io): Promise<number> {
  const { format, limit, max, quiet, record } = how;
  let status = 0;
  for await (const instance of readInstances(instances, args, limit, io)) {
    if ("problem" in instance) {
      if (format === "json") results.push(printableJson({ file: instance.problem.file, valid: false, problem: instance.problem.text }));
      else io.warn(instance.problem.message);
      status = 2;
      continue;
    }
    const { file, data } = instance;
    const result = validator.validate(data, record);
    if (!result.valid) status = Math.max(status, 1);
    if (result.valid && quiet) continue;
    if (format === "json") results.push(printableJson(result.valid ? { file, valid: true } : jsonResult(file, result, max)));
    else if (format === "detailed") io.print(detailedReport(file, validator, data, result, max, record, io));
    else io.print(report(file, result, format, max, io));
  }
  return status;
}

/**
 * --output json: {"valid", "dialect", "results": […]}, as printableJson would write it, one result
 * at a time: as one string, a few hundred results of 1 MiB each would pass V8's longest string.
 */
export function printJsonReport(head: { valid: boolean; dialect: string }, results: ResultSpool, io: Io): void {
  if (results.count === 0) return io.print(printableJson({ ...head, results: [] }));
  io.print(`${printableJson(head).slice(0, -2)},\n  "results": [`);
  // Each result is indented as a member of the array (its text's only line breaks are JSON's own).
  let i = 0;
  for (const text of results.texts()) {
    if (io.closed) return;
    io.print(`    ${text.replace(/\n/g, "\n    ")}${++i < results.count ? "," : ""}`);
  }
  io.print("  ]\n}");
}

/** The schema and the instance arguments; throws UsageError when either is missing. */
export function schemaAndInstances(args: ParsedArgs): [string, string[]] {
  const [schemaPath, ...instances] = args.positionals;
  if (schemaPath === undefined) throw new UsageError("expected a schema and at least one instance");
  if (instances.length === 0) throw new UsageError("expected at least one instance after the schema (- reads standard input)");
  readStdinOnce(args);
  return [schemaPath, instances];
}

/**
 * Reads and compiles the schema (with its -r documents); undefined, once the problem is printed
 * (as JSON when `json`), when it cannot be read or is refused.
 */
export async function openSchema(schemaPath: string, args: ParsedArgs, io: Io, json: boolean): Promise<Validator | undefined> {
  try {
    return await loadValidator(schemaPath, compileOptionsOf(args), readLimitOf(args), args.lists.get("--ref"), readOptionsOf(args));
  } catch (error) {
    if (error instanceof InputError) {
      if (json) io.print(printableJson({ valid: false, schema: { file: error.file, problem: error.text } }));
      else io.warn(error.message);
      return undefined;
    }
    if (!(error instanceof RefusedSchema)) throw error;
    const { file } = error;
    if (json) {
      const { code, schemaLocation, errors } = error.error;
      io.print(printableJson({ valid: false, schema: { file, code, schemaLocation, message: inCliTerms(plainMessage(error.error)), errors } }));
    } else io.warn(explainSchemaError(file, error.error, io.err).join("\n"));
    return undefined;
  }
}

/** Each instance in turn, read (its label and data) or not (the problem); none once standard output is closed. */
export async function* readInstances(paths: readonly string[], args: ParsedArgs, limit: number, io: Io): AsyncGenerator<{ file: string; data: unknown } | { problem: InputError }> {
  for (const instance of await expandInstances(paths, args.flags.has("--recursive"))) {
    if (io.closed) return;
    if ("problem" in instance) {
      yield instance;
      continue;
    }
    let data: unknown;
    try {
      data = await readJson(instance.path, limit, readOptionsOf(args));
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      yield { problem: error };
      continue;
    }
    yield { file: label(instance.path), data };
  }
}

/** --max-errors: a whole number, 0 or more; `fallback` without it. */
function maxErrorsOf(args: ParsedArgs, fallback: number): number {
  const value = args.options.get("--max-errors");
  if (value === undefined) return fallback;
  const max = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(max)) throw new UsageError(`--max-errors must be a whole number (0 or more), not "${value}"`);
  return max;
}

/**
 * An invalid instance in --output json: its first `max` errors, whole (a program reads them), and
 * past the first one no more once their JSON passes JSON_ERRORS_SIZE characters (a location can be
 * as long as the instance); "truncated" when some are left out, or when the first alone passes
 * that size and is cut (cutUnit).
 */
function jsonResult(file: string, result: ValidationResult & { valid: false }, max: number): JsonResult {
  const errors: OutputUnit[] = [];
  let size = 0;
  let cut = false;
  for (const unit of result.errors) {
    if (errors.length >= max) break;
    const length = jsonLength(unit);
    size += length;
    if (errors.length > 0 && size > JSON_ERRORS_SIZE) break;
    if (length > JSON_ERRORS_SIZE) cut = true; // the first only: past it the loop has ended
    errors.push(length > JSON_ERRORS_SIZE ? cutUnit(unit) : unit);
  }
  return { file, valid: false, errors, ...(cut || wasCut(result) || errors.length < result.errors.length ? { truncated: true } : {}) };
}

/** The length of `value` as JSON, as printed (printableJson's escapes counted); Infinity past the longest string V8 makes. */
function jsonLength(value: unknown): number {
  try {
    return escapedJson(JSON.stringify(value)).length;
  } catch {
    return Infinity;
  }
}

/**
 * `unit` (a first error over JSON_ERRORS_SIZE: a key of 60 MB names its location) with each
 * string, its params' too, cut in the middle to JSON_TEXT_MAX characters as the text output cuts
 * its own, and the params still longer (a long enum's values) left out.
 */
function cutUnit(unit: OutputUnit): OutputUnit {
  const cut = (text: string) => shortenMiddle(text, JSON_TEXT_MAX);
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(unit.params)) {
    if (typeof value === "string") params[name] = cut(value);
    else if (jsonLength(value) <= JSON_TEXT_MAX) params[name] = value;
  }
  const { absoluteKeywordLocation: absolute } = unit;
  return {
    keywordLocation: cut(unit.keywordLocation),
    instanceLocation: cut(unit.instanceLocation),
    ...(absolute === undefined ? {} : { absoluteKeywordLocation: cut(absolute) }),
    error: cut(unit.error),
    keyword: unit.keyword,
    params,
  };
}

function header(file: string, valid: boolean, io: Io, note = ""): string {
  return `${io.out.bold(printable(file))}: ${valid ? io.out.green("valid") : io.out.red("invalid")}${note}`;
}

/** The closing line when `more` errors are not printed ("+" when the validator stopped recording them). */
function moreLine(more: number, truncated: boolean | undefined, io: Io): string {
  return io.out.dim(`  … and ${more}${truncated ? "+" : ""} more (--max-errors N prints more)`);
}

/** The closing line when every error recorded is printed but the validator stopped recording (maxErrors, or the output's bound). */
function cutLine(recorded: number, io: Io): string {
  return io.out.dim(`  … the list was cut at ${recorded} error${recorded === 1 ? "" : "s"}`);
}

/** "/a/b: message [/schema/location]": each part escaped and shortened. */
function errorLine(unit: Pick<OutputUnit, "instanceLocation" | "keywordLocation"> & { error?: string | undefined }, io: Io): string {
  const where = unit.instanceLocation === "" ? "(root)" : printable(unit.instanceLocation, LOCATION_MAX);
  const message = unit.error === undefined ? "" : printable(unit.error, MESSAGE_MAX) + " ";
  return `${where}: ${message}${io.out.dim(`[${unit.keywordLocation === "" ? "(schema root)" : printable(unit.keywordLocation, LOCATION_MAX)}]`)}`;
}

/** basic: the errors with their schema locations; compact: the closest ones, one line each. At most `max` of them. */
export function report(file: string, result: ValidationResult, format: "basic" | "compact", max: number, io: Io): string {
  if (result.valid) return header(file, true, io);
  const { errors, truncated } = result;
  if (format === "compact") {
    const every = compact(errors, { max: Infinity });
    const shown = every.slice(0, max);
    const all = every.length;
    const lines = [header(file, false, io), ...shown.map((e) => `  ${printableCompactLine(e)}`)];
    if (all > shown.length) lines.push(moreLine(all - shown.length, truncated, io));
    else if (truncated) lines.push(cutLine(errors.length, io));
    return lines.join("\n");
  }
  const lines = [header(file, false, io, ` (${errors.length}${truncated ? "+" : ""} error${errors.length === 1 ? "" : "s"})`)];
  for (const e of errors.slice(0, max)) lines.push(`  ${errorLine(e, io)}`);
  if (errors.length > max) lines.push(moreLine(errors.length - max, truncated, io));
  else if (truncated) lines.push(cutLine(errors.length, io));
  return lines.join("\n");
}

/**
 * detailed: the 2020-12 "detailed" output unit tree, indented by nesting. The format collapses a
 * unit with one child into that child, so the root itself may be the only error, or a subschema's
 * unit: it is printed then; the bare root ("" with no message of its own) is not.
 */
function detailedReport(file: string, validator: Validator, data: unknown, basic: ValidationResult, max: number, record: { maxErrors: number; redact: boolean }, io: Io): string {
  if (basic.valid) return header(file, true, io);
  const root: OutputNode = validator.validate(data, { output: "detailed", ...record });
  const lines = [header(file, false, io)];
  let units = 0;
  const walk = (node: OutputNode, depth: number): void => {
    if (units++ < max) {
      const indent = "  ".repeat(Math.min(depth, MAX_INDENT)) + (depth > MAX_INDENT ? `(level ${depth}) ` : "");
      lines.push(indent + errorLine(node, io));
    }
    for (const child of node.errors ?? []) walk(child, depth + 1);
  };
  if (root.keywordLocation === "" && root.error === undefined) for (const child of root.errors ?? []) walk(child, 1);
  else walk(root, 1);
  if (units > max) lines.push(moreLine(units - max, Object.hasOwn(basic, "truncated"), io));
  else if (Object.hasOwn(basic, "truncated")) lines.push(cutLine(basic.errors.length, io));
  return lines.join("\n");
}
