// The issues' targets, checked against the run's cells (issue 3 and issue 18's table): each row
// says what was measured and whether it passes. Nothing here measures.
import { BASELINE, fmtBytes, fmtRatio, geomean, type BundleRow, type Report, type TargetRow } from "./report.js";
import type { CaseResult, Row } from "./types.js";

/** A case's ratio; `varied`: the other library's cell varied by more than 1.5× over its rounds (`~`). */
type Named = [string, number, boolean?];

/** schemagate's `row` over `other`'s `versus` row, per case (ajv on the same row by default). */
function ratios(list: readonly CaseResult[], row: Row, other = BASELINE, versus: Row = row): Named[] {
  return list.flatMap((c): Named[] => {
    const mine = c.cells[row]?.["schemagate"];
    const own = mine?.unlike === undefined ? mine?.value : undefined; // not like with like: left out
    const cell = c.cells[versus]?.[other];
    const theirs = cell?.value;
    return own === undefined || !theirs ? [] : [[c.name, own / theirs, cell?.unstable === true]];
  });
}

const listed = (rs: readonly Named[]): string => rs.map(([n, r, varied]) => `${n} ${fmtRatio(r)}${varied ? " ~" : ""}`).join(", ");

/**
 * A status that rests on a cell whose rounds varied (ajv can slow down for the rest of a process,
 * bench/README.md): said beside it, for the reader to weigh.
 */
const weighed = (rs: readonly Named[]): Pick<TargetRow, "note"> => {
  const varied = rs.filter((x) => x[2]).map((x) => x[0]);
  return varied.length ? { note: `ajv's rounds varied by more than 1.5× on ${varied.join(", ")} (~)` } : {};
};
const lowest = (rs: readonly Named[]): Named => rs.reduce((a, b) => (b[1] < a[1] ? b : a));

/** A geometric mean of ratios against a floor: the mean, and each case when there are few enough to list. */
function meanRow(target: string, rs: readonly Named[], floor: number, list = true): TargetRow {
  if (rs.length === 0) return { target, measured: "no case measured", status: "not measured" };
  const mean = geomean(rs.map((x) => x[1]));
  return { target, measured: list ? `${fmtRatio(mean)} (${listed(rs)})` : `${fmtRatio(mean)} over ${rs.length} cases`, status: mean >= floor ? "pass" : "fail", ...weighed(rs) };
}

/** Every case at least `floor`: the lowest. */
function floorRow(target: string, rs: readonly Named[], floor: number): TargetRow {
  if (rs.length === 0) return { target, measured: "no case measured", status: "not measured" };
  const [name, r, varied] = lowest(rs);
  return { target, measured: `lowest: ${name} ${fmtRatio(r)}${varied ? " ~" : ""}`, status: r >= floor ? "pass" : "fail", ...weighed([[name, r, varied]]) };
}

