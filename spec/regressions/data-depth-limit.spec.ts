// Regression (issue 17, §4 "deep valid data is refused at a depth that depends on JIT warm-up"):
// data that recursive schemas follow ran until the stack did, about 1,864 levels in a fresh
// process and 5,345 once warm (and as few as ~650 levels cold behind an anyOf), so the same data
// got a different verdict with the process's history. Now the values entered through references
// that can lead back to themselves are counted (src/engine/depth.ts) and compile's
// `maxDataDepth` (default 256) decides, the same in a fresh process and a warm one, in isValid,
// validate and every output format.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { compile, type ValidationResult } from "../../src/index.js";

const LIMIT = 256;

/** `levels` arrays, each the only item of the one around it. */
function arrays(levels: number): unknown {
  let data: unknown = [];
  for (let i = 1; i < levels; i++) data = [data];
  return data;
}

/** `levels` objects, each the value of `key` in the one around it. */
function objects(levels: number, key = "a", leaf: unknown = {}): unknown {
  let data: unknown = leaf;
  for (let i = 1; i < levels; i++) data = { [key]: data };
  return data;
}

/** Tree nodes `nodes` deep: each node's children array holds the next (2 levels of data per node). */
function tree(nodes: number): unknown {
  let data: unknown = { name: "leaf" };
  for (let i = 1; i < nodes; i++) data = { name: "n", children: [data] };
  return data;
}

// Each recursive schema, with data whose counted depth is `n` (the root value is not entered through a reference).
const CASES: [name: string, schema: unknown, data: (n: number) => unknown][] = [
  ["items", { items: { $ref: "#" } }, (n) => arrays(n + 1)],
  ["properties", { type: "object", properties: { a: { $ref: "#" } } }, (n) => objects(n + 1)],
  ["additionalProperties", { additionalProperties: { $ref: "#" } }, (n) => objects(n + 1)],
  ["tree", { type: "object", required: ["name"], properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "#" } } } }, (n) => tree(n + 1)],
  ["behind anyOf", { anyOf: [{ type: "object", properties: { a: { $ref: "#" } } }, { type: "null" }] }, (n) => objects(n + 1)],
  ["through $defs", { $ref: "#/$defs/node", $defs: { node: { type: "object", properties: { a: { $ref: "#/$defs/node" } } } } }, (n) => objects(n + 1)],
  ["$dynamicRef", { $dynamicAnchor: "node", type: "object", properties: { a: { $dynamicRef: "#node" } } }, (n) => objects(n + 1)],
  ["$recursiveRef", { $schema: "https://json-schema.org/draft/2019-09/schema", $recursiveAnchor: true, type: "object", properties: { a: { $recursiveRef: "#" } } }, (n) => objects(n + 1)],
  ["unevaluatedProperties", { type: "object", properties: { a: { $ref: "#" } }, unevaluatedProperties: false }, (n) => objects(n + 1)],
  ["patternProperties (closures)", { patternProperties: { "^a$": { $ref: "#" } } }, (n) => objects(n + 1)],
  ["prefixItems (closures)", { prefixItems: [{ $ref: "#" }] }, (n) => arrays(n + 1)],
  ["draft-07 definitions", { $schema: "http://json-schema.org/draft-07/schema#", definitions: { n: { properties: { a: { $ref: "#/definitions/n" } } } }, $ref: "#/definitions/n" }, (n) => objects(n + 1)],
];

function isLimitUnit(result: ValidationResult, limit = LIMIT): boolean {
  return !result.valid && result.errors.length === 1 && result.errors[0]!.keyword === "$depth" && result.errors[0]!.error.includes(`more than ${limit} levels`) && result.errors[0]!.error.includes("maxDataDepth");
}

/** Every way of asking, for one instance: isValid, validate with all errors and with the first, basic output. */
function verdicts(schema: unknown, data: unknown, options = {}): string[] {
  const v = compile(schema, { cache: false, ...options });
  const all = v.validate(data);
  const first = v.validate(data, { allErrors: false });
  const basic = v.validate(data, { output: "basic" }) as { valid: boolean; errors?: { keyword?: string }[] };
  return [String(v.isValid(data)), all.valid ? "valid" : isLimitUnit(all) ? "limit" : "other", first.valid ? "valid" : isLimitUnit(first) ? "limit" : "other", basic.valid ? "valid" : basic.errors?.some((e) => e.keyword === "$depth") ? "limit" : "other"];
}

for (const [name, schema, data] of CASES) {
  test(`${name}: data at the limit is valid, one level past it is the $depth unit, warm or not`, () => {
    for (let round = 0; round < 3; round++) {
      assert.equal(verdicts(schema, data(LIMIT)), ["true", "valid", "valid", "valid"], `${name}: at the limit (round ${round})`);
      assert.equal(verdicts(schema, data(LIMIT + 1)), ["false", "limit", "limit", "limit"], `${name}: past it (round ${round})`);
      // Warm the validator between rounds: the verdicts may not move.
      const v = compile(schema);
      for (let i = 0; i < 200; i++) v.isValid(data(40));
    }
  });
}

