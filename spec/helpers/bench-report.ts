// What the specs of bench/RESULTS.md's sections share: a small synthetic report around the cases
// they build, and a rendered section's table read back by rows.
import type { Report } from "../../bench/lib/report.js";
import type { CaseResult } from "../../bench/lib/types.js";

/** A full run's report of these cases, with nothing else measured (add a section with `extra`). */
export function syntheticReport(cases: CaseResult[], extra: Partial<Report> = {}): Report {
  return {
    mode: "full", partial: false, date: "2026-12-04T00:00:00.000Z",
    machine: { cpu: "x", cores: 2, memoryGiB: 1, node: "v20", os: "Linux", load: [0, 0] },
    schemagate: { version: "0", commit: "abc", srcChanges: false },
    libraries: [], settings: { roundMs: 1, rounds: 1, warmupMs: 1, compileWarmupMs: 1, cellMaxMs: 1, memorySchemas: 1, coldRuns: 1 },
    cases, targets: [], draft07: [], geomeans: [], seconds: 1,
    ...extra,
  };
}

/** The section's table (the part that starts "| case |"): its rows by their first cell, split into cells. */
export function tableRows(section: string[]): Map<string, string[]> {
  const table = section.find((part) => part.startsWith("| case |"))!;
  const out = new Map<string, string[]>();
  for (const line of table.split("\n").slice(2)) {
    const cells = line.split("|").slice(1, -1).map((c) => c.trim());
    out.set(cells[0]!, cells.slice(1));
  }
  return out;
}
