// Regression (red-team probe, complexity within the default bounds): three costs paid at every
// reference crossed, each times something the attacker sizes, where each should be paid once.
// - Registry.scopeKey scanned the dynamic scope once per $dynamicAnchor name at every memoized
//   crossing: 200 unused anchor names over arrays nested 200 deep took 10 s (ajv: 13 ms).
// - The memo keyed a long string through its pieces at every lookup: 8,000 `$ref`s in an allOf
//   over a 1 MB string took 7 s.
// - An enum of more than 8 structured members wrote the value's text as far as its longest
//   member at every check: 400 references to one over a 500 KB array took 11.6 s.
// Each bound below is several times the time now and a fraction of the time before.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";

function timed(run: () => unknown): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

test("unused $dynamicAnchor names cost nothing per crossing, however deep the scope", () => {
  const $defs: Record<string, unknown> = {};
  for (let i = 0; i < 200; i++) $defs[`a${i}`] = { $dynamicAnchor: `a${i}`, items: { $dynamicRef: `#a${i}` } };
  const schema = { $defs: { s: { $id: "s", items: { $ref: "#" } }, d: { $id: "d", $defs } }, $ref: "#/$defs/s" };
  let data: unknown[] = new Array(200).fill(0);
  for (let i = 0; i < 200; i++) data = [data, ...new Array(200).fill(0)];
  const v = compile(schema, { cache: false });
  const elapsed = timed(() => assert.is(v.isValid(data), true));
  assert.ok(elapsed < 2_000, `${elapsed.toFixed(0)} ms`);
});

test("a long string crossing thousands of references is keyed once", () => {
  const schema = { $defs: { x: { type: "string" } }, allOf: Array.from({ length: 6_000 }, () => ({ $ref: "#/$defs/x" })) };
  const v = compile(schema, { cache: false });
  const elapsed = timed(() => assert.is(v.isValid("a".repeat(1_000_000)), true));
  assert.ok(elapsed < 1_000, `${elapsed.toFixed(0)} ms`);
});

test("an enum of many structured members rules out a value of no member's size without writing it", () => {
  const members = [[1], [2], [3], [4], [5], [6], [7], [8], new Array(200_000).fill(0)];
  const schema = { $defs: { e: { not: { enum: members } } }, allOf: Array.from({ length: 400 }, () => ({ $ref: "#/$defs/e" })) };
  const v = compile(schema, { cache: false });
  const elapsed = timed(() => assert.is(v.isValid(new Array(100_000).fill(0)), true));
  assert.ok(elapsed < 1_000, `${elapsed.toFixed(0)} ms`);
  // Sizes only rule out: an equal value is still found, and one of a member's size but other content is not.
  assert.is(v.isValid([5]), false);
  assert.is(v.isValid(new Array(200_000).fill(0)), false);
  assert.is(v.isValid([...new Array(199_999).fill(0), 1]), true);
  assert.is(compile({ enum: [{ a: 1 }, { b: 2 }, [1], [2], [3], [4], [5], [6], [7]] }, { cache: false }).isValid({ a: 1 }), true);
});

test.run();