// A count left behind would show at the limit (few calls: an overflow past it starts afresh).
test("a failure deep down leaves no count behind: the limit holds after invalid instances", () => {
  let exercised = 0;
  for (const [name, schema, data] of CASES) {
    const v = compile(schema, { cache: false });
    // The deepest value made a string, where the schema wants an object (schemas without `type` take it).
    const bad = JSON.parse(JSON.stringify(data(20)).replace(/\[\]|\{\}|\{"name":"leaf"\}/, '"x"')) as unknown;
    if (v.isValid(bad)) continue;
    exercised++;
    for (let i = 0; i < 5; i++) assert.not.ok(v.isValid(bad), `${name}: invalid`);
    assert.ok(v.isValid(data(LIMIT)), `${name}: at the limit`);
    assert.not.ok(v.isValid(data(LIMIT + 1)), `${name}: past it`);
  }
  assert.ok(exercised >= 7, `${exercised} cases with an invalid deep value`);
});

test("a fresh process gives the same verdicts as this warm one", () => {
  const dist = resolve(process.cwd(), "dist/index.js"); // built before the specs run
  const program = `
    import { compile } from ${JSON.stringify(dist)};
    const anyOf = { anyOf: [{ type: "object", properties: { a: { $ref: "#" } } }, { type: "null" }] };
    const objects = (n) => { let d = {}; for (let i = 1; i < n; i++) d = { a: d }; return d; };
    const v = compile(anyOf);
    const out = [v.isValid(objects(${LIMIT + 1})), v.isValid(objects(${LIMIT + 2}))];
    const r = v.validate(objects(${LIMIT + 2}));
    out.push(r.valid ? "valid" : r.errors[0].keyword + ":" + r.errors[0].error);
    console.log(JSON.stringify(out));`;
  const cold = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", program], { encoding: "utf8" })) as unknown[];
  const schema = { anyOf: [{ type: "object", properties: { a: { $ref: "#" } } }, { type: "null" }] };
  const warm = compile(schema);
  for (let i = 0; i < 500; i++) warm.isValid(objects(50));
  const r = warm.validate(objects(LIMIT + 2));
  assert.equal(cold, [warm.isValid(objects(LIMIT + 1)), warm.isValid(objects(LIMIT + 2)), r.valid ? "valid" : `${r.errors[0]!.keyword}:${r.errors[0]!.error}`]);
  assert.equal(cold.slice(0, 2), [true, false]);
});

test("maxDataDepth sets the limit, is part of the cache key, and is checked", () => {
  const schema = { items: { $ref: "#" } };
  const shallow = compile(schema, { maxDataDepth: 10 });
  const deep = compile(schema, { maxDataDepth: 1_000 });
  assert.ok(shallow.isValid(arrays(11)));
  assert.ok(isLimitUnit(shallow.validate(arrays(12)), 10));
  assert.ok(deep.isValid(arrays(900)));
  assert.ok(compile(schema).isValid(arrays(LIMIT + 1)));
  assert.not.ok(compile(schema).isValid(arrays(LIMIT + 2)));
  for (const bad of [0, -1, 1.5, Number.NaN, "10"]) {
    assert.throws(() => compile(schema, { maxDataDepth: bad as number }), (e: unknown) => e instanceof RangeError && /maxDataDepth/.test((e as Error).message), String(bad));
  }
  // Infinity leaves the stack's limit: 100,000 levels still end in a $depth unit, not an exception.
  const unlimited = compile(schema, { maxDataDepth: Infinity, cache: false });
  const result = unlimited.validate(arrays(100_000));
  assert.ok(!result.valid && result.errors.length === 1 && result.errors[0]!.keyword === "$depth" && /maximum call depth/.test(result.errors[0]!.error));
});

test("only recursion counts: deep data the schema does not follow, and in-place fan-out, are not refused", () => {
  assert.ok(compile({ type: "object" }).isValid(objects(10_000)));
  // The schema recurses through "a" only; the deep branch is under "b".
  const v = compile({ type: "object", properties: { a: { $ref: "#" } } });
  assert.ok(v.isValid({ a: { a: {} }, b: objects(5_000) }));
  // Two recursive references applied to the same value count it once, and the root value, which
  // one of them enters in place, is level 0 as for items → "#" above: its innermost object 256
  // levels below the root passes, one more level is refused.
  const both = compile({ allOf: [{ $ref: "#/$defs/n" }, { $ref: "#/$defs/n" }], $defs: { n: { type: "object", properties: { a: { $ref: "#" } } } } });
  assert.ok(both.isValid(objects(LIMIT + 1)));
  assert.not.ok(both.isValid(objects(LIMIT + 2)));
  // A non-recursive chain of references never counts, however long.
  const defs: Record<string, unknown> = {};
  for (let i = 0; i < 400; i++) defs[`d${i}`] = { type: "object", properties: { a: { $ref: `#/$defs/d${i + 1}` } } };
  defs["d400"] = { type: "object" };
  assert.ok(compile({ $defs: defs, $ref: "#/$defs/d0" }).isValid(objects(401)));
});

