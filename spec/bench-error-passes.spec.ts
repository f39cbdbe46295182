// The bench's section on a validator's first invalid instances (bench/lib/report.ts
// renderErrorPasses): each case's explainer ÷ closures pairs as measured, a case that could not be
// compared with its reason, means over the cases that have a ratio. And the pair the worker times
// (bench/libs/schemagate.ts errorPassPair): the same errors, the explainer serving one of them.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { renderErrorPasses } from "../bench/lib/report.js";
import type { Paired } from "../bench/lib/measure.js";
import type { CaseResult } from "../bench/lib/types.js";
import { syntheticReport, tableRows } from "./helpers/bench-report.js";
import { errorPassPair } from "../bench/libs/schemagate.js";
import { usedExplainer } from "../src/validator.js";

const paired = (a: number, b: number, low: number, high: number): Paired => ({ a, b, ratio: a / b, low, high, pairs: 41 });

const kase = (name: string, errorPasses?: CaseResult["errorPasses"]): CaseResult => ({
  name, title: name, group: "mcp", notes: [], warnings: [], seconds: 1, cells: {}, ...(errorPasses ? { errorPasses } : {}),
});

test("each case's pairs, the reason a case was not compared, means over the ratios", () => {
  const out = renderErrorPasses(
    syntheticReport([
      kase("a", { firstError: paired(1000, 2000, 0.4, 0.6), allErrors: paired(500, 2000, 0.2, 0.3) }),
      kase("b", { firstError: paired(4000, 2000, 1.5, 2.5), allErrors: paired(2000, 2000, 0.9, 1.1) }),
      kase("c", { skipped: "no explainer: a keyword the schema reaches has no explain hook" }),
      kase("d"),
    ]),
  );
  const r = tableRows(out);
  assert.equal(r.get("a"), ["1.00k/s", "2.00k/s", "0.50× (0.40×–0.60×)", "500/s", "2.00k/s", "0.25× (0.20×–0.30×)"]);
  assert.equal(r.get("b"), ["4.00k/s", "2.00k/s", "2.00× (1.50×–2.50×)", "2.00k/s", "2.00k/s", "1.00× (0.90×–1.10×)"]);
  assert.ok(r.get("c")![0]!.startsWith("not compared: no explainer"));
  assert.not.ok(r.has("d"), "a case the section did not measure has no row");
  // √(0.5·2) = 1 and √(0.25·1) = 0.5, over a and b.
  assert.equal(r.get("geometric mean"), ["", "", "1.00× (2)", "", "", "0.50× (2)"]);
});

test("no section when no case measured it", () => {
  assert.equal(renderErrorPasses(syntheticReport([kase("a")])), []);
});

test("the pair: the same errors, the explainer serving one, the closures the other", () => {
  const schema = { type: "object", properties: { a: { type: "string", minLength: 2 }, b: { type: "integer" } }, additionalProperties: false };
  const invalid = { a: "x", b: 1.5, c: true };
  const pair = errorPassPair(schema, invalid);
  if ("why" in pair) throw new Error(`not compared: ${pair.why}`);
  assert.ok(usedExplainer(pair.explainer));
  assert.not.ok(usedExplainer(pair.closures));
  const all = pair.explainer.validate(invalid);
  assert.equal(all, pair.closures.validate(invalid));
  assert.is(all.valid ? 0 : all.errors.length, 3);
});

test.run();
