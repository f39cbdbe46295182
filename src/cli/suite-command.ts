// `schemagate suite [--suite-dir DIR] [--json]`: the conformance table over the official
// JSON-Schema-Test-Suite (`npm run conformance`). Exit status 1 when a required case fails.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs, UsageError } from "./args.js";
import type { Io } from "./io.js";
import { loadCases, loadRemotes, runCase } from "./suite.js";

export const SUITE_HELP = `usage: schemagate suite [--suite-dir DIR] [--json]

Runs every case of tests/draft2020-12 of the official JSON-Schema-Test-Suite (optional/format/
excluded) and prints passes and failures per file.
Exit status: 0 every required case passes, 1 otherwise, 2 no suite found or bad usage.

options:
  --suite-dir DIR   the suite checkout (default: ./JSON-Schema-Test-Suite)
  --json            one JSON array of {file, passed, failed, failures}
  -h, --help        this text`;

interface Row {
  file: string;
  passed: number;
  failed: number;
  failures: string[];
}

export function suiteCommand(argv: readonly string[], io: Io): number {
  const args = parseArgs(argv, { flags: ["--help", "--json"], options: { "--suite-dir": null }, aliases: { "-h": "--help" } });
  if (args.flags.has("--help")) {
    io.print(SUITE_HELP);
    return 0;
  }
  if (args.positionals.length > 0) throw new UsageError(`unexpected argument "${args.positionals[0]}"`);
  const suiteDir = resolve(args.options.get("--suite-dir") ?? "JSON-Schema-Test-Suite");
  if (!existsSync(join(suiteDir, "tests", "draft2020-12"))) {
    io.warn(`schemagate suite: no tests/draft2020-12 under ${suiteDir} (give --suite-dir, or run npm run suite:link)`);
    return 2;
  }
  const remotes = loadRemotes(suiteDir);
  const rows: Row[] = [];
  for (const [file, cases] of loadCases(suiteDir)) {
    const outcomes = cases.map((c) => runCase(c, remotes));
    const failures = outcomes.filter((o) => !o.passed).map((o) => `${o.case.group} / ${o.case.description}: ${o.problem}`);
    rows.push({ file, passed: outcomes.length - failures.length, failed: failures.length, failures });
  }
  const requiredFailed = rows.some((r) => !r.file.startsWith("optional/") && r.failed > 0);
  if (args.flags.has("--json")) {
    io.print(JSON.stringify(rows, null, 2));
    return requiredFailed ? 1 : 0;
  }
  const width = Math.max(...rows.map((r) => r.file.length));
  const lines = [`${"file".padEnd(width)}  passed  failed`];
  for (const row of rows) {
    const failed = String(row.failed).padStart(6);
    lines.push(`${row.file.padEnd(width)}  ${String(row.passed).padStart(6)}  ${row.failed > 0 ? io.out.red(failed) : failed}`);
    for (const failure of row.failures) lines.push(`  ✗ ${failure}`);
  }
  for (const [name, optional] of [["required", false], ["optional", true]] as const) {
    const selected = rows.filter((r) => r.file.startsWith("optional/") === optional);
    const passed = selected.reduce((n, r) => n + r.passed, 0);
    const total = passed + selected.reduce((n, r) => n + r.failed, 0);
    lines.push(`${name}: ${passed}/${total} passed`);
  }
  io.print(lines.join("\n"));
  return requiredFailed ? 1 : 0;
}
