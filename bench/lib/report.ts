// The report: its shape (what --json prints) and its Markdown rendering (the console tables and
// bench/RESULTS.md). Nothing here measures; every number comes from the run.
import type { Paired } from "./measure.js";
import { EXPLAINED_INVALID as EXPLAINED_FIRST } from "../../src/limits.js";
import { MIXED_ROWS, type CaseResult, type Cell, type MixedResult, type MixedRow, type Row } from "./types.js";

export interface ColdRow {
  id: string;
  label: string;
  importMs?: number;
  compileMs?: number;
  validateMs?: number;
  totalMs?: number;
  ok?: boolean;
  na?: string;
}

export interface BundleRow {
  id: string;
  label: string;
  entry: string;
  minified?: number;
  gzipped?: number;
  /** Node built-in modules the bundle imports (left external, not counted). */
  builtins?: string[];
  na?: string;
}

export interface TargetRow {
  target: string;
  measured: string;
  status: "pass" | "fail" | "not measured";
  /** What the reader must weigh the status with (a baseline cell whose rounds varied). */
  note?: string;
}

/** schemagate's isValid on a draft-07 version against its 2020-12 case (issue 16: within 10%). */
export interface Draft07Row {
  /** The 2020-12 case and its draft-07 version. */
  case: string;
  version: string;
  /** Why the version did not run. */
  skipped?: string;
  /** schemagate's isValid with the draft-07 schema (a) and the 2020-12 schema (b), batch by batch in one process. */
  valid?: Paired;
  invalid?: Paired;
  /** The version's isValid (valid instance) ÷ the 2020-12 case's, each measured in its own process. */
  separate?: number;
}

/** Within 10%: draft-07 ÷ 2020-12 at least this, on both instances, in the same process. */
export const DRAFT07_FLOOR = 0.9;

export function draft07Rows(cases: readonly CaseResult[]): Draft07Row[] {
  return cases.flatMap((c) => {
    if (!c.variantOf) return [];
    const row: Draft07Row = { case: c.variantOf, version: c.name };
    if (c.skipped) return [{ ...row, skipped: c.skipped }];
    for (const which of ["valid", "invalid"] as const) {
      const paired = c.same2020?.[which];
      if (paired) row[which] = paired;
    }
    const own = c.cells.valid?.["schemagate"]?.value;
    const base = cases.find((b) => b.name === c.variantOf)?.cells.valid?.["schemagate"]?.value;
    if (own !== undefined && base) row.separate = own / base;
    return [row];
  });
}

export interface Report {
  mode: "full" | "quick";
  /** Only some cases ran (--case). */
  partial: boolean;
  date: string;
  /** load: the 1-minute load average at the start and at the end of the run. */
  machine: { cpu: string; cores: number; memoryGiB: number; node: string; os: string; load: [number, number] };
  schemagate: { version: string; commit: string; srcChanges: boolean };
  libraries: { id: string; label: string; describe: string; version: string }[];
  settings: { roundMs: number; rounds: number; warmupMs: number; compileWarmupMs: number; cellMaxMs: number; memorySchemas: number; coldRuns: number };
  cases: CaseResult[];
  cold?: { runs: number; case: string; rows: ColdRow[] };
  bundles?: BundleRow[];
  /** Every case's validators in one process (bench/mixed.ts). */
  mixed?: MixedResult;
  targets: TargetRow[];
  draft07: Draft07Row[];
  geomeans: { row: Row; id: string; ratio: number; median: number; cases: number }[];
  seconds: number;
}

export const BASELINE = "ajv";

export const ROW_LABELS: Record<Row, string> = {
  compile: "compile, never-seen schema",
  compileHit: "compile, cache hit",
  firstResult: "compile + first isValid, never-seen schema (valid instance)",
  firstInvalid: "compile + first validate, never-seen schema (invalid instance, default options)",
  valid: "isValid, valid instance",
  invalid: "isValid, invalid instance",
  firstError: "validate, first error (invalid instance)",
  allErrors: "validate, all errors (invalid instance)",
  memory: "memory per compiled schema",
  memoryAfterInvalid: "memory per compiled schema after its first invalid instance",
};
export const ROWS: readonly Row[] = ["compile", "compileHit", "firstResult", "firstInvalid", "valid", "invalid", "firstError", "allErrors", "memory", "memoryAfterInvalid"];

