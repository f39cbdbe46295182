// ToolOutputSchema: when a root gets `type: "object"` (the wire-format regressions of SEP-2106),
// any root allowed, and falsy results validated like any other value.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { InvalidResultError, ToolOutputSchema } from "../../src/mcp/index.js";
import { SchemaCache } from "../../src/index.js";
import { refused, text } from "./fixtures.js";

const DIALECT = "https://json-schema.org/draft/2020-12/schema";
const advertised = (schema: unknown) => text(new ToolOutputSchema(schema).toJSON());

test("a properties-only output schema serializes with type: \"object\"", () => {
  const properties = { temperature: { type: "number" }, unit: { enum: ["C", "F"] } };
  assert.is(advertised({ properties, required: ["unit"] }), text({ $schema: DIALECT, type: "object", properties, required: ["unit"] }));
  assert.is(advertised({ additionalProperties: { type: "string" } }), text({ $schema: DIALECT, type: "object", additionalProperties: { type: "string" } }));
  assert.is(advertised({}), text({ $schema: DIALECT, type: "object" }));
  assert.not.ok(new ToolOutputSchema({ properties }).validateResult([1]).valid, "the added type is enforced");
});

test("compositions, references, primitives and enums serialize without an injected type", () => {
  const roots = [
    { oneOf: [{ type: "array", items: { type: "integer" } }, { type: "object" }] },
    { $ref: "#/$defs/list", $defs: { list: { type: "array", items: { type: "string" } } } },
    { type: "integer", minimum: 0 },
    { enum: ["red", "green", 3, null] },
    { const: false },
    { anyOf: [{ type: "string" }, { type: "null" }] },
    { allOf: [{ minimum: 1 }, { maximum: 9 }] },
    { not: { type: "object" } },
    { if: { type: "string" }, then: { minLength: 1 } },
    { $dynamicRef: "#node", $defs: { node: { $dynamicAnchor: "node", type: "array" } } },
    { type: ["array", "null"] },
  ];
  for (const root of roots) assert.is(advertised(root), text({ $schema: DIALECT, ...root }), text(root));
});

test("any root is allowed and validated as written", () => {
  const list = new ToolOutputSchema({ $ref: "#/$defs/list", $defs: { list: { type: "array", items: { type: "string" } } } });
  assert.ok(list.validateResult(["a", "b"]).valid);
  const bad = list.validateResult(["a", 2]);
  assert.not.ok(bad.valid);
  if (!bad.valid) assert.is(bad.errors[0]!.instanceLocation, "/1");
  const either = new ToolOutputSchema({ oneOf: [{ type: "array" }, { type: "number" }] });
  assert.ok(either.validateResult(3.5).valid);
  assert.not.ok(either.validateResult({}).valid);
  assert.is(advertised(true), text({ $schema: DIALECT }), "true: anything, no type added");
  assert.ok(new ToolOutputSchema(true).validateResult("anything").valid);
  assert.is(advertised(false), text({ $schema: DIALECT, not: {} }));
  assert.not.ok(new ToolOutputSchema(false).validateResult(0).valid);
  // Advertised as { not: {} }, validated as false itself: its units are compile(false)'s, not `not`'s.
  const rejected = new ToolOutputSchema(false, { cache: false }).validateResult({ a: 1 });
  assert.equal(rejected.valid ? [] : rejected.errors.map((e) => [e.keywordLocation, e.keyword, e.error]), [["", "false", "no value is allowed here (the schema is false)"]]);
  const standard = new ToolOutputSchema(false, { cache: false })["~standard"].validate({ a: 1 }) as { issues?: { message: string }[] };
  assert.equal(standard.issues?.map((issue) => issue.message), ["no value is allowed here (the schema is false)"]);
});

test("0, false, \"\" and null are validated; only undefined is absent", () => {
  const string = new ToolOutputSchema({ type: "string" });
  assert.ok(string.validateResult("").valid);
  for (const value of [0, false, null]) assert.not.ok(string.validateResult(value).valid, text(value));
  assert.ok(new ToolOutputSchema({ const: 0 }).validateResult(0).valid);
  assert.ok(new ToolOutputSchema({ type: "boolean" }).validateResult(false).valid);
  assert.ok(new ToolOutputSchema({ type: "null" }).validateResult(null).valid);
  assert.not.ok(new ToolOutputSchema({ type: "null" }).validateResult(0).valid);
  const absent = new ToolOutputSchema(true).validateResult(undefined);
  assert.not.ok(absent.valid, "even `true` needs a value");
  if (!absent.valid) {
    assert.is(absent.errors[0]!.keyword, "$absent");
    assert.is(absent.errors[0]!.instanceLocation, "");
  }
});

test("assertResult returns the value or throws InvalidResultError", () => {
  const schema = new ToolOutputSchema<number[]>({ type: "array", items: { type: "integer" } });
  const value = [1, 2];
  assert.is(schema.assertResult(value), value);
  assert.is(new ToolOutputSchema({ const: 0 }).assertResult(0), 0);
  try {
    schema.assertResult([1, "2"]);
    assert.unreachable("an invalid result must throw");
  } catch (error) {
    assert.instance(error, InvalidResultError);
    assert.is((error as Error).message, 'Invalid result: /1: must be integer, but is "2"');
    assert.is((error as InvalidResultError).errors.length, 1);
  }
  assert.throws(() => schema.assertResult(undefined), /Invalid result: \(root\): must be present/);
});

test("the gate applies, and the same content shares a compiled validator", () => {
  refused(() => new ToolOutputSchema({ $ref: "other.json#/list" }), "external-ref", "/$ref");
  refused(() => new ToolOutputSchema({ type: "list" }), "invalid-schema");
  const dialect = refused(() => new ToolOutputSchema({ $schema: "http://json-schema.org/draft-03/schema#", type: "array" }), "unsupported-dialect");
  assert.match(dialect.message, "unsupported dialect");
  refused(() => new ToolOutputSchema(Number.NaN), "not-json");
  const cache = new SchemaCache();
  const a = new ToolOutputSchema({ items: { type: "integer" }, type: "array" }, { cache });
  const b = new ToolOutputSchema({ type: "array", items: { type: "integer" } }, { cache });
  assert.is(a.validator, b.validator);
});

test("the copy is private", () => {
  const author = { type: "array", items: { type: "integer" } };
  const schema = new ToolOutputSchema(author);
  author.items.type = "string";
  (schema.toJSON().items as { type: string }).type = "null";
  assert.is(text(schema.toJSON()), text({ $schema: DIALECT, type: "array", items: { type: "integer" } }));
  assert.ok(schema.validateResult([1]).valid);
});

test.run();
