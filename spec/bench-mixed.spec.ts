// The one-process section of bench/RESULTS.md (bench/mixed.ts): each ratio is schemagate ÷ ajv of
// the cells it names, the own-process ratio comes from the case's table, "one ÷ own" divides the
// two, the geometric mean runs over the cases that have a value, and a section run alone
// (--mixed, no case tables) shows only its own ratios. A small synthetic report drives it.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { renderMixed, type Report } from "../bench/lib/report.js";
import type { CaseResult, Cell, MixedResult } from "../bench/lib/types.js";
import { syntheticReport, tableRows } from "./helpers/bench-report.js";

const v = (value: number): Cell => ({ value });

const kase = (name: string, valid: [number, number], firstError: [number, number]): CaseResult => ({
  name, title: name, group: "mcp", notes: [], warnings: [], seconds: 1,
  cells: { valid: { schemagate: v(valid[0]), ajv: v(valid[1]) }, firstError: { schemagate: v(firstError[0]), ajv: v(firstError[1]) } },
});

const MIXED: MixedResult = {
  cases: ["a", "b", "c"],
  cells: {
    a: { valid: { schemagate: v(200), ajv: v(400) }, firstError: { schemagate: v(100), ajv: v(1000) } },
    b: { valid: { schemagate: v(800), ajv: v(100) }, firstError: { schemagate: v(30), ajv: v(10) } },
    // ajv could not run c: no ratio, and c is left out of the means.
    c: { valid: { schemagate: v(5), ajv: { na: "cannot compile" } }, firstError: { schemagate: v(5), ajv: { na: "cannot compile" } } },
  },
  warnings: ["ajv on c: <cannot compile>"],
  seconds: 12,
};

function report(cases: CaseResult[]): Report {
  return syntheticReport(cases, { mixed: MIXED });
}

test("ratios here, in the case's own process, and the one divided by the other", () => {
  // Own process: a 0.25× and 0.2×, b 4× and 1.5×.
  const out = renderMixed(report([kase("a", [100, 400], [10, 50]), kase("b", [400, 100], [15, 10])]));
  const r = tableRows(out);
  assert.equal(r.get("a"), ["0.50×", "0.25×", "2.00×", "0.10×", "0.20×", "0.50×"]);
  assert.equal(r.get("b"), ["8.00×", "4.00×", "2.00×", "3.00×", "1.50×", "2.00×"]);
  assert.equal(r.get("c"), ["—", "—", "—", "—", "—", "—"]);
  // Geometric means over a and b: √(0.5·8) = 2, √(0.25·4) = 1, 2; √(0.1·3), √(0.2·1.5), 1.
  assert.equal(r.get("geometric mean"), ["2.00× (2)", "1.00× (2)", "2.00× (2)", "0.55× (2)", "0.55× (2)", "1.00× (2)"]);
  assert.ok(out.some((part) => part.includes("**Warning:** ajv on c")));
  assert.ok(out.some((part) => part.includes("3, the draft-07 versions excepted")));
});

test("a case without its own process's cells has no own ratio", () => {
  const r = tableRows(renderMixed(report([kase("a", [100, 400], [10, 50])])));
  assert.equal(r.get("b"), ["8.00×", "—", "—", "3.00×", "—", "—"]);
  assert.equal(r.get("geometric mean"), ["2.00× (2)", "0.25× (1)", "2.00× (1)", "0.55× (2)", "0.20× (1)", "0.50× (1)"]);
});

test("run alone (--mixed): only the ratios of this process", () => {
  const out = renderMixed(report([]));
  const head = out.find((part) => part.startsWith("| case |"))!.split("\n")[0]!;
  assert.is(head.split("|").length - 2, 3);
  assert.equal(tableRows(out).get("a"), ["0.50×", "0.10×"]);
});

test("no section without the run", () => {
  const { mixed: _, ...without } = report([]);
  assert.equal(renderMixed(without), []);
});

test.run();