/** Rows of bytes (lower is smaller), not of operations per second. */
export const isMemoryRow = (row: Row): boolean => row === "memory" || row === "memoryAfterInvalid";

export function fmtRate(v: number): string {
  if (v >= 1e6) return `${(v / 1e6).toPrecision(3)}M/s`;
  if (v >= 1e3) return `${(v / 1e3).toPrecision(3)}k/s`;
  return `${v.toPrecision(3)}/s`;
}
export function fmtRatio(r: number): string {
  if (r >= 100) return `${r.toFixed(0)}×`;
  if (r >= 10) return `${r.toFixed(1)}×`;
  if (r >= 1) return `${r.toFixed(2)}×`;
  return `${r.toPrecision(2)}×`;
}
export function fmtBytes(b: number): string {
  if (b < 1024) return `${b.toFixed(0)} B`;
  return `${(b / 1024).toFixed(1)} KiB`;
}
const fmtMs = (ms: number): string => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2)) + " ms";

/** ratio of a library's cell to ajv's: ops/s ÷ ops/s (higher is faster), bytes ÷ bytes (lower is smaller). */
export function ratioOf(result: CaseResult, row: Row, id: string): number | undefined {
  const cell = result.cells[row]?.[id];
  const base = result.cells[row]?.[BASELINE];
  if (cell?.value === undefined || base?.value === undefined || base.value === 0 || cell.unlike !== undefined) return undefined;
  return cell.value / base.value;
}

export function geomean(xs: readonly number[]): number {
  return Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);
}

class Footnotes {
  readonly texts: string[] = [];
  ref(text: string): string {
    let i = this.texts.indexOf(text);
    if (i < 0) i = this.texts.push(text) - 1;
    return `[${i + 1}]`;
  }
  render(): string {
    return this.texts.map((t, i) => `[${i + 1}] ${t}`).join("  \n");
  }
}

function cellText(result: CaseResult, row: Row, id: string, notes: Footnotes): string {
  const cell: Cell | undefined = result.cells[row]?.[id];
  if (!cell || cell.skip) return "—";
  if (cell.value === undefined) return `n/a ${notes.ref(cell.na ?? "not measured")}`;
  const value = isMemoryRow(row) ? fmtBytes(cell.value) : fmtRate(cell.value);
  const ratio = ratioOf(result, row, id);
  let text = ratio === undefined ? value : `${value} (${fmtRatio(ratio)})`;
  if (row === "compileHit") text += ` = ${(1e6 / cell.value).toFixed(2)} µs each`;
  if (cell.unstable) text += " ~";
  if (cell.note) text += ` ${notes.ref(cell.note)}`;
  if (cell.unlike) text += ` ${notes.ref(cell.unlike)}`;
  return text;
}

function table(head: string[], rows: string[][], align: ("l" | "r")[]): string {
  const sep = align.map((a) => (a === "r" ? "---:" : "---"));
  return [head, sep, ...rows].map((r) => `| ${r.join(" | ")} |`).join("\n");
}

export function caseTable(result: CaseResult, libraries: Report["libraries"]): string {
  const notes = new Footnotes();
  const rows: string[][] = [];
  for (const row of ROWS) {
    const cells = result.cells[row];
    if (!cells || libraries.every((l) => !cells[l.id] || cells[l.id]!.skip)) continue;
    rows.push([ROW_LABELS[row], ...libraries.map((l) => cellText(result, row, l.id, notes))]);
  }
  const parts = [`### ${result.name}: ${result.title}`];
  if (result.skipped) parts.push(`**Not run:** ${result.skipped}.`);
  if (result.error) parts.push("**The worker failed:**\n\n```\n" + result.error.slice(0, 2000) + "\n```");
  if (rows.length) parts.push(table(["", ...libraries.map((l) => l.label)], rows, ["l", ...libraries.map(() => "r" as const)]));
  if (notes.texts.length) parts.push(notes.render());
  for (const n of result.notes) parts.push(`- ${n}`);
  for (const w of result.warnings) parts.push(`- **Warning:** ${w}`);
  parts.push(`_Case time: ${result.seconds.toFixed(0)} s._`);
  return parts.join("\n\n");
}

