// validate()'s error pass ends as soon as its output is full (report.ts pastCap): past
// maxErrors nothing it could still find changes the result, which is the first maxErrors units
// and `truncated: true`. Before, it went on counting to the end of the instance: a 2 MB document
// with tens of thousands of failures (the bench's geojson-canada) paid for every one of them.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { compileCounting } from "../../src/compile.js";

const numbers = Array.from({ length: 100_000 }, (_, i) => i);

test("a failing item after another: the pass stops after maxErrors + 1 of them", () => {
  const count = { evaluations: 0, limit: Infinity };
  const v = compileCounting({ items: { type: "string" } }, {}, count);
  const result = v.validate(numbers, { maxErrors: 10 });
  assert.is(result.valid, false);
  if (result.valid) return;
  assert.is(result.errors.length, 10);
  assert.is(result.truncated, true);
  assert.equal(
    result.errors.map((e) => e.instanceLocation),
    Array.from({ length: 10 }, (_, i) => `/${i}`),
  );
  // The boolean pass (closures here) stops at the first item: 2. The error pass: the root, then
  // each item up to the eleventh failure asked quietly and followed (items' asksFirst): 1 + 2 × 11.
  assert.is(count.evaluations, 2 + 1 + 2 * 11);
});

test("the output fills up inside anyOf branches: the units kept aside join the list in their place", () => {
  const v = compile({ anyOf: [{ items: { type: "string" } }, { items: { type: "boolean" } }] }, { cache: false });
  const data = [1, 2, 3];
  const full = v.validate(data, { maxErrors: 1000 });
  assert.is(full.valid, false);
  if (full.valid) return;
  assert.is(full.errors.length, 7, "three items twice, then anyOf's own unit");
  for (let cap = 0; cap <= 7; cap++) {
    const capped = v.validate(data, { maxErrors: cap });
    assert.is(capped.valid, false);
    if (capped.valid) return;
    assert.equal(capped.errors, full.errors.slice(0, cap), `maxErrors ${cap}`);
    assert.is(capped.truncated, cap < 7 ? true : undefined, `maxErrors ${cap}`);
  }
});

test("an abort inside a oneOf branch keeps the units the branch found before it", () => {
  // Every level fails maxItems, and oneOf's branch goes one level down: the branch's units come
  // level by level until maxDataDepth ends the pass with $depth.
  let deep: unknown[] = [];
  for (let i = 0; i < 1000; i++) deep = [deep];
  const v = compile({ oneOf: [{ items: { $ref: "#" } }], maxItems: 0 }, { cache: false, maxDataDepth: 50 });
  const result = v.validate(deep, { maxErrors: 10_000 });
  assert.is(result.valid, false);
  if (result.valid) return;
  const keywords = result.errors.map((e) => e.keyword);
  assert.is(keywords.at(-1), "$depth");
  assert.ok(keywords.length > 10, `${keywords.length} units`);
  assert.ok(
    keywords.slice(0, -1).every((k) => k === "maxItems"),
    keywords.join(" "),
  );
  assert.equal(
    result.errors.slice(0, 3).map((e) => e.instanceLocation),
    ["", "/0", "/0/0"],
  );
  assert.is(result.truncated, undefined);
});

test("the first error and every format but the flat list are unchanged by the cap's early end", () => {
  const v = compile({ items: { type: "string" } }, { cache: false });
  const first = v.validate(numbers, { allErrors: false });
  assert.is(first.valid, false);
  if (first.valid) return;
  assert.is(first.errors.length, 1);
  assert.is(first.truncated, undefined);
  const basic = v.validate(numbers.slice(0, 5), { output: "basic", maxErrors: 2 }) as { valid: boolean; errors?: unknown[] };
  assert.is(basic.valid, false);
  assert.is(basic.errors?.length, 2);
});

test("cut inside anyOf's branches: the later branches are asked, not followed for their errors", () => {
  // Every branch fails. Each branch more costs the boolean pass one question, and the error pass
  // the same question again (anyOf asks quietly first); once the first branch has filled the
  // output, following the others for their errors would only count units past the cap.
  const evaluations = (branches: number, run: "isValid" | "validate"): number => {
    const count = { evaluations: 0, limit: Infinity };
    const types = ["string", "boolean", "null", "object", "array"].slice(0, branches);
    const v = compileCounting({ anyOf: types.map((type) => ({ items: { type } })) }, {}, count);
    if (run === "isValid") assert.is(v.isValid(numbers.slice(0, 50)), false);
    else {
      const result = v.validate(numbers.slice(0, 50), { maxErrors: 1 });
      assert.is(result.valid || result.truncated, true);
    }
    return count.evaluations;
  };
  const asked = evaluations(5, "isValid") - evaluations(2, "isValid");
  assert.ok(asked > 0);
  assert.is(evaluations(5, "validate") - evaluations(2, "validate"), 2 * asked);
});

test.run();
