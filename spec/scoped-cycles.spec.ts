// A dynamic reference lands where the dynamic scope sends it: the outermost resource in scope that
// declares its $dynamicAnchor, or the outermost resource in scope whose root says
// `$recursiveAnchor: true`. The schema graph sends it to every place that declares the anchor, so it saw
// in-place cycles evaluation never goes round; gate/scoped-cycles.ts replays the scopes from the
// root and refuses only a cycle that happens. Each accepted schema's answers are hyperjump's.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, SchemaError } from "../src/index.js";

type Obj = Record<string, unknown>;
const S2019 = "https://json-schema.org/draft/2019-09/schema";
const BASE = "https://probe.test/scoped/root";

/** Nested "a" then "b" objects: x (at /a/b) is applied to the value at /a/b. */
const NESTED = [{}, { a: 1 }, { a: { b: 1 } }, { a: { b: {} } }, { a: { b: { b: 1 } } }, { a: { b: { b: {} } } }];
/** Nested "a" objects. */
const CHAIN = [1, {}, { a: 1 }, { a: {} }, { a: { a: 1 } }, { a: { a: {} } }];

const OPTIONS = { cache: false, refs: "document" } as const;

const answers = (schema: unknown, data: readonly unknown[], options = {}) => {
  const v = compile(schema, { ...OPTIONS, ...options });
  return data.map((value) => [v.isValid(value), v.validate(value).valid].join("/"));
};
const both = (list: readonly boolean[]) => list.map((valid) => `${valid}/${valid}`);

/** The F1 shape: x, inside y, refers to "#n", which y declares too: x lands at y, which descends first. */
const x = { $id: "x", $dynamicAnchor: "n", $dynamicRef: "#n" };
const inY = (b: unknown, extra: Obj = {}) => ({ $id: "y", $dynamicAnchor: "n", type: "object", properties: { b }, ...extra });

test("a $dynamicRef that lands in an outer resource descending into the data is no cycle", () => {
  const cases: [name: string, schema: Obj, data: unknown[], expected: boolean[]][] = [
    ["x below y", { properties: { a: inY(x) } }, NESTED, [true, false, false, true, false, true]],
    ["x under anyOf", { properties: { a: inY({ anyOf: [x, { type: "string" }] }) } }, [...NESTED, { a: { b: "s" } }], [true, false, false, true, false, true, true]],
    ["x by $ref from y's properties", { properties: { a: inY({ $ref: "x" }, { $defs: { x } }) } }, NESTED, [true, false, false, true, false, true]],
    ["a resource without the anchor between", { properties: { a: inY({ $id: "z", allOf: [x] }) } }, NESTED, [true, false, false, true, false, true]],
    ["three resources declaring it", { properties: { a: inY({ $id: "w", $dynamicAnchor: "n", type: "object", properties: { b: x } }) } }, NESTED, [true, false, false, true, false, true]],
  ];
  for (const [name, schema, data, expected] of cases) assert.equal(answers({ $id: BASE, ...schema }, data), both(expected), name);
});

test("a $recursiveRef that lands at the outermost anchored resource descending into the data is no cycle", () => {
  const x2 = (body: Obj) => ({ $id: "x", $recursiveAnchor: true, ...body });
  const root = (body: Obj) => ({ $schema: S2019, $id: BASE, ...body });
  const cases: [name: string, schema: Obj, data: unknown[], expected: boolean[]][] = [
    // F2: the root and x both anchored: x's reference lands at the root.
    ["x under anyOf", root({ $recursiveAnchor: true, type: "object", properties: { a: x2({ anyOf: [{ $recursiveRef: "#" }] }) } }), CHAIN, [false, true, false, true, false, true]],
    ["x refers directly", root({ $recursiveAnchor: true, type: "object", properties: { a: x2({ $recursiveRef: "#" }) } }), CHAIN, [false, true, false, true, false, true]],
    ["x in $defs by $ref", root({ $recursiveAnchor: true, type: "object", properties: { a: { $ref: "x" } }, $defs: { x: x2({ anyOf: [{ $recursiveRef: "#" }] }) } }), CHAIN, [false, true, false, true, false, true]],
    // An unanchored y between them: x's reference still lands at the root, which descends first.
    [
      "an unanchored y between the root and x",
      root({ $recursiveAnchor: true, type: "object", properties: { a: { $id: "y", type: "object", properties: { b: x2({ anyOf: [{ $recursiveRef: "#" }] }) } } } }),
      [...NESTED, { a: { b: { a: 1 } } }, { a: { b: "s" } }],
      [true, false, false, true, true, true, false, false],
    ],
    // F3: the outermost anchored resource is y, not the root.
    ["an anchored y around x", root({ properties: { a: { $id: "y", $recursiveAnchor: true, type: "object", properties: { b: x2({ $recursiveRef: "#" }) } } } }), NESTED, [true, false, false, true, false, true]],
    ["the same under anyOf", root({ properties: { a: { $id: "y", $recursiveAnchor: true, type: "object", properties: { b: x2({ anyOf: [{ $recursiveRef: "#" }, { type: "string" }] }) } } } }), [...NESTED, { a: { b: "s" } }], [true, false, false, true, false, true, true]],
  ];
  for (const [name, schema, data, expected] of cases) assert.equal(answers(schema, data), both(expected), name);
});

