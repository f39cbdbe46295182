// Regression (hostile data built in code): a value compared with itself is equal when it is JSON,
// which was asked by writing its text. A value that shares containers (`a = [a, a]`, 26 times)
// has 2^26 paths through 27 arrays: `uniqueItems` on `[a, a]` took 45 s and 3.2 GB, and at 27
// levels the process died of a fatal out-of-memory error. Each container is now read once. Two
// distinct such values compared pair by pair followed every path too: past PAIRWISE_READS the
// structural keys, which read each container once, take over.
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { compile } from "../../src/index.js";
import { canonical } from "../../src/json/canonical.js";
import { equal } from "../../src/json/equal.js";
import { check, jsonValue, lookalike, runs } from "../helpers/arbitraries.js";

function shared(levels: number): unknown {
  let a: unknown = 1;
  for (let i = 0; i < levels; i++) a = [a, a];
  return a;
}

test("uniqueItems over data that shares containers 30 levels deep answers at once", () => {
  const v = compile({ uniqueItems: true }, { cache: false });
  const a = shared(30);
  const started = performance.now();
  assert.is(v.isValid([a, a]), false);
  const result = v.validate([a, a]);
  assert.is(result.valid, false);
  if (!result.valid) assert.is(result.errors[0]!.keyword, "uniqueItems");
  assert.ok(performance.now() - started < 1_000, `${(performance.now() - started).toFixed(0)} ms`);
});

test("uniqueItems over distinct items that share containers inside answers at once, equal or not", () => {
  // Compared pair by pair (twelve items or fewer), equal() followed each of 2^K paths: K = 23 took 1.1 s.
  const v = compile({ uniqueItems: true }, { cache: false });
  const shared = (levels: number, leaf: unknown): unknown => {
    let x = leaf;
    for (let i = 0; i < levels; i++) x = i % 2 ? [x, x] : { a: x, b: x };
    return x;
  };
  const started = performance.now();
  assert.is(v.isValid([shared(40, 1), shared(40, 1)]), false);
  assert.is(v.isValid([shared(40, 1), shared(40, 2)]), true);
  const result = v.validate([shared(40, 1), 3, shared(40, 1)]);
  assert.is(result.valid, false);
  if (!result.valid) assert.is(result.errors[0]!.keyword, "uniqueItems");
  assert.ok(performance.now() - started < 1_000, `${(performance.now() - started).toFixed(0)} ms`);
});

test("a value equals itself exactly when canonical() writes it (JSON throughout), shared containers or not", () => {
  const notJson = fc.constantFrom<unknown>(NaN, Infinity, undefined, [undefined], { a: NaN }, [1, [Infinity]], new Date(0), new Map(), [, 1], { f: () => 1 });
  const value = fc.oneof(jsonValue, lookalike, notJson);
  check(
    fc.property(value, value, (x, y) => {
      // Alone, and shared inside a container with something else.
      for (const v of [x, [x, x], { a: x, b: [x, y], c: y }, [y, { z: x }, x]]) assert.is(equal(v, v), canonical(v) !== undefined, JSON.stringify(v) ?? String(v));
    }),
    runs(500),
  );
});

test("cyclic data compared with itself is still refused with $depth", () => {
  const cyclic: Record<string, unknown> = { n: 1 };
  cyclic["self"] = cyclic;
  const result = compile({ uniqueItems: true }, { cache: false }).validate([cyclic, cyclic]);
  assert.is(result.valid, false);
  if (!result.valid) assert.is(result.errors[0]!.keyword, "$depth");
});

test.run();
