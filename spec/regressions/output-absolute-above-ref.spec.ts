// Regression: in the detailed and verbose outputs a node took its absoluteKeywordLocation from the
// first unit below it, so a node above a `$ref` crossing (the root, `/items` over `/items/$ref`)
// had none in a schema with an absolute `$id` (Core 12.3.2: it may be left out only when no
// reference was crossed or the schema declares no absolute URI), and the root had none when its
// first unit sat in an embedded resource.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, type OutputNode } from "../../src/index.js";
import { fastest } from "../helpers/timing.js";

type Node = OutputNode & { keywordLocation: string; absoluteKeywordLocation?: string; annotations?: Node[]; errors?: Node[] };

function nodes(node: Node, out: Node[] = []): Node[] {
  out.push(node);
  for (const child of node.annotations ?? node.errors ?? []) nodes(child, out);
  return out;
}

/** Every node at a static location (no reference on its way) outside `/properties/inner`: its absolute location in the root resource. */
function staticNodes(output: Node): [string, string | undefined][] {
  return nodes(output)
    .filter((n) => !/\$ref|\/properties\/inner/.test(n.keywordLocation))
    .map((n) => [n.keywordLocation, n.absoluteKeywordLocation]);
}

const ID = "https://example.com/s";
const cases: [object, unknown][] = [
  [{ $id: ID, $defs: { t: { title: "T" } }, items: { $ref: "#/$defs/t" } }, ["a", "b"]],
  [{ $id: ID, $defs: { t: { type: "string" } }, items: { $ref: "#/$defs/t" } }, [1, 2]],
  [{ $id: ID, properties: { inner: { $id: "inner", title: "I" }, a: { title: "A" } }, title: "R" }, { inner: 1, a: 1 }],
  [{ $id: ID, properties: { inner: { $id: "inner", type: "string" }, a: { type: "string" } } }, { inner: 1, a: 1 }],
];

for (const output of ["detailed", "verbose"] as const) {
  test(`${output}: every node of a schema with an absolute $id has its absolute location`, () => {
    for (const [schema, data] of cases) {
      const tree = compile(schema, { cache: false }).validate(data, { output }) as Node;
      const label = `${JSON.stringify(schema)} on ${JSON.stringify(data)}`;
      assert.ok(nodes(tree).every((n) => typeof n.absoluteKeywordLocation === "string"), label);
      for (const [location, absolute] of staticNodes(tree)) assert.is(absolute, `${ID}#${location}`, label);
    }
  });

  test(`${output}: without an $id, nodes above a reference have none, as the static ones`, () => {
    const tree = compile({ $defs: { t: { title: "T" } }, properties: { a: { items: { $ref: "#/$defs/t" } } } }, { cache: false }).validate({ a: ["x"] }, { output }) as Node;
    for (const node of nodes(tree)) assert.is(node.absoluteKeywordLocation !== undefined, node.keywordLocation.includes("$ref"), node.keywordLocation);
  });
}

test("nodes in a resource embedded below a $ref target, and above one, read their own resource", () => {
  const R = "https://ex.com/root/r.json";
  const below = compile({ $id: R, $ref: "#/$defs/a", $defs: { a: { allOf: [{ $id: "sub/s.json", type: "string" }, { type: "string" }] } } }, { cache: false }).validate(1, { output: "verbose" }) as Node;
  const at = (tree: Node, location: string) => nodes(tree).find((n) => n.keywordLocation === location)?.absoluteKeywordLocation;
  assert.is(at(below, "/$ref/allOf/0"), "https://ex.com/root/sub/s.json#");
  assert.is(at(below, "/$ref/allOf/1"), `${R}#/$defs/a/allOf/1`);
  // The root's only child's first unit is in an embedded resource; a later one is in the root's.
  const nested = compile({ $id: R, properties: { x: { allOf: [{ $id: "e.json", type: "string" }, { $ref: "#/$defs/t" }] } }, $defs: { t: { type: "string" } } }, { cache: false }).validate({ x: 1 }, { output: "verbose" }) as Node;
  assert.is(at(nested, ""), `${R}#`);
  assert.is(at(nested, "/properties/x"), `${R}#/properties/x`);
  assert.is(at(nested, "/properties/x/allOf/0"), "https://ex.com/root/e.json#");
});

test("verbose: a deep chain above units in an embedded resource costs no more than one in the root's", () => {
  // Each step of the chain asked every item's unit again for its resource: 250 steps x 1,000 items took 2.4 s.
  const make = (embedded: boolean) => {
    let s: object = embedded ? { $id: "e.json", items: { type: "string" } } : { items: { type: "string" } };
    for (let i = 0; i < 250; i++) s = { if: true, then: s };
    return compile({ $id: "https://ex.com/root/r.json", ...s }, { cache: false, bounds: false });
  };
  const data = Array.from({ length: 1000 }, (_, i) => i);
  const [root, embedded] = [make(false), make(true)];
  const ratio = fastest(() => embedded.validate(data, { output: "verbose" })) / fastest(() => root.validate(data, { output: "verbose" }));
  assert.ok(ratio < 5, `the embedded resource cost ${ratio.toFixed(1)}x`);
});

test.run();