test("a dynamic reference that does land on itself in place is still refused, at its steps", () => {
  const cases: [name: string, schema: Obj, location: string, steps: string][] = [
    // No anchor in y: x is the outermost resource declaring "n".
    ["F1 without y's anchor", { properties: { a: { $id: "y", type: "object", properties: { b: x } } } }, "/properties/a/properties/b/$dynamicRef", "/properties/a/properties/b/$dynamicRef → back"],
    // Reached from the root without y in scope, x lands on itself.
    ["x reached outside y too", { properties: { a: inY(x), c: { $ref: "x" } } }, "/properties/a/properties/b/$dynamicRef", "/properties/a/properties/b/$dynamicRef → back"],
    ["the root's own anchor, in place", { $dynamicAnchor: "n", anyOf: [{ $dynamicRef: "#n" }] }, "/anyOf", "/anyOf → /anyOf/0/$dynamicRef → back"],
    // An anchored root: every $recursiveRef to an anchored root lands there.
    ["the root's own $recursiveAnchor, in place", { $schema: S2019, $recursiveAnchor: true, anyOf: [{ $recursiveRef: "#" }] }, "/anyOf", "/anyOf → /anyOf/0/$recursiveRef → back"],
    [
      "x landing at the anchored root that applies it in place",
      { $schema: S2019, $recursiveAnchor: true, allOf: [{ $ref: "x" }], $defs: { x: { $id: "x", $recursiveAnchor: true, anyOf: [{ $recursiveRef: "#" }] } } },
      "/allOf",
      "/allOf → /allOf/0/$ref → /$defs/x/anyOf → /$defs/x/anyOf/0/$recursiveRef → back",
    ],
    ["F3 without y's anchor", { $schema: S2019, properties: { a: { $id: "y", type: "object", properties: { b: { $id: "x", $recursiveAnchor: true, $recursiveRef: "#" } } } } }, "/properties/a/properties/b/$recursiveRef", "/properties/a/properties/b/$recursiveRef → back"],
    // Where evaluation never goes, every place declaring the anchor still counts (as a bad regex there is refused).
    ["F1 in an unused definition", { $defs: { y: inY(x) } }, "/$defs/y/properties/b/$dynamicRef", "/$defs/y/properties/b/$dynamicRef → back"],
  ];
  for (const [name, schema, location, steps] of cases) {
    assert.throws(
      () => compile({ $id: BASE, ...schema }, OPTIONS),
      (e: unknown) => e instanceof SchemaError && e.code === "ref-cycle" && e.schemaLocation === location && e.message.includes(steps),
      name,
    );
  }
});

test("the same verdicts when the resources sit in another document", () => {
  const other = "https://probe.test/scoped/other";
  const root = { $id: BASE, properties: { a: { $ref: other } } };
  const y = (anchored: boolean) => ({ $id: other, ...(anchored ? { $dynamicAnchor: "n" } : {}), type: "object", properties: { b: x } });
  assert.equal(answers(root, NESTED, { schemas: { [other]: y(true) } }), both([true, false, false, true, false, true]));
  assert.throws(
    () => compile(root, { ...OPTIONS, schemas: { [other]: y(false) } }),
    (e: unknown) => e instanceof SchemaError && e.code === "ref-cycle" && e.schemaLocation === "/properties/b/$dynamicRef" && e.document === other,
  );
});

test("thousands of resources: the replay stays linear, and past its bound the graph's verdict stands", () => {
  // A chain of 2,000 resources entered below y, each with an x: one scope throughout.
  const $defs: Obj = {};
  for (let i = 0; i < 2000; i++) $defs[`r${i}`] = { $id: `r${i}`, type: "object", properties: { next: { $ref: `r${i + 1}` }, b: { ...x, $id: `x${i}` } } };
  $defs["r2000"] = { $id: "r2000" };
  const v = compile({ $id: BASE, properties: { a: inY({ $ref: "r0" }, { $defs }) } }, OPTIONS);
  assert.ok(v.isValid({ a: { b: { next: { b: {} } } } }));
  assert.not.ok(v.isValid({ a: { b: { next: { b: 1 } } } }));
  // A definition entered from 40 resources, each declaring an anchor of its own that a reference
  // looks up: 40 scopes for each of its places, more than the replay makes per place.
  const properties: Obj = {};
  for (let i = 0; i < 40; i++) properties[`p${i}`] = { $id: `s${i}`, $dynamicAnchor: `n${i}`, properties: { self: { $dynamicRef: `#n${i}` } }, $ref: "d" };
  const leaves: Obj = { a: inY(x) };
  for (let i = 0; i < 100; i++) leaves[`q${i}`] = { type: "integer" };
  const d = { $id: "d", properties: leaves };
  assert.throws(() => compile({ $id: BASE, properties, $defs: { d } }, OPTIONS), (e: unknown) => e instanceof SchemaError && e.code === "ref-cycle");
  // Reached from one resource only, the same definition is accepted.
  assert.ok(compile({ $id: BASE, properties: { p0: properties["p0"] }, $defs: { d } }, OPTIONS).isValid({}));
});

test.run();
