// `schemagate suite [--draft NAME|all] [--suite-dir DIR] [--files] [--json]`: the conformance
// table over the official JSON-Schema-Test-Suite (`npm run conformance`), one row per draft.
// Exit status 1 when a required case fails; optional and format failures do not count.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { DialectName } from "../keywords/dialects.js";
import { parseArgs, UsageError } from "./args.js";
import type { Io } from "./io.js";
import { MESSAGE_MAX, printable, printableJson } from "./printable.js";
import { KNOWN_LIMITS, loadCases, loadRemotes, runCase, SUITE_DRAFTS, SuiteError, suiteKind, type SuiteKind } from "./suite.js";

export const SUITE_HELP = `usage: schemagate suite [--draft NAME|all] [--suite-dir DIR] [--files] [--json]

Runs the official JSON-Schema-Test-Suite: each draft folder in its own dialect, its required,
optional/ and optional/format/ cases (formats assert only in optional/format/ and
optional/format-assertion.json), with the suite's remotes/ under http://localhost:1234/.
Prints one row per draft (passed/total of required, optional and format cases), after the
failures file by file.
Exit status: 0 every required case passes, 1 a required case fails (optional and format
failures do not count), 2 no suite found (or a draft folder without a case), a suite file
that cannot be read (only regular files are) or is not laid out as the suite's, bad usage.

options:
  --draft NAME|all  2020-12, 2019-09, draft-07, draft-06, draft-04, or all (default)
  --suite-dir DIR   the suite checkout (default: ./JSON-Schema-Test-Suite)
  --files           list every file, not only those with failures
  --json            {"ok", "drafts": [{"draft", "folder", "totals", "files"}]}: totals has
                    required, optional and format, each {"passed", "failed"}; files has
                    {"file", "kind", "passed", "failed", "failures", "note"?} per file
  -h, --help        this text`;

const KINDS: readonly SuiteKind[] = ["required", "optional", "format"];

interface Failure {
  group: string;
  description: string;
  problem: string;
}

interface FileRow {
  file: string;
  kind: SuiteKind;
  passed: number;
  failed: number;
  failures: Failure[];
  /** A known limitation behind the failures, when there are any. */
  note?: string;
}

interface DraftReport {
  draft: DialectName;
  folder: string;
  totals: Record<SuiteKind, { passed: number; failed: number }>;
  files: FileRow[];
}

function runDraft(suiteDir: string, draft: (typeof SUITE_DRAFTS)[number], remotes: Record<string, unknown>): DraftReport {
  const totals = { required: { passed: 0, failed: 0 }, optional: { passed: 0, failed: 0 }, format: { passed: 0, failed: 0 } };
  const files: FileRow[] = [];
  for (const [file, cases] of loadCases(suiteDir, draft.dialect, true)) {
    const failures: Failure[] = [];
    for (const outcome of cases.map((c) => runCase(c, remotes))) {
      if (!outcome.passed) failures.push({ group: outcome.case.group, description: outcome.case.description, problem: outcome.problem ?? "failed" });
    }
    const kind = suiteKind(file);
    const row: FileRow = { file, kind, passed: cases.length - failures.length, failed: failures.length, failures };
    const note = KNOWN_LIMITS.find((k) => k.dialect === draft.dialect && k.file === file)?.note;
    if (note !== undefined && failures.length > 0) row.note = note;
    totals[kind].passed += row.passed;
    totals[kind].failed += row.failed;
    files.push(row);
  }
  return { draft: draft.dialect, folder: draft.folder, totals, files };
}