/** A paired measurement's three cells: each task's rate, then a ÷ b with its quartiles. */
function pairCells(p: Paired | undefined): string[] {
  return p ? [fmtRate(p.a), fmtRate(p.b), `${fmtRatio(p.ratio)} (${fmtRatio(p.low)}–${fmtRatio(p.high)})`] : ["—", "—", "—"];
}

function renderDialects(report: Report): string[] {
  const out = ["## Dialects (issue 16)"];
  if (report.draft07.length) {
    out.push("### draft-07 versions of the MCP and deep cases: schemagate's isValid, draft-07 ÷ 2020-12");
    out.push(
      "Each draft-07 version (`lib/draft07.ts`: `$schema` draft-07, `definitions` for `$defs`) runs in its own process like every case; there schemagate " +
        "also compiles the 2020-12 schema, and the two validators take turns on the same instance, batch by batch (each batch about 1/20 of a round, " +
        `a then b, then b then a, ${report.draft07.find((r) => r.valid)?.valid?.pairs ?? "—"} pairs): the ratio is the median of the pairs' ratios, its quartiles in parentheses, ` +
        "so a change of the machine's load between rounds cancels out. Rates: the median over each validator's batches. " +
        `The target: draft-07 ÷ 2020-12 ≥ ${DRAFT07_FLOOR.toFixed(2)} on both instances. The last column divides the version's row by the 2020-12 case's row, ` +
        "measured in another process: rougher (bench/README.md: a process can optimize schemagate differently from another, by up to about 1.4×).",
    );
    const status = (r: Draft07Row): string => {
      if (!r.valid || !r.invalid) return "not measured";
      return Math.min(r.valid.ratio, r.invalid.ratio) >= DRAFT07_FLOOR ? "**pass**" : "**FAIL**";
    };
    out.push(
      table(
        ["case", "valid instance: draft-07", "2020-12", "draft-07 ÷ 2020-12", "invalid instance: draft-07", "2020-12", "draft-07 ÷ 2020-12", "valid, separate processes", "within 10%"],
        report.draft07.map((r) =>
          r.skipped
            ? [r.case, `not run: ${r.skipped}`, "", "", "", "", "", "", "—"]
            : [r.case, ...pairCells(r.valid), ...pairCells(r.invalid), r.separate === undefined ? "—" : fmtRatio(r.separate), status(r)],
        ),
        ["l", "r", "r", "r", "r", "r", "r", "r", "l"],
      ),
    );
  }
  // And a 2020-12 case that schemagate ran with options (a raised bound): the reader must know.
  const declared = report.cases.filter((c) => c.runs && ((c.dialect && c.dialect !== "2020-12") || (c.runs["schemagate"] !== undefined && c.runs["schemagate"] !== (c.dialect ?? "2020-12"))));
  if (declared.length) {
    const libs = report.libraries;
    out.push("### What each library ran");
    out.push(
      "Every case whose schema declares another dialect than 2020-12, or that schemagate ran with options, and how each library ran it: in that dialect, unconverted, with the class, module or " +
        "option named; or, where the library has no such dialect, as the schema's 2020-12 conversion (`lib/dialect.ts`; the case's notes list what it changed).",
    );
    out.push(
      table(
        ["case", "declares", ...libs.map((l) => l.label)],
        declared.map((c) => [c.name, c.dialect ?? "2020-12", ...libs.map((l) => c.runs![l.id] ?? "n/a")]),
        ["l", "l", ...libs.map(() => "l" as const)],
      ),
    );
  }
  return out;
}

/** The one-process section's short names of its rows. */
const LABELS: Record<MixedRow, string> = { valid: "isValid, valid instance", firstError: "validate, first error" };

