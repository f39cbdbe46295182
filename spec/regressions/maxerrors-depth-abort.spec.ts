// Regression (found by the maxErrors property of spec/properties.spec.ts, SG-4): when the error
// pass ends in the `$depth` abort (first found with `$ref: "#"` beside `minLength`, a cycle now
// refused at compile time; here 100,000 levels of data, each failing `minItems`, so one unit per
// level until the stack runs out), the units past maxErrors were dropped but the result did not
// say so: no `truncated: true`. The abort unit itself may come on top of the cap (it is the
// reason the list ends), but a cut list must be marked. Since the error pass ends as soon as its
// output is full (report.ts pastCap), a list cut at the cap ends there, before the abort: the
// abort unit ends only a list the cap did not cut.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";

// Since maxDataDepth, the abort comes at a fixed level: four failing keywords a level (an array
// of one item: minItems, maxItems, const, not) and 400 levels make 1,600 units before it, past the cap.
const v = compile({ items: { $ref: "#" }, minItems: 2, maxItems: 0, const: 0, not: {} }, { cache: false, maxDataDepth: 399 });
let deep: unknown[] = [];
for (let i = 0; i < 100_000; i++) deep = [deep];

test("default options: the first 1,000 units, marked truncated, and no $depth unit (the pass ends at the cap)", () => {
  const result = v.validate(deep);
  const full = v.validate(deep, { maxErrors: 100_000 });
  assert.is(result.valid, false);
  if (result.valid || full.valid) return;
  assert.is(result.errors.length, 1000);
  assert.ok(
    result.errors.every((e) => e.keyword !== "$depth"),
    "the abort lies past the cap",
  );
  assert.equal(result.errors, full.errors.slice(0, 1000), "the first 1,000 of the uncut list");
  assert.is(full.errors.at(-1)!.keyword, "$depth", "uncut, the list ends in the abort");
  assert.is(result.truncated, true, "1,000 units kept of more: the list was cut");
});

test("maxErrors 1: one unit, marked truncated", () => {
  const result = v.validate(deep, { maxErrors: 1 });
  assert.is(result.valid, false);
  if (result.valid) return;
  assert.equal(
    result.errors.map((e) => e.keyword),
    ["const"],
  );
  assert.is(result.truncated, true);
});

test("an abort under the cap is not a cut: no truncated flag", () => {
  const result = v.validate(deep, { maxErrors: 100_000 });
  assert.is(result.valid, false);
  if (result.valid) return;
  assert.is(result.errors.at(-1)!.keyword, "$depth");
  assert.is(result.truncated, undefined);
});

test.run();
