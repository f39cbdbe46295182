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

test("the output formats cut and mark the list as validate() does when an abort follows the cut", () => {
  // Found by a red-team probe: the annotating pass appended the abort to a list the cap had cut,
  // and did not mark it. Two type units at /0, then $depth on the way down /1.
  const schema = { $ref: "#/$defs/m", $defs: { m: { items: { $ref: "#/$defs/m" }, properties: { a: { type: "string" }, b: { type: "string" } } } } };
  const w = compile(schema, { cache: false, maxDataDepth: 2 });
  const data = [{ a: 1, b: 1 }, [[[]]]];
  const uncut = w.validate(data, { maxErrors: 100 });
  assert.is(uncut.valid, false);
  if (uncut.valid) return;
  assert.equal(uncut.errors.map((e) => e.keyword), ["type", "type", "$depth"]);
  for (const output of ["basic", "detailed"] as const) {
    for (const maxErrors of [0, 1]) {
      const cut = w.validate(data, { output, maxErrors }) as { valid: boolean; errors?: { keyword: string }[]; truncated?: true };
      const listed = JSON.stringify(cut.errors ?? []);
      assert.is(cut.valid, false);
      assert.not.ok(listed.includes('"$depth"'), `${output}, maxErrors ${maxErrors}: ${listed}`);
      assert.is(cut.truncated, true, `${output}, maxErrors ${maxErrors}`);
    }
    const whole = w.validate(data, { output: "basic", maxErrors: 100 }) as { errors?: { keyword: string }[]; truncated?: true };
    assert.equal((whole.errors ?? []).map((e) => e.keyword).at(-1), "$depth", "uncut, the list ends in the abort");
    assert.is(whole.truncated, undefined);
  }
});

test.run();