/** The section of bench/mixed.ts: schemagate ÷ ajv with every case in one process, beside the same ratio from the case's own process. */
export function renderMixed(report: Report): string[] {
  const mixed = report.mixed;
  if (!mixed) return [];
  const out = ["## Every case in one process"];
  out.push(
    `bench/mixed.ts builds schemagate's and ajv's validators for every case with instances (${mixed.cases.length}, the draft-07 versions excepted) in one process, ` +
      "runs each of them, then measures each cell as the case tables do, its rounds taking turns with every other case's. " +
      "In a case's own process (the tables above) schemagate's interpreter sees the shapes of one schema; here it sees them all, as in a server " +
      "that validates many tools' data, while ajv's generated code keeps call sites of its own per schema. " +
      "Columns: schemagate ÷ ajv here, the same ratio in the case's own process, and the first divided by the second (below 1×: the mix costs schemagate more than it costs ajv).",
  );
  const here = (name: string, row: MixedRow): number | undefined => {
    const cells = mixed.cells[name]?.[row];
    const a = cells?.["schemagate"]?.value;
    const b = cells?.[BASELINE]?.value;
    return a !== undefined && b ? a / b : undefined;
  };
  const own = (name: string, row: Row): number | undefined => {
    const c = report.cases.find((x) => x.name === name);
    return c ? ratioOf(c, row, "schemagate") : undefined;
  };
  const ratios = (name: string, row: MixedRow): (number | undefined)[] => {
    const a = here(name, row);
    const b = own(name, row);
    return [a, b, a !== undefined && b !== undefined ? a / b : undefined];
  };
  const show = (r: number | undefined): string => (r === undefined ? "—" : fmtRatio(r));
  // Run alone (--mixed), there is no case's own process to compare with.
  const kept = report.cases.length ? [0, 1, 2] : [0];
  const rows = mixed.cases.map((name) => [name, ...MIXED_ROWS.flatMap((row) => kept.map((k) => show(ratios(name, row)[k])))]);
  rows.push([
    "geometric mean",
    ...MIXED_ROWS.flatMap((row) =>
      kept.map((k) => {
        const xs = mixed.cases.map((name) => ratios(name, row)[k]).filter((x): x is number => x !== undefined && x > 0);
        return xs.length ? `${fmtRatio(geomean(xs))} (${xs.length})` : "—";
      }),
    ),
  ]);
  const names = ["÷ ajv, one process", "÷ ajv, own process", "one ÷ own"];
  const head = MIXED_ROWS.flatMap((row) => kept.map((k) => (k === 0 ? `${LABELS[row]}: ${names[0]}` : names[k]!)));
  out.push(table(["case", ...head], rows, ["l", ...head.map(() => "r" as const)]));
  for (const w of mixed.warnings) out.push(`- **Warning:** ${w}`);
  out.push(`_Section time: ${mixed.seconds.toFixed(0)} s._`);
  return out;
}

/**
 * The error pass a validator's first invalid instances take (the explainer) against the one the
 * later ones take (the closures, which the case tables time): each case's pairs, and their means.
 */
export function renderErrorPasses(report: Report): string[] {
  const cases = report.cases.filter((c) => c.errorPasses !== undefined);
  if (!cases.length) return [];
  const out = ["## A validator's first invalid instances: the explainer ÷ the closures"];
  out.push(
    `validate() collects the errors of a validator's first ${EXPLAINED_FIRST} invalid instances with the explainer (src/engine/explain.ts), which walks ` +
      "the schema's own objects, so that a validator that seldom sees invalid data compiles nothing more; after those, with the closures of a second compile, " +
      "which the case tables time. In a server with many tools and few bad calls each, most bad calls take the explainer. Each case's process compiles " +
      "the schema twice (one validator explaining every invalid instance, one with the closures from the first) and times validate() on the invalid instance " +
      "with each, batch by batch, as the dialect pairs above: ops/s of each, and the explainer's ÷ the closures' (below 1×: the explainer is slower), " +
      "the median of the pairs' ratios with its quartiles in parentheses. Issue 18 would have the explainer be the only error pass.",
  );
  const rows = cases.map((c) => {
    const e = c.errorPasses!;
    return e.skipped ? [c.name, `not compared: ${e.skipped}`, "", "", "", "", ""] : [c.name, ...pairCells(e.firstError), ...pairCells(e.allErrors)];
  });
  const mean = (row: "firstError" | "allErrors"): string[] => {
    const xs = cases.map((c) => c.errorPasses![row]?.ratio).filter((x): x is number => x !== undefined && x > 0);
    return ["", "", xs.length ? `${fmtRatio(geomean(xs))} (${xs.length})` : "—"];
  };
  rows.push(["geometric mean", ...mean("firstError"), ...mean("allErrors")]);
  const head = ["first error: explainer", "closures", "explainer ÷ closures", "all errors: explainer", "closures", "explainer ÷ closures"];
  out.push(table(["case", ...head], rows, ["l", ...head.map(() => "r" as const)]));
  return out;
}

