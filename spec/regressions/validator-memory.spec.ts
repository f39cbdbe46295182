// Regression: a closure made inside compileWith (for the custom-metaschema check) kept
// compileWith's whole context alive in every validator's variant closure, registry and copies
// included: a $defs/oneOf tool schema's validator went from about 6 KiB to 13 KiB (the bench's
// memory row caught it). What a validator keeps is held here to a bound that leak breaks.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { heapUsed } from "../helpers/heap.js";

/** A tool schema of the mcp-defs class: $defs, $ref and oneOf. */
const schema = (i: number) => ({
  title: `tool ${i}`,
  type: "object",
  $defs: {
    point: { type: "object", properties: { x: { type: "number" }, y: { type: "number" } }, required: ["x", "y"], additionalProperties: false },
    circle: { type: "object", properties: { kind: { const: "circle" }, center: { $ref: "#/$defs/point" }, radius: { type: "number", minimum: 0 } }, required: ["kind", "center", "radius"] },
    square: { type: "object", properties: { kind: { const: "square" }, corner: { $ref: "#/$defs/point" }, side: { type: "number", minimum: 0 } }, required: ["kind", "corner", "side"] },
  },
  properties: { shape: { oneOf: [{ $ref: "#/$defs/circle" }, { $ref: "#/$defs/square" }] }, label: { type: "string" } },
  required: ["shape"],
});
const valid = { shape: { kind: "circle", center: { x: 0, y: 0 }, radius: 1 }, label: "a" };

test("a compiled $defs/oneOf validator keeps under 10 KiB", () => {
  for (let i = 0; i < 50; i++) compile(schema(-1 - i), { cache: false }).isValid(valid); // warm up
  const count = 400;
  const before = heapUsed();
  const kept = Array.from({ length: count }, (_, i) => compile(schema(i), { cache: false }));
  for (const v of kept) assert.ok(v.isValid(valid));
  const perValidator = (heapUsed() - before) / count;
  assert.ok(perValidator < 10 * 1024, `${(perValidator / 1024).toFixed(1)} KiB per validator`);
  assert.is(kept.length, count);
});

test.run();