// A value shared by reference (code, structuredClone, YAML aliases), met shallow first and found
// valid there, was reused where the closures' memo met it again deeper: past maxDataDepth, valid.
test("a shared value found valid shallow is evaluated again where it is reached deeper", () => {
  const tree = { $ref: "#/$defs/tree", $defs: { tree: { anyOf: [{ type: "integer" }, { $ref: "#/$defs/node" }] }, node: { items: { $ref: "#/$defs/tree" } } } };
  const nest = (levels: number, leaf: unknown = 0): unknown => {
    let data = leaf;
    for (let i = 0; i < levels; i++) data = [data];
    return data;
  };
  const shared = nest(5);
  const filler = Array.from({ length: 3_000 }, () => [0]); // past MEMO_AFTER crossings: the memo is on
  for (const schema of [tree, { items: { $ref: "#" } }]) {
    const v = compile(schema, { cache: false, maxDataDepth: 10 });
    for (const data of [[filler, shared, nest(7, shared)], [filler, nest(7, shared), shared], [shared, nest(7, shared)]]) {
      assert.not.ok(v.isValid(data), JSON.stringify(schema));
      assert.ok(isLimitUnit(v.validate(data), 10), JSON.stringify(schema));
      assert.not.ok(v.validate(data, { output: "verbose" }).valid);
    }
    // Within the limit, sharing changes nothing.
    assert.ok(v.isValid([filler, shared, nest(4, shared), nest(2, shared)]));
  }
});

// A success kept at one depth held for a value met at that depth as the value the enclosing
// by-value count had entered (its next in-place crossing counts nothing), and was reused where
// the same value sat under a plain property (that crossing counts a level): one level past
// maxDataDepth, valid where an unshared copy is refused.
test("a shared value found valid as the entered value is evaluated again where it is not", () => {
  const schema = {
    type: "object",
    properties: { f: { items: { $ref: "#/$defs/t" } }, a: { $ref: "#/$defs/w" }, b: { $ref: "#/$defs/v" } },
    $defs: {
      t: { anyOf: [{ type: "integer" }, { $ref: "#/$defs/n" }] },
      n: { items: { $ref: "#/$defs/t" } },
      r: { $ref: "#/$defs/t" },
      w: { properties: { w: { $ref: "#/$defs/w" } }, if: { type: "array" }, then: { allOf: [{ $ref: "#/$defs/r" }, true] } },
      v: { items: { $ref: "#/$defs/v" }, properties: { x: { allOf: [{ $ref: "#/$defs/r" }, true] } } },
    },
  };
  const v = compile(schema, { cache: false, maxDataDepth: 4 });
  const shared = [[[1]]];
  const one = [[1]];
  const filler = Array.from({ length: 20_000 }, () => one); // past MEMO_AFTER crossings, mostly found: the memo is on
  const copied = { f: filler, a: { w: shared }, b: [{ x: structuredClone(shared) }] };
  assert.not.ok(v.isValid(copied)); // the limit decides for the copy
  const data = { f: filler, a: { w: shared }, b: [{ x: shared }] };
  assert.not.ok(v.isValid(data));
  assert.ok(isLimitUnit(v.validate(data), 4));
  assert.not.ok(v.validate(data, { allErrors: false }).valid);
  assert.not.ok(v.validate(data, { output: "verbose" }).valid);
});

// NaN !== NaN: each crossing in place into a NaN counted a new level.
test("a NaN entered in place is one value, as any other", () => {
  const tree = { $ref: "#/$defs/tree", $defs: { tree: { anyOf: [{ type: "integer" }, { not: {} }, { $ref: "#/$defs/node" }] }, node: { items: { $ref: "#/$defs/tree" } } } };
  const v = compile(tree, { cache: false });
  let data: unknown = Number.NaN;
  for (let i = 0; i < LIMIT; i++) data = [data];
  const result = v.validate(data);
  assert.ok(result.valid || result.errors.every((e) => e.keyword !== "$depth"), JSON.stringify(result).slice(0, 200));
  const hops = compile({ allOf: [{ $ref: "#/$defs/a" }], $defs: { a: { allOf: [{ $ref: "#/$defs/b" }] }, b: { items: { $ref: "#" } } } }, { cache: false, maxDataDepth: 1 });
  assert.ok(hops.validate(Number.NaN).valid);
  assert.ok(hops.validate([Number.NaN]).valid);
});

test.run();
