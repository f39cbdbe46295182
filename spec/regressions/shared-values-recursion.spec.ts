// Regression: a recursive reference walked data that holds one object or array at many places (a
// DAG, which JSON text cannot hold but structured clone, YAML aliases and code can) once per path:
// `x = { a: x, b: x }` forty times over is 41 objects and 2^40 paths, and
// { additionalProperties: { $ref: "#" } } took seconds at 24 levels and days at 40. Only branching
// schemas were remembered (memo.ts); recursive references are now too, in the plans, the closures
// and the explainer (which hands over). Found by a red-team probe of exotic data.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";

let reads = 0;
/** `target`, counting every key listing and property read of it. */
const counted = <T extends object>(target: T): T =>
  new Proxy(target, {
    ownKeys(t) {
      reads++;
      return Reflect.ownKeys(t);
    },
    get(t, key, receiver) {
      reads++;
      return Reflect.get(t, key, receiver) as unknown;
    },
  });

function objectDag(levels: number, leaf: object): object {
  let x = leaf;
  for (let i = 0; i < levels; i++) x = counted({ a: x, b: x });
  return x;
}
function arrayDag(levels: number, leaf: unknown[]): unknown[] {
  let x = leaf;
  for (let i = 0; i < levels; i++) x = counted([x, x]);
  return x;
}

const LEVELS = 22; // 4 million paths; each of the 23 values is read a bounded number of times
const MODES: [string, (v: ReturnType<typeof compile>, data: unknown) => boolean][] = [
  ["isValid", (v, data) => v.isValid(data)],
  ["validate", (v, data) => v.validate(data).valid],
  ["first error", (v, data) => v.validate(data, { allErrors: false }).valid],
  ["basic", (v, data) => v.validate(data, { output: "basic" }).valid],
  ["verbose", (v, data) => v.validate(data, { output: "verbose" }).valid],
];

test("a recursive reference reads each shared value a bounded number of times, valid or not, in every mode", () => {
  const objects = compile({ type: "object", additionalProperties: { $ref: "#" } }, { cache: false });
  const arrays = compile({ type: "array", items: { $ref: "#" } }, { cache: false });
  const cases: [string, ReturnType<typeof compile>, () => unknown, boolean][] = [
    ["objects", objects, () => objectDag(LEVELS, {}), true],
    ["objects, one bad leaf", objects, () => objectDag(LEVELS, { z: 1 }), false],
    ["arrays", arrays, () => arrayDag(LEVELS, []), true],
    ["arrays, one bad leaf", arrays, () => arrayDag(LEVELS, [1]), false],
  ];
  for (const [name, run] of MODES) {
    for (const [kind, v, make, valid] of cases) {
      const data = make();
      reads = 0;
      assert.is(run(v, data), valid, `${name}, ${kind}`);
      assert.ok(reads < 50_000, `${name}, ${kind}: ${reads} reads`);
    }
  }
});

test("a shared value found valid near the root is evaluated again where it is reached deeper: maxDataDepth holds", () => {
  const v = compile({ type: "object", additionalProperties: { $ref: "#" } }, { cache: false });
  // Past MEMO_AFTER crossings (a 13-level DAG first), X (100 levels) is reached at depth 2, then
  // under a 250-level chain, where it passes the default maxDataDepth of 256.
  let x: Record<string, unknown> = {};
  for (let i = 0; i < 100; i++) x = { a: x };
  let chain: Record<string, unknown> = { x };
  for (let i = 0; i < 250; i++) chain = { c: chain };
  const data = { pad: objectDag(13, {}), first: x, second: chain };
  assert.not.ok(v.isValid(data));
  const result = v.validate(data);
  assert.equal(result.valid ? [] : result.errors.map((e) => e.keyword), ["$depth"]);
  assert.ok(v.isValid({ pad: objectDag(13, {}), first: x }));
});

test.run();
