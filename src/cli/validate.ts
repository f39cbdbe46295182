// `schemagate validate <schema> [instance …]`: exit 0 when every instance is valid, 1 when any is
// invalid, 2 for a bad schema, an unreadable or non-JSON file, or bad usage.
import type { OutputNode } from "../output/formats.js";
import type { ValidationResult, Validator } from "../validator.js";
import { compact, compactLine } from "../output/compact.js";
import { parseArgs, UsageError } from "./args.js";
import type { Io } from "./io.js";
import { compileOptionsOf, explainSchemaError, isSchemaError, loadValidator, SCHEMA_HELP, SCHEMA_OPTIONS } from "./load-schema.js";
import { InputError, label, readJson } from "./read-json.js";

export const VALIDATE_HELP = `usage: schemagate validate <schema> <instance …> [options]

Validates each instance (a JSON file, or - for standard input) against the schema.
Exit status: 0 all valid, 1 any invalid, 2 bad schema, unreadable or non-JSON file, bad usage.

options:
  -o, --output FORMAT       basic (default): every error, with the schema location
                            compact: the closest errors only, one line each (for logs, LLMs)
                            detailed: the 2020-12 "detailed" output, as an indented tree
                            json: {"valid", "dialect", "results": [{"file", "valid",
                            "errors"}]}, or {"valid": false, "schema": {…}} when the
                            schema is refused
${SCHEMA_HELP}
  -h, --help                this text`;

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
    flags: ["--help"],
    options: { "--output": ["basic", "detailed", "compact", "json"], ...SCHEMA_OPTIONS },
    aliases: { "-h": "--help", "-o": "--output" },
  });
  if (args.flags.has("--help")) {
    io.print(VALIDATE_HELP);
    return 0;
  }
  const [schemaPath, ...instances] = args.positionals;
  if (schemaPath === undefined) throw new UsageError("expected a schema and at least one instance");
  if (instances.length === 0) throw new UsageError("expected at least one instance after the schema (- reads standard input)");
  if (args.positionals.filter((p) => p === "-").length > 1) throw new UsageError("standard input (-) can be read only once");
  const format = (args.options.get("--output") ?? "basic") as Format;
  const options = compileOptionsOf(args);

  let validator: Validator;
  try {
    validator = await loadValidator(schemaPath, options);
  } catch (error) {
    const file = label(schemaPath);
    if (error instanceof InputError) {
      if (format === "json") io.print(JSON.stringify({ valid: false, schema: { file, problem: error.message } }, null, 2));
      else io.warn(error.message);
      return 2;
    }
    if (!isSchemaError(error)) throw error;
    if (format === "json") {
      const { code, schemaLocation, message, errors } = error;
      io.print(JSON.stringify({ valid: false, schema: { file, code, schemaLocation, message, errors } }, null, 2));
    } else io.warn(explainSchemaError(file, error, io.err).join("\n"));
    return 2;
  }

  let status = 0;
  const results: JsonResult[] = [];
  for (const path of instances) {
    let data: unknown;
    try {
      data = await readJson(path);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      if (format === "json") results.push({ file: error.file, valid: false, problem: error.message });
      else io.warn(error.message);
      status = 2;
      continue;
    }
    const file = label(path);
    const result = validator.validate(data);
    if (!result.valid) status = Math.max(status, 1);
    if (format === "json") results.push(result.valid ? { file, valid: true } : { file, ...result });
    else if (format === "detailed") io.print(detailedReport(file, validator, data, result, io));
    else io.print(report(file, result, format, io));
  }
  if (format === "json") io.print(JSON.stringify({ valid: status === 0, dialect: validator.dialect, results }, null, 2));
  return status;
}

function header(file: string, valid: boolean, io: Io, note = ""): string {
  return `${io.out.bold(file)}: ${valid ? io.out.green("valid") : io.out.red("invalid")}${note}`;
}

/** basic: every error with its schema location; compact: the closest ones, one line each. */
function report(file: string, result: ValidationResult, format: "basic" | "compact", io: Io): string {
  if (result.valid) return header(file, true, io);
  const { errors, truncated } = result;
  if (format === "compact") {
    const shown = compact(errors);
    const all = compact(errors, { max: Infinity }).length;
    const lines = [header(file, false, io), ...shown.map((e) => `  ${compactLine(e)}`)];
    if (all > shown.length) lines.push(io.out.dim(`  … and ${all - shown.length} more`));
    return lines.join("\n");
  }
  const lines = [header(file, false, io, ` (${errors.length}${truncated ? "+" : ""} error${errors.length === 1 ? "" : "s"})`)];
  for (const e of errors) {
    lines.push(`  ${e.instanceLocation === "" ? "(root)" : e.instanceLocation}: ${e.error} ${io.out.dim(`[${e.keywordLocation || "(schema root)"}]`)}`);
  }
  if (truncated) lines.push(io.out.dim(`  … the list was cut at ${errors.length} errors`));
  return lines.join("\n");
}

/**
 * detailed: the 2020-12 "detailed" output unit tree, indented by nesting. The format collapses a
 * unit with one child into that child, so the root itself may be the only error, or a subschema's
 * unit: it is printed then; the bare root ("" with no message of its own) is not.
 */
function detailedReport(file: string, validator: Validator, data: unknown, basic: ValidationResult, io: Io): string {
  if (basic.valid) return header(file, true, io);
  const root: OutputNode = validator.validate(data, { output: "detailed" });
  const lines = [header(file, false, io)];
  const walk = (node: OutputNode, depth: number): void => {
    const where = node.instanceLocation === "" ? "(root)" : node.instanceLocation;
    const schema = io.out.dim(`[${node.keywordLocation || "(schema root)"}]`);
    lines.push(`${"  ".repeat(depth)}${where}: ${node.error === undefined ? "" : node.error + " "}${schema}`);
    for (const child of node.errors ?? []) walk(child, depth + 1);
  };
  if (root.keywordLocation === "" && root.error === undefined) for (const child of root.errors ?? []) walk(child, 1);
  else walk(root, 1);
  return lines.join("\n");
}
