// Regression: annotations shared the errors' budget and had none of their own. A list of evaluated
// names holds the object's keys, and its characters were not counted: allOf of 1,000
// {additionalProperties: true} over an object of 100,000 keys made 100,000,000 names (about 20 s
// and 1 GB for output "basic"; isValid 1 ms). Annotations counted against maxErrors, so the basic,
// detailed and verbose formats gave fewer errors than validate() (and said `truncated` when nothing
// was cut), and under anyOf, contains or if they were counted and taken back, so they ignored the
// cap, then were cut by the text bound without `truncated`.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { MAX_OUTPUT_TEXT } from "../../src/limits.js";
import type { OutputNode } from "../../src/output/formats.js";

const wide = (keys: number): Record<string, number> => {
  const object: Record<string, number> = {};
  for (let i = 0; i < keys; i++) object[String(i).padStart(8, "k")] = 0;
  return object;
};

const leaves = (node: OutputNode): number => (node.errors === undefined ? 1 : node.errors.reduce((n, child) => n + leaves(child), 0));

test("lists of evaluated names count their characters: the annotations stop at the text bound, cut", () => {
  const v = compile({ allOf: Array.from({ length: 300 }, () => ({ additionalProperties: true })) }, { cache: false });
  const data = wide(40_000); // 300 lists of 40,000 names were 12,000,000 names
  const output = v.validate(data, { output: "basic" });
  assert.ok(output.valid);
  let names = 0;
  for (const unit of output.annotations ?? []) if (Array.isArray(unit.annotation)) names += unit.annotation.length;
  // At most the bound's worth of names, and one list over it.
  assert.ok(names * 8 <= MAX_OUTPUT_TEXT + 40_000 * 9, `${names} names`);
  assert.ok(names > 0);
  assert.equal(output.truncated, true);
});

// contains annotates the indices of the items that match, and the bound counted one character an
// index: 200 `contains` over 100,000 items gave 23,560,160 characters of JSON under a bound of
// 4,000,000. An index counts its digits now.
test("lists of item indices count their digits: the annotations stop at the text bound, cut", () => {
  const v = compile({ allOf: Array.from({ length: 200 }, () => ({ contains: {} })) }, { cache: false });
  const data = Array.from({ length: 100_000 }, (_, i) => i);
  const output = v.validate(data, { output: "basic" });
  assert.ok(output.valid);
  let text = 0;
  for (const unit of output.annotations ?? []) text += unit.keywordLocation.length + unit.instanceLocation.length + JSON.stringify(unit.annotation).length;
  // At most the bound, and one list over it.
  assert.ok(text <= MAX_OUTPUT_TEXT + 100_000 * 7, `${text} characters`);
  assert.ok(text > MAX_OUTPUT_TEXT / 2, `${text} characters`);
  assert.equal(output.truncated, true);
});

test("maxErrors counts errors only: every format gives validate()'s errors, and says truncated only when they were cut", () => {
  const v = compile({ title: "t", properties: { z: {} }, additionalProperties: { type: "string" } }, { cache: false });
  const two = { k0: 0, k1: 1 };
  const thousand = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, i]));
  for (const output of ["basic", "detailed", "verbose"] as const) {
    const cut = v.validate(two, { maxErrors: 2, output });
    assert.equal([leaves(cut), cut.truncated], [2, undefined], output);
    const all = v.validate(thousand, { output });
    assert.equal([leaves(all), all.truncated], [1000, undefined], output);
    const over = v.validate(thousand, { output, maxErrors: 999 });
    assert.equal([leaves(over), over.truncated], [999, true], output);
  }
  const p = compile({ prefixItems: [{}], items: { type: "string" } }, { cache: false });
  assert.equal(leaves(p.validate([0, 1, 2], { maxErrors: 2, output: "basic" })), 2);
});

test("annotations under anyOf, contains and if keep to maxErrors, and a cut list says so", () => {
  const cases: [object, unknown[]][] = [
    [{ items: { anyOf: Array.from({ length: 20 }, (_, i) => ({ title: `t${i}` })) } }, new Array(10_000).fill(0)],
    [{ contains: { title: "c" } }, new Array(10_000).fill(0)],
    [{ items: { if: { title: "a" }, then: { title: "b" } } }, new Array(1_000).fill(0)],
  ];
  for (const [schema, data] of cases) {
    const v = compile(schema, { cache: false });
    const five = v.validate(data, { output: "basic", maxErrors: 5 });
    assert.equal([five.annotations?.length, five.truncated], [5, true], JSON.stringify(schema));
    const all = v.validate(data, { output: "basic" });
    assert.equal([all.annotations?.length, all.truncated], [1000, true], JSON.stringify(schema));
  }
  // Nothing cut: no flag.
  const few = compile({ items: { anyOf: [{ title: "a" }, { title: "b" }] } }, { cache: false }).validate([0, 1], { output: "basic" });
  assert.equal([few.annotations?.length, few.truncated], [5, undefined]);
});

test("a subschema every value passes reads no key (a thousand over 100,000 keys were 10^8 calls)", () => {
  for (const sub of [true, {}]) {
    const v = compile({ allOf: Array.from({ length: 1000 }, () => ({ additionalProperties: sub })), required: ["absent"] }, { cache: false });
    const data = wide(100_000);
    const started = performance.now();
    const result = v.validate(data);
    const output = v.validate(data, { output: "basic", maxErrors: 10 });
    const elapsed = performance.now() - started;
    assert.equal([result.valid, output.valid], [false, false]);
    assert.ok(elapsed < 1500, `${JSON.stringify(sub)}: ${elapsed.toFixed(0)} ms`);
  }
});

test.run();
