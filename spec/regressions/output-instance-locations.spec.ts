// Regression: the inner nodes of "detailed" and "verbose" trees said the deepest instance location
// their units shared, not the value their subschema was applied to (Core §12.4). Under
// {properties: {a: {properties: {b: …}}}} with {a: {b: 1}}, the root and /properties/a both said
// "/a/b"; a list cut by maxErrors gave the root the first unit's location; and one node under a
// many-values keyword (additionalProperties, items, …) held the units of several values at once.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, type OutputNode } from "../../src/index.js";
import { appliedAt, innerNodes } from "../helpers/instance-locations.js";
import { fastest } from "../helpers/timing.js";

/** Every node of a tree as "keywordLocation @ instanceLocation", indented by depth; leaves marked. */
function outline(node: OutputNode, depth = 0): string[] {
  const children = node.errors ?? node.annotations ?? [];
  const mark = node.error !== undefined ? " !" : node.annotation !== undefined ? " =" : "";
  return [`${"  ".repeat(depth)}${node.keywordLocation} @ ${node.instanceLocation}${mark}`, ...children.flatMap((c) => outline(c, depth + 1))];
}

const tree = (schema: unknown, data: unknown, output: "detailed" | "verbose", maxErrors?: number): OutputNode =>
  compile(schema, { cache: false }).validate(data, { output, maxErrors }) as OutputNode;

/** Every inner node is at the value its keyword location reaches, as each unit below it says. */
function assertApplied(node: OutputNode): void {
  for (const [inner, below] of innerNodes(node)) {
    for (const unit of below) assert.is(inner.instanceLocation, appliedAt(inner.keywordLocation, unit.instanceLocation), `${inner.keywordLocation} above ${unit.keywordLocation} at ${unit.instanceLocation}`);
  }
}

test("a node is at the value its subschema applies to, not its units' deepest shared one", () => {
  const schema = { properties: { a: { properties: { b: { type: "string" } } } } };
  assert.equal(outline(tree(schema, { a: { b: 1 } }, "verbose")), [
    " @ ",
    "  /properties/a @ /a",
    "    /properties/a/properties/b @ /a/b",
    "      /properties/a/properties/b/type @ /a/b !",
  ]);
  const other = { required: ["q"], properties: { a: { properties: { x: { type: "string" } }, patternProperties: { "^x": { minimum: 5 } } } } };
  assert.equal(outline(tree(other, { a: { x: 1 } }, "detailed")), [
    " @ ",
    "  /required @  !",
    "  /properties/a @ /a",
    "    /properties/a/properties/x/type @ /a/x !",
    "    /properties/a/patternProperties/^x/minimum @ /a/x !",
  ]);
  assert.equal(outline(tree(other, { a: { x: 1 } }, "verbose")).slice(1, 5), [
    "  /required @  !",
    "  /properties/a @ /a",
    "    /properties/a/properties/x @ /a/x",
    "      /properties/a/properties/x/type @ /a/x !",
  ]);
});

test("a list cut by maxErrors keeps the root and a many-values keyword at the value they apply to", () => {
  const schema = { additionalProperties: { type: "string" } };
  for (const maxErrors of [1, undefined]) {
    const cut = tree(schema, { k0: 0, k1: 1 }, "verbose", maxErrors);
    assert.is(cut.instanceLocation, "", `maxErrors ${maxErrors}`);
    assert.is(cut.errors![0]!.keywordLocation, "/additionalProperties");
    assert.is(cut.errors![0]!.instanceLocation, "", `maxErrors ${maxErrors}`);
  }
});

test("below a many-values keyword each value has nodes of its own", () => {
  const schema = { additionalProperties: { properties: { x: { type: "string" } } } };
  assert.equal(outline(tree(schema, { k0: { x: 1 }, k1: { x: 2 } }, "verbose")), [
    " @ ",
    "  /additionalProperties @ ",
    "    /additionalProperties/properties/x @ /k0/x",
    "      /additionalProperties/properties/x/type @ /k0/x !",
    "    /additionalProperties/properties/x @ /k1/x",
    "      /additionalProperties/properties/x/type @ /k1/x !",
  ]);
  // Units of one value that are not neighbours still meet under one node.
  const mixed = { unevaluatedProperties: { properties: { x: { type: "string" }, y: { type: "string" } } }, patternProperties: { "^k": { properties: { x: { minimum: 5 } } } } };
  const out = tree(mixed, { k0: { x: 1, y: 1 }, k1: { x: 2 } }, "verbose");
  assertApplied(out);
  const lines = outline(out);
  assert.is(lines.filter((l) => l.trimStart() === "/patternProperties/^k/properties/x @ /k0/x").length, 1, lines.join("\n"));
  assert.is(lines.filter((l) => l.trimStart() === "/patternProperties/^k/properties/x @ /k1/x").length, 1, lines.join("\n"));
});

