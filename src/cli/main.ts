// The schemagate command line.
import { resolve } from "node:path";
import { loadCases, loadRemotes, runCase } from "./suite.js";

function suite(args: string[]): number {
  const dirFlag = args.indexOf("--suite-dir");
  const suiteDir = resolve(dirFlag >= 0 ? args[dirFlag + 1] ?? "" : "JSON-Schema-Test-Suite");
  const remotes = loadRemotes(suiteDir);
  const rows: { file: string; passed: number; failed: number; failures: string[] }[] = [];
  for (const [file, cases] of loadCases(suiteDir)) {
    const outcomes = cases.map((c) => runCase(c, remotes));
    const failures = outcomes.filter((o) => !o.passed).map((o) => `${o.case.group} / ${o.case.description}: ${o.problem}`);
    rows.push({ file, passed: outcomes.length - failures.length, failed: failures.length, failures });
  }
  if (args.includes("--json")) {
    console.log(JSON.stringify(rows, null, 2));
  } else {
    const width = Math.max(...rows.map((r) => r.file.length));
    console.log(`${"file".padEnd(width)}  passed  failed`);
    for (const row of rows) {
      console.log(`${row.file.padEnd(width)}  ${String(row.passed).padStart(6)}  ${String(row.failed).padStart(6)}`);
      for (const failure of row.failures) console.log(`  ✗ ${failure}`);
    }
    for (const [label, filter] of [["required", (f: string) => !f.startsWith("optional/")], ["optional", (f: string) => f.startsWith("optional/")]] as const) {
      const selected = rows.filter((r) => filter(r.file));
      const passed = selected.reduce((n, r) => n + r.passed, 0);
      const total = passed + selected.reduce((n, r) => n + r.failed, 0);
      console.log(`${label}: ${passed}/${total} passed`);
    }
  }
  return 0;
}

const [command, ...rest] = process.argv.slice(2);
if (command === "suite") process.exitCode = suite(rest);
else {
  console.error("usage: schemagate suite [--suite-dir DIR] [--json]");
  process.exitCode = 2;
}
