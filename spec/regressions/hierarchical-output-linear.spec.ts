// Regression (hostile data): the "detailed" and "verbose" formats cost the depth of the units
// times their number times their locations' length. Every node listed all the units below it
// again, and every unit's schema locations were written out and hashed whole, so data 250 levels
// deep into a small recursive schema, with four failing properties a level (about 1,000 units),
// took 3.4 s in detailed and 5.1 s in verbose against 26 ms in basic. The tree is now built by
// the steps between locations (each unit going down from where it leaves the last unit's
// branches) and rendered from its leaves up, once per node.
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { compile, SchemaError, type Validator } from "../../src/index.js";
import type { OutputNode } from "../../src/output/formats.js";
import { check, documentSchema, instance, runs } from "../helpers/arbitraries.js";
import { fastest } from "../helpers/timing.js";
import { appliedAt, innerNodes } from "../helpers/instance-locations.js";

/** The leaves of a hierarchical output, each with the inner nodes above it (outermost first). */
function leaves(node: OutputNode, above: OutputNode[] = [], out: [OutputNode, OutputNode[]][] = []): [OutputNode, OutputNode[]][] {
  const children = node.errors ?? node.annotations;
  if (children === undefined || (node.keyword !== undefined && children.length === 0)) out.push([node, above]);
  else for (const child of children) leaves(child, [...above, node], out);
  return out;
}

/** What a unit says, locations and message or annotation, as text. */
const said = (node: OutputNode): string => JSON.stringify([node.keywordLocation, node.instanceLocation, node.absoluteKeywordLocation, node.keyword, node.error, node.params, node.annotation]);

/** `prefix` is `location` or a whole-segment start of it. */
const startsPointer = (location: string, prefix: string): boolean => location === prefix || location.startsWith(prefix + "/");

function sameAsBasic(v: Validator, data: unknown): void {
  const basic = v.validate(data, { output: "basic" }) as OutputNode;
  const units = (basic.errors ?? basic.annotations ?? []).map(said).sort();
  for (const format of ["detailed", "verbose"] as const) {
    const tree = v.validate(data, { output: format }) as OutputNode;
    assert.is(tree.valid, basic.valid, format);
    if (units.length === 0) continue;
    const found = leaves(tree);
    assert.equal(found.map(([leaf]) => said(leaf)).sort(), units, `${format}: the leaves are the basic units`);
    for (const [leaf, above] of found) {
      for (const node of above) {
        assert.ok(startsPointer(leaf.keywordLocation, node.keywordLocation), `${format}: ${node.keywordLocation} above ${leaf.keywordLocation}`);
        assert.ok(startsPointer(leaf.instanceLocation, node.instanceLocation), `${format}: ${node.instanceLocation} above ${leaf.instanceLocation}`);
        if (format === "detailed") assert.ok((node.errors ?? node.annotations)!.length !== 1 || node === tree, "detailed collapses a node of one child");
      }
    }
    // Each inner node's instance location is the value its subschema was applied to (Core
    // §12.4), which every unit below it agrees on; not the longest location they share.
    for (const [node, below] of innerNodes(tree)) {
      for (const unit of below) assert.is(node.instanceLocation, appliedAt(node.keywordLocation, unit.instanceLocation), `${format}: ${node.keywordLocation} above ${unit.keywordLocation} at ${unit.instanceLocation}`);
    }
  }
}

test("detailed and verbose hold exactly basic's units, under nodes whose locations start theirs", () => {
  let compared = 0;
  check(
    fc.property(documentSchema, fc.array(instance, { minLength: 1, maxLength: 3 }), (schema, values) => {
      let v: Validator;
      try {
        v = compile(schema, { cache: false, refs: "document" });
      } catch (error) {
        if (error instanceof SchemaError) return;
        throw error;
      }
      for (const value of values) sameAsBasic(v, value);
      compared++;
    }),
    runs(200),
  );
  assert.ok(compared > 0);
});

/** Data `depth` levels deep into a recursive schema, four failing properties at each level. */
function deepFailures(depth: number): { v: Validator; data: unknown } {
  const properties: Record<string, unknown> = { c: { $ref: "#/$defs/n" } };
  for (let i = 0; i < 4; i++) properties[`v${i}`] = { type: "integer" };
  const v = compile({ $defs: { n: { type: "object", properties } }, $ref: "#/$defs/n" }, { cache: false });
  let data: Record<string, unknown> = {};
  for (let level = 0; level < depth; level++) data = { c: data, v0: "x", v1: "x", v2: "x", v3: "x" };
  return { v, data };
}

test("eight times the depth of failures: detailed and verbose cost the units' locations, not their depth times them", () => {
  const shallow = deepFailures(31);
  const deep = deepFailures(250);
  sameAsBasic(deep.v, deep.data);
  for (const output of ["detailed", "verbose"] as const) {
    // Four units a level: 8x the units, each with 8x the segments in its locations, is 64x the
    // text to read; the old tree read every unit again at each level above it (8x more again).
    const ratio = fastest(() => deep.v.validate(deep.data, { output })) / fastest(() => shallow.v.validate(shallow.data, { output }));
    assert.ok(ratio < 150, `${output}: 8x the depth cost ${ratio.toFixed(0)}x the time`);
  }
});

test.run();
