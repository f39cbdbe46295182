// Regression (hostile schemas): thousands of resources that each declare one `$dynamicAnchor` (or
// `$recursiveAnchor: true`) and each hold a dynamic reference to it made compile quadratic in
// time and memory: every reference made its own crossing into every place that declares the
// anchor (2,000 resources: 8 s), the registry read every resource again for each reference, and
// the gate's search for in-place cycles followed every reference to every place. Now the places
// of an anchor are found and compiled once per compile, a reference crosses into one when a
// scope first leads there, and the search follows an anchor's places once.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { fastest } from "../helpers/timing.js";

const BASE = "https://x.example/s.json";

/** n resources r0…r(n-1) declaring the anchor, each referring to it below `properties.a`; the root enters r0. */
function fanOut(n: number, kind: "dynamic" | "recursive"): Record<string, unknown> {
  const $defs: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    $defs[`d${i}`] =
      kind === "dynamic"
        ? { $id: `r${i}.json`, $dynamicAnchor: "node", type: "object", properties: { a: { $dynamicRef: "#node" } } }
        : { $id: `r${i}.json`, $recursiveAnchor: true, type: "object", properties: { a: { $recursiveRef: "#" } } };
  }
  const root = { $id: BASE, $defs, $ref: "r0.json" };
  return kind === "dynamic" ? root : { $schema: "https://json-schema.org/draft/2019-09/schema", ...root };
}

for (const kind of ["dynamic", "recursive"] as const) {
  test(`${kind}: 2,000 resources that each declare the anchor and refer to it compile in time linear in their number`, () => {
    const v = compile(fanOut(2_000, kind), { cache: false, refs: "document" });
    // The scope's outermost resource that declares the anchor is r0: every level lands there.
    assert.equal([v.isValid({ a: { a: {} } }), v.isValid({ a: { a: "s" } })], [true, false]);
    const result = v.validate({ a: { a: "s" } });
    assert.not.ok(result.valid);
    if (!result.valid) {
      const [unit] = result.errors;
      assert.is(unit!.instanceLocation, "/a/a");
      assert.is(unit!.absoluteKeywordLocation, "https://x.example/r0.json#/type");
      const reference = kind === "dynamic" ? "$dynamicRef" : "$recursiveRef";
      assert.is(unit!.keywordLocation, `/$ref/properties/a/${reference}/properties/a/${reference}/type`);
    }
    // Eight times the resources cost about eight times the time (the quadratic compile made it over sixty).
    const ratio = fastest(() => compile(fanOut(2_000, kind), { cache: false, refs: "document" })) / fastest(() => compile(fanOut(250, kind), { cache: false, refs: "document" }));
    assert.ok(ratio < 24, `8x the resources cost ${ratio.toFixed(1)}x the time`);
  });
}

test("one dynamic reference, two scopes: each call lands where its own scope says", () => {
  // r3's $dynamicRef lands at the outermost resource in scope that declares "node": r1 (objects
  // only) when entered through x, r2 (objects or numbers) through y.
  const schema = {
    $id: BASE,
    properties: { x: { $ref: "r1.json" }, y: { $ref: "r2.json" } },
    $defs: {
      r1: { $id: "r1.json", $dynamicAnchor: "node", type: "object", properties: { a: { $ref: "r3.json" } } },
      r2: { $id: "r2.json", $dynamicAnchor: "node", type: ["object", "number"], properties: { a: { $ref: "r3.json" } } },
      r3: { $id: "r3.json", $dynamicAnchor: "node", properties: { b: { $dynamicRef: "#node" } } },
    },
  };
  const v = compile(schema, { cache: false, refs: "document" });
  // Past the explainer's first invalid instances, the closures collect the errors: both are asked.
  for (let i = 0; i < 20; i++) {
    assert.equal([v.isValid({ y: { a: { b: 5 } } }), v.isValid({ x: { a: { b: 5 } } }), v.isValid({ x: { a: { b: {} } } })], [true, false, true]);
    const result = v.validate({ x: { a: { b: 5 } }, y: { a: { b: 5 } } });
    assert.not.ok(result.valid);
    if (!result.valid) {
      assert.equal(result.errors.map((unit) => [unit.instanceLocation, unit.absoluteKeywordLocation]), [["/x/a/b", "https://x.example/r1.json#/type"]]);
    }
  }
});

test.run();