export function suiteCommand(argv: readonly string[], io: Io): number {
  const names = SUITE_DRAFTS.map((d) => d.dialect);
  const args = parseArgs(argv, {
    flags: ["--help", "--json", "--files"],
    options: { "--suite-dir": null, "--draft": [...names, "all"] },
    aliases: { "-h": "--help" },
  });
  if (args.flags.has("--help")) {
    io.print(SUITE_HELP);
    return 0;
  }
  if (args.positionals.length > 0) throw new UsageError(`unexpected argument "${args.positionals[0]}"`);
  const suiteDir = resolve(args.options.get("--suite-dir") ?? "JSON-Schema-Test-Suite");
  const draft = args.options.get("--draft") ?? "all";
  const drafts = SUITE_DRAFTS.filter((d) => draft === "all" || d.dialect === draft);
  const missing = drafts.find((d) => !existsSync(join(suiteDir, "tests", d.folder)));
  if (missing !== undefined) {
    io.warn(`schemagate suite: no tests/${missing.folder} under ${printable(suiteDir)} (give --suite-dir DIR)\n` +
        "get the suite with: git clone --depth 1 https://github.com/json-schema-org/JSON-Schema-Test-Suite\n" +
        "then run: schemagate suite --suite-dir JSON-Schema-Test-Suite (in a clone of schemagate itself: npm run suite:link)");
    return 2;
  }
  let reports: DraftReport[];
  try {
    const remotes = existsSync(join(suiteDir, "remotes")) ? loadRemotes(suiteDir) : {};
    reports = drafts.map((d) => runDraft(suiteDir, d, remotes));
  } catch (error) {
    if (!(error instanceof SuiteError)) throw error;
    io.warn(`schemagate suite: ${error.message}`);
    return 2;
  }
  // A folder without a case proves nothing: not a pass.
  const empty = reports.find((r) => KINDS.every((k) => r.totals[k].passed + r.totals[k].failed === 0));
  if (empty !== undefined) {
    io.warn(`schemagate suite: no test case found in tests/${empty.folder} under ${printable(suiteDir)}`);
    return 2;
  }
  const ok = reports.every((r) => r.totals.required.failed === 0);
  if (args.flags.has("--json")) io.print(printableJson({ ok, drafts: reports }));
  else io.print([...reports.flatMap((r) => fileLines(r, args.flags.has("--files"), io)), ...table(reports, io)].join("\n"));
  return ok ? 0 : 1;
}

/** A draft's files with failures (every file with --files), each failure under its file; the suite's text escaped. */
function fileLines(report: DraftReport, everyFile: boolean, io: Io): string[] {
  const shown = report.files.filter((r) => everyFile || r.failed > 0).map((row) => ({ ...row, file: printable(row.file) }));
  if (shown.length === 0) return [];
  const title = `${report.draft}, tests/${report.folder}`;
  const width = Math.max(title.length - 2, ...shown.map((r) => r.file.length));
  const lines = [`${io.out.bold(title.padEnd(width + 2))}  passed  failed`];
  for (const row of shown) {
    const failed = String(row.failed).padStart(6);
    const paint = row.kind === "required" ? io.out.red : io.out.yellow;
    lines.push(`  ${row.file.padEnd(width)}  ${String(row.passed).padStart(6)}  ${row.failed > 0 ? paint(failed) : failed}`);
    for (const f of row.failures) lines.push(`    ✗ ${printable(f.group, MESSAGE_MAX)} / ${printable(f.description, MESSAGE_MAX)}: ${printable(f.problem, MESSAGE_MAX)}`);
    if (row.note !== undefined) lines.push(io.out.dim(`    (${row.note})`));
  }
  return [...lines, ""];
}

/** One row per draft: passed/total of required, optional and format cases; then the verdict. */
function table(reports: readonly DraftReport[], io: Io): string[] {
  const cells = reports.map((r) => [r.draft, ...KINDS.map((k) => `${r.totals[k].passed}/${r.totals[k].passed + r.totals[k].failed}`)]);
  const header = ["draft", ...KINDS];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((row) => row[i]!.length)));
  const line = (row: readonly string[], paint: (column: number) => (text: string) => string = () => (t) => t) =>
    `| ${row.map((cell, i) => paint(i)(cell.padEnd(widths[i]!))).join(" | ")} |`;
  const lines = [line(header), line(widths.map((w) => "-".repeat(w)))];
  reports.forEach((report, r) => {
    lines.push(line(cells[r]!, (i) => (i === 0 || report.totals[KINDS[i - 1]!].failed === 0 ? (t) => t : i === 1 ? io.out.red : io.out.yellow)));
  });
  const failing = reports.filter((r) => r.totals.required.failed > 0);
  lines.push(
    failing.length === 0
      ? io.out.green("every required case passes")
      : io.out.red(`required cases fail: ${failing.map((r) => `${r.draft} (${r.totals.required.failed})`).join(", ")}`),
  );
  return lines;
}