export function renderMarkdown(report: Report): string {
  const libs = report.libraries;
  const out: string[] = [];
  out.push("# Benchmark results");
  out.push(
    `Generated by \`npm run bench -- --write\` (bench/run.mjs); never edit these numbers by hand. ` +
      `How to read the tables: bench/README.md.`,
  );
  if (report.mode === "quick") out.push("> **Quick run (`--quick`)**: few short rounds; the numbers are rough.");
  if (report.partial) out.push("> **Partial run (`--case`)**: only some cases ran.");
  const m = report.machine;
  out.push(
    [
      `- Date: ${report.date}`,
      `- Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB.toFixed(0)} GiB; ${m.os}; 1-minute load average ${m.load[0].toFixed(2)} at the start, ${m.load[1].toFixed(2)} at the end (the run itself adds about 1)`,
      `- Node.js ${m.node}`,
      `- schemagate ${report.schemagate.version} at ${report.schemagate.commit}${report.schemagate.srcChanges ? " (with uncommitted changes in src/)" : ""}`,
      `- Peers: ${libs.filter((l) => l.id !== "schemagate" && l.id !== "ajv-new").map((l) => `${l.label} ${l.version}`).join(", ")}`,
      `- Settings: ${report.settings.rounds} rounds of ${report.settings.roundMs} ms per cell after a ${report.settings.warmupMs} ms warm-up (${report.settings.compileWarmupMs} ms for compile), ` +
        `libraries interleaved in rotated order, medians; memory over ${report.settings.memorySchemas} distinct compiled schemas; ` +
        `cold start: median of ${report.settings.coldRuns} fresh processes`,
      `- Run time: ${(report.seconds / 60).toFixed(1)} min`,
    ].join("\n"),
  );
  out.push(
    "Each cell: median ops/s and, in parentheses, the ratio to ajv on a reused instance (ops/s ÷ ajv's ops/s: above 1× is faster than ajv). " +
      "Memory: bytes per compiled schema and the ratio to ajv's (below 1× is smaller). `~`: the rounds of that cell varied by more than 1.5× (max/min). " +
      "`—`: not measured by design. `n/a`: the library could not do it (see the note).",
  );

  out.push("## Targets (issues 3 and 18)");
  out.push(table(["target", "measured", "status"], report.targets.map((t) => [t.target, t.measured, (t.status === "pass" ? "**pass**" : t.status === "fail" ? "**FAIL**" : "not measured") + (t.note ? ` (${t.note})` : "")]), ["l", "l", "l"]));

  out.push("The draft-07 versions of the MCP and deep cases (`NAME-draft-07`) are left out of these targets and of the geometric means below: they repeat those cases in another dialect (next section).");

  out.push(...renderDialects(report));

  out.push("## schemagate ÷ ajv, per case");
  const summaryRows: Row[] = ["compile", "firstResult", "firstInvalid", "valid", "invalid", "firstError", "allErrors", "memory", "memoryAfterInvalid"];
  out.push(
    table(
      ["case", ...summaryRows.map((r) => ROW_LABELS[r])],
      report.cases.map((c) => [c.name, ...summaryRows.map((r) => {
        const x = ratioOf(c, r, "schemagate");
        return x === undefined ? "—" : fmtRatio(x);
      })]),
      ["l", ...summaryRows.map(() => "r" as const)],
    ),
  );
  out.push("Speed rows: above 1× means schemagate is faster than ajv. Memory: below 1× means schemagate's compiled schema is smaller.");

  const gRows = summaryRows.filter((r) => report.geomeans.some((g) => g.row === r));
  const others = libs.filter((l) => l.id !== BASELINE);
  if (gRows.length) {
    out.push("## Geometric means of the ratio to ajv, over all cases (the draft-07 versions excepted)");
    const geoCell = (r: Row, id: string): string => {
      const g = report.geomeans.find((x) => x.row === r && x.id === id);
      return g ? `${fmtRatio(g.ratio)} (median ${fmtRatio(g.median)}; ${g.cases})` : "—";
    };
    out.push(table(["", ...others.map((l) => l.label)], gRows.map((r) => [ROW_LABELS[r], ...others.map((l) => geoCell(r, l.id))]), ["l", ...others.map(() => "r" as const)]));
    out.push("In parentheses: the median ratio, which one case far off the others moves less (ajv's all-errors mode is exponential on recursive), and over how many cases (only cases where both the library and ajv have a value that compares like with like).");
  }

  out.push(...renderMixed(report));
  out.push(...renderErrorPasses(report));

  out.push("## Cases");
  for (const c of report.cases) out.push(caseTable(c, libs));

  if (report.cold) {
    out.push("## Cold start (fresh process)");
    out.push(
      `Median of ${report.cold.runs} fresh \`node\` processes per library, run in rotated order; each imports the library, compiles the ` +
        `\`${report.cold.case}\` schema and validates its valid instance once (process.hrtime around each step). ` +
        "schemagate is imported as its src/ bundled into one ESM file by esbuild (as `npm run build` ships it); the peers as installed in node_modules.",
    );
    const notes = new Footnotes();
    out.push(
      table(
        ["library", "import", "first compile", "first validation", "total"],
        report.cold.rows.map((r) =>
          r.na !== undefined
            ? [r.label, `n/a ${notes.ref(r.na)}`, "", "", ""]
            : [r.label, fmtMs(r.importMs!), fmtMs(r.compileMs!), fmtMs(r.validateMs!), fmtMs(r.totalMs!) + (r.ok ? "" : ` ${notes.ref("the first validation returned the wrong answer")}`)],
        ),
        ["l", "r", "r", "r", "r"],
      ),
    );
    if (notes.texts.length) out.push(notes.render());
  }

  if (report.bundles) {
    out.push("## Bundle size");
    out.push(
      "esbuild bundle of a one-line entry (shown), `minify: true`, platform browser, ESM, Node built-ins (`node:*`) left external; then gzip (node:zlib, level 9). " +
        "schemagate's entry is an app that compiles a schema and validates with `isValid` and `validate`, importing the package entry (`schemagate`, bundled from src/); the peers' entries export their validators.",
    );
    const base = report.bundles.find((b) => b.id === BASELINE);
    const notes = new Footnotes();
    out.push(
      table(
        ["library", "entry", "minified", "minified + gzip", "gzip ÷ ajv"],
        report.bundles.map((b) =>
          b.na !== undefined
            ? [b.label, `\`${b.entry}\``, `n/a ${notes.ref(b.na)}`, "", ""]
            : [b.label + (b.builtins?.length ? ` ${notes.ref(`imports Node built-ins, left out of the bundle (not counted): ${b.builtins.join(", ")}`)}` : ""), `\`${b.entry}\``, fmtBytes(b.minified!), `${fmtBytes(b.gzipped!)} (${b.gzipped!.toLocaleString("en-US")} B)`, base?.gzipped ? fmtRatio(b.gzipped! / base.gzipped) : "—"],
        ),
        ["l", "l", "r", "r", "r"],
      ),
    );
    if (notes.texts.length) out.push(notes.render());
  }

  out.push("## Libraries and options");
  out.push(libs.map((l) => `- **${l.label}**: ${l.describe}`).join("\n"));
  return out.join("\n\n") + "\n";
}