test("the example output of Core §12.4: /items/$ref at the item, minItems at the array", () => {
  const polygon = {
    $id: "https://example.com/polygon",
    $defs: { point: { type: "object", properties: { x: { type: "number" }, y: { type: "number" } }, additionalProperties: false, required: ["x", "y"] } },
    type: "array",
    items: { $ref: "#/$defs/point" },
    minItems: 3,
  };
  const detailed = tree(polygon, [{ x: 2.5, y: 1.3 }, { x: 1, z: 6.7 }], "detailed");
  assert.equal(outline(detailed), [" @ ", "  /minItems @  !", "  /items/$ref @ /1", "    /items/$ref/required @ /1 !", "    /items/$ref/additionalProperties @ /1 !"]);
  const verbose = tree(polygon, [{ x: 2.5, y: 1.3 }, { x: 1, z: 6.7 }], "verbose");
  assert.equal(outline(verbose).slice(2, 4), ["  /items @ ", "    /items/$ref @ /1"]);
});

test("a property named like a keyword is an argument; array-form items and propertyNames", () => {
  const named = { properties: { properties: { properties: { items: { items: { type: "string" } } } } } };
  assert.equal(outline(tree(named, { properties: { items: [1] } }, "verbose")), [
    " @ ",
    "  /properties/properties @ /properties",
    "    /properties/properties/properties/items @ /properties/items",
    "      /properties/properties/properties/items/items @ /properties/items",
    "        /properties/properties/properties/items/items/type @ /properties/items/0 !",
  ]);
  const legacy = { $schema: "http://json-schema.org/draft-07/schema#", items: [{ properties: { a: { type: "string" } } }], additionalItems: { allOf: [{ type: "string" }] } };
  assert.equal(outline(tree(legacy, [{ a: 1 }, 2], "verbose")), [
    " @ ",
    "  /items/0 @ /0",
    "    /items/0/properties/a @ /0/a",
    "      /items/0/properties/a/type @ /0/a !",
    "  /additionalItems @ ",
    "    /additionalItems/allOf/0 @ /1",
    "      /additionalItems/allOf/0/type @ /1 !",
  ]);
  // The library puts propertyNames' subschema units at the name's location: its nodes follow.
  const names = { propertyNames: { allOf: [{ maxLength: 1 }] } };
  const out = tree(names, { ab: 1 }, "verbose");
  assert.equal(outline(out).slice(0, 4), [" @ ", "  /propertyNames @ ", "    /propertyNames/allOf/0 @ /ab", "      /propertyNames/allOf/0/maxLength @ /ab !"]);
});

test("valid instances: each item's annotations sit under nodes of that item", () => {
  const schema = { title: "root", items: { properties: { a: { title: "A" } } } };
  const out = tree(schema, [{ a: 1 }, { a: 2 }], "verbose");
  assert.ok(out.valid);
  assertApplied(out);
  const lines = outline(out).map((l) => l.trimStart());
  for (const line of ["/items @ ", "/items/properties/a @ /0/a", "/items/properties/a @ /1/a", "/items/properties/a/title @ /1/a ="]) assert.ok(lines.includes(line), `${line} in\n${lines.join("\n")}`);
});

/** Data `depth` levels deep through additionalProperties, two failing values a level. */
function deepMany(depth: number): { run: () => OutputNode } {
  const v = compile({ additionalProperties: { $ref: "#" }, properties: { v0: { type: "integer" }, v1: { type: "integer" } }, type: "object" }, { cache: false });
  let data: Record<string, unknown> = {};
  for (let level = 0; level < depth; level++) data = { [`k${level}`]: data, v0: "x", v1: "x" };
  return { run: () => v.validate(data, { output: "verbose" }) as OutputNode };
}

test("below many-values keywords, 250 levels deep: every node right, and the tree costs its units' locations", () => {
  const shallow = deepMany(31);
  const deep = deepMany(250);
  assertApplied(deep.run());
  // 8x the units, each with 8x the segments: 64x the text; a node per level per value must not add a depth factor.
  const ratio = fastest(deep.run) / fastest(shallow.run);
  assert.ok(ratio < 150, `8x the depth cost ${ratio.toFixed(0)}x the time`);
});

test.run();
