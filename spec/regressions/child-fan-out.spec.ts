// Regression (issue 17, "exponential evaluation paths"): two keywords of one schema object that
// apply subschemas to the same child value — properties and patternProperties, several
// patternProperties, items and contains — each following a reference back to the root, doubled
// the work per level of data (2.9 s at depth 24; four patterns, 29 s at depth 12): the memo
// switched on only below schemas with several in-place subschemas. A child value reached twice
// now makes the schema branch, so the references below it are remembered.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";

function nested(depth: number, wrap: (inner: unknown) => unknown, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = wrap(value);
  return value;
}

function verdicts(schema: unknown, data: unknown): boolean[] {
  const v = compile(schema, { cache: false });
  const result = v.validate(data);
  return [v.isValid(data), result.valid, v.validate(data, { allErrors: false }).valid, v.validate(data, { output: "flag" }).valid];
}

test("properties and patternProperties both referring to the root, on 40 levels", () => {
  const schema = { type: "object", properties: { a: { $ref: "#" } }, patternProperties: { "^a$": { $ref: "#" } } };
  assert.equal(verdicts(schema, nested(40, (inner) => ({ a: inner }), {})), [true, true, true, true]);
  assert.equal(verdicts(schema, nested(40, (inner) => ({ a: inner }), 1)), [false, false, false, false]);
});

test("four patternProperties referring to the root, on 30 levels", () => {
  const schema = { patternProperties: { "^a": { $ref: "#" }, "a$": { $ref: "#" }, "^.$": { $ref: "#" }, ".": { $ref: "#" } }, required: ["a"] };
  assert.equal(verdicts(schema, nested(30, (inner) => ({ a: inner }), { a: {} })), [false, false, false, false]);
});

test("items and contains both referring to the root, on 40 levels", () => {
  const schema = { type: "array", items: { $ref: "#" }, contains: { $ref: "#" } };
  assert.equal(verdicts(schema, nested(40, (inner) => [inner], [[]])), [false, false, false, false]);
  const lenient = { anyOf: [{ type: "array", items: { $ref: "#" }, contains: { $ref: "#" } }, { type: "array", maxItems: 0 }] };
  assert.equal(verdicts(lenient, nested(40, (inner) => [inner], [])), [true, true, true, true]);
});

test.run();