export function targets(cases: CaseResult[], cold: Report["cold"], bundles: BundleRow[] | undefined): TargetRow[] {
  const out: TargetRow[] = [];
  const mcp = cases.filter((c) => c.group === "mcp");
  const mcpDeep = cases.filter((c) => c.group === "mcp" || c.group === "deep");

  out.push(meanRow("isValid, valid instance: geometric mean over the MCP and deep cases ≥ 1.0× ajv", ratios(mcpDeep, "valid"), 1));
  out.push(floorRow("isValid, valid instance: no case below 0.5× ajv (every case with an instance)", ratios(cases, "valid"), 0.5));
  out.push(meanRow("compile, never-seen schema: geometric mean over the MCP and deep cases ≥ 20× faster than ajv (reused instance)", ratios(mcpDeep, "compile"), 20));

  const hit = cases.find((c) => c.name === "mcp-input")?.cells.compileHit?.["schemagate"];
  out.push({
    target: "cache hit on the 5-property schema (mcp-input) ≤ 5 µs",
    measured: hit?.value ? `${(1e6 / hit.value).toFixed(2)} µs` : (hit?.na ?? "not run"),
    status: hit?.value ? (1e6 / hit.value <= 5 ? "pass" : "fail") : "not measured",
  });

  const mem = cases.find((c) => c.name === "mcp-defs")?.cells.memory;
  const sgMem = mem?.["schemagate"]?.value;
  out.push({
    target: "memory per compiled schema of the $defs/oneOf class (mcp-defs) ≤ 6 KiB",
    measured: sgMem !== undefined ? `${fmtBytes(sgMem)} (ajv: ${mem?.[BASELINE]?.value !== undefined ? fmtBytes(mem[BASELINE]!.value!) : "n/a"})` : "not run",
    status: sgMem === undefined ? "not measured" : sgMem <= 6 * 1024 ? "pass" : "fail",
  });

  const imp = cold?.rows.find((r) => r.id === "schemagate");
  out.push({
    target: "import in a fresh process ≤ 10 ms",
    measured: imp?.importMs !== undefined ? `${imp.importMs.toFixed(2)} ms (median of ${cold!.runs})` : (imp?.na ?? "not run (--case)"),
    status: imp?.importMs !== undefined ? (imp.importMs <= 10 ? "pass" : "fail") : "not measured",
  });

  out.push(...errorPathTargets(cases, mcp));

  const memAfter = cases.find((c) => c.name === "mcp-defs")?.cells.memoryAfterInvalid?.["schemagate"]?.value;
  out.push({
    target: "memory per compiled schema after its first invalid instance (mcp-defs) ≤ 12 KiB (issue 18)",
    measured: memAfter !== undefined ? fmtBytes(memAfter) : "not run",
    status: memAfter === undefined ? "not measured" : memAfter <= 12 * 1024 ? "pass" : "fail",
  });

  out.push(...fastPathTargets(cases, mcp));

  const large = cases.find((c) => c.group === "large");
  const first = large?.cells.firstResult;
  const sgFirst = first?.["schemagate"]?.value;
  const cfFirst = first?.["cfworker"]?.value;
  out.push({
    target: "time to first result on a very large schema (compile + first isValid) no slower than @cfworker's (issue 18)",
    measured: sgFirst !== undefined && cfFirst !== undefined ? `${large!.name}: ${(1e3 / sgFirst).toFixed(0)} ms (@cfworker ${(1e3 / cfFirst).toFixed(0)} ms, ajv ${first?.[BASELINE]?.value ? (1e3 / first[BASELINE]!.value!).toFixed(0) + " ms" : "n/a"})` : "not run",
    status: sgFirst === undefined || cfFirst === undefined ? "not measured" : sgFirst >= cfFirst ? "pass" : "fail",
  });

  const app = bundles?.find((b) => b.id === "schemagate");
  out.push({
    target: "app bundle (compile + isValid + validate) ≤ 24,000 B minified and gzipped",
    measured: app?.gzipped !== undefined ? `${app.gzipped.toLocaleString("en-US")} B (${fmtBytes(app.gzipped)})` : (app?.na ?? "not run (--case)"),
    status: app?.gzipped !== undefined ? (app.gzipped <= 24_000 ? "pass" : "fail") : "not measured",
  });
  return out;
}

/** Issue 18's error-path rows: validate on the invalid instance, against ajv on one reused instance. */
function errorPathTargets(cases: CaseResult[], mcp: CaseResult[]): TargetRow[] {
  return [
    meanRow("validate() with default options (all errors) ÷ ajv's default (first error): geometric mean over the MCP cases ≥ 0.5× (issue 18)", ratios(mcp, "allErrors", BASELINE, "firstError"), 0.5),
    meanRow("validate, first error (invalid instance): geometric mean over all cases ≥ 0.6× ajv (issue 18)", ratios(cases, "firstError"), 0.6, false),
    meanRow("validate, all errors (invalid instance): geometric mean over all cases ≥ 1.0× ajv (issue 18)", ratios(cases, "allErrors"), 1, false),
    floorRow("validate, first error: no case below 0.25× ajv (issue 18)", ratios(cases, "firstError"), 0.25),
    // Issue 18: compile + first validate, reported and held against ajv's compile alone.
    floorRow("compile + first validate (invalid instance) no slower than ajv's compile alone, every case (issue 18)", ratios(cases, "firstInvalid", BASELINE, "compile"), 1),
  ];
}

/** Issue 18's boolean fast-path rows. */
function fastPathTargets(cases: CaseResult[], mcp: CaseResult[]): TargetRow[] {
  const mcpValid = ratios(mcp, "valid");
  const out = [
    meanRow("isValid, valid instance: geometric mean over all cases ≥ 0.6× ajv (issue 18; \"no case slower than before by more than 5%\" compares two runs: see the commit bodies)", ratios(cases, "valid"), 0.6, false),
    meanRow("isValid, valid instance: geometric mean over the MCP cases ≥ 1.3× ajv (issue 18)", mcpValid, 1.3),
    floorRow("isValid, valid instance: no MCP case below 0.5× ajv (issue 18)", mcpValid, 0.5),
  ];
  for (const [id, label] of [["cfworker", "@cfworker"], ["hyperjump", "hyperjump"]] as const) {
    const rs = ratios(cases, "valid", id);
    out.push(meanRow(`isValid, valid instance: geometric mean ≥ 30× ${label}'s (issue 18)`, rs, 30, false));
  }
  return out;
}
