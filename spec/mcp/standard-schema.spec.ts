// Standard Schema v1 and Standard JSON Schema v1 on Validator, ToolInputSchema and
// ToolOutputSchema: synchronous results, real paths, and the JSON Schema they advertise.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { ToolInputSchema, ToolOutputSchema } from "../../src/mcp/index.js";
import { pathOf } from "../../src/standard-schema.js";
import { splitPointer } from "../../src/json/pointer.js";
import { printable } from "../../src/output/printable.js";
import fc from "fast-check";
import { check } from "../helpers/arbitraries.js";
import { text } from "./fixtures.js";

const TARGET = { target: "draft-2020-12" } as const;

test("every Validator has ~standard: version 1, vendor schemagate, made once", () => {
  const v = compile({ type: "string" });
  const standard = v["~standard"];
  assert.is(standard.version, 1);
  assert.is(standard.vendor, "schemagate");
  assert.type(standard.validate, "function");
  assert.is(v["~standard"], standard);
  assert.ok("~standard" in v, "found by the `in` check schema libraries use");
  assert.not.ok(Object.keys(v).includes("~standard"), "not an own enumerable property: JSON.stringify(v) is unchanged");
});

test("validate is synchronous: { value } for valid data, the same reference", () => {
  const v = compile({ type: "object", properties: { a: { type: "integer" } } });
  const data = { a: 1 };
  const result = v["~standard"].validate(data);
  assert.not.instance(result, Promise);
  assert.equal(result, { value: data });
  assert.is((result as { value: unknown }).value, data);
  for (const value of [0, false, "", null]) assert.equal(compile({ const: value })["~standard"].validate(value), { value });
});

test("issues carry the message and the real path: array indices as numbers, ~0 and ~1 decoded", () => {
  const v = compile({
    type: "object",
    properties: {
      list: { type: "array", items: { type: "object", properties: { "0": { type: "string" } } } },
      "a/b~c": { type: "integer" },
    },
    required: ["need"],
  });
  const result = v["~standard"].validate({ list: [{ "0": "ok" }, { "0": 5 }], "a/b~c": "x" });
  assert.ok(result.issues !== undefined);
  const issues = [...result.issues!].sort((x, y) => text(x.path).localeCompare(text(y.path)));
  assert.is(
    text(issues),
    text([
      { message: 'must be integer, but is "x"', path: ["a/b~c"] },
      { message: "must be string, but is 5", path: ["list", 1, "0"] },
      { message: 'must have required property "need"', path: [] },
    ].sort((x, y) => text(x.path).localeCompare(text(y.path)))),
  );
});

test("pathOf: numbers only where the value indexed is an array; own properties only", () => {
  assert.equal(pathOf("", {}), []);
  assert.equal(pathOf("/0/1", [[0, 1]]), [0, 1]);
  assert.equal(pathOf("/0/1", { "0": { "1": true } }), ["0", "1"]);
  assert.equal(pathOf("/01/x", ["a"]), ["01", "x"], "not a canonical index");
  assert.equal(pathOf("/toString/0", {}), ["toString", "0"], "no prototype lookup");
  assert.equal(pathOf("/~1~0/", { "/~": { "": 1 } }), ["/~", ""]);
  const hostile = { get a(): unknown { throw new Error("no"); } };
  assert.equal(pathOf("/a/0", hostile), ["a", "0"]);
});

test("pathOf cuts a pointer as splitPointer does; an issue's message is the unit's, escaped", () => {
  // Pointers of segments made of "/", "~", "0" and letters: empty segments, escapes, indices.
  const segment = fc.string({ unit: fc.constantFrom("a", "0", "1", "~0", "~1", "~", "é"), maxLength: 4 });
  const pointer = fc.array(segment, { maxLength: 5 }).map((segments) => segments.map((s) => "/" + s).join(""));
  check(
    fc.property(pointer, (p) => {
      assert.equal(pathOf(p, undefined), splitPointer(p));
    }),
    500,
  );
  const unsafe = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
  check(
    fc.property(fc.string({ unit: fc.constantFrom("a", " ", "\n", "\u001b", "\u009b", "\u202e", "\ufeff", "é", "😀"), maxLength: 12 }), (text) => {
      const shown = printable(text);
      assert.not.ok(unsafe.test(shown), JSON.stringify(shown));
      if (!unsafe.test(text)) assert.is(shown, text, "nothing to escape: the text as it is");
    }),
    500,
  );
});

test("a polluted Object.prototype cannot write an escaped character back raw", () => {
  const proto = Object.prototype as Record<string, unknown>;
  const marks = ["\u202e", "\u2028", "\u001b", "\u009b", "\ufeff", "\n"];
  try {
    for (const mark of marks) proto[mark] = mark; // as a JSON merge of `{"\u202e": "\u202e"}` into {} would
    for (const mark of marks) {
      assert.not.ok(printable(`a${mark}b`).includes(mark), JSON.stringify(mark));
      const result = compile({ required: [`x${mark}`] }, { cache: false })["~standard"].validate({});
      assert.ok(result.issues !== undefined && result.issues.length === 1);
      assert.not.ok(result.issues[0]!.message.includes(mark), JSON.stringify(result.issues[0]!.message));
    }
  } finally {
    for (const mark of marks) delete proto[mark];
  }
});

test("jsonSchema.input/output return a fresh, mutable copy of the schema", () => {
  const v = compile({ type: "array", items: { type: "integer" } });
  const input = v["~standard"].jsonSchema.input(TARGET);
  assert.equal(input, { type: "array", items: { type: "integer" } });
  assert.not.ok(Object.isFrozen(input));
  input.type = "object";
  assert.equal(v["~standard"].jsonSchema.output(TARGET), { type: "array", items: { type: "integer" } });
  assert.equal(compile(true)["~standard"].jsonSchema.input(TARGET), {});
  assert.equal(compile(false)["~standard"].jsonSchema.input(TARGET), { not: {} });
});

test("a schema compiled in another dialect by the dialect option names it in the export's $schema", () => {
  const schema = { items: [{ type: "string" }], additionalItems: false };
  const draft07 = compile(schema, { dialect: "draft-07" });
  const exported = draft07["~standard"].jsonSchema.input({ target: "draft-2020-12" });
  assert.is(text(exported), text({ $schema: "http://json-schema.org/draft-07/schema#", ...schema }));
  // Read back, it means what the validator does: ["str"] valid, [1] and ["a", "b"] not.
  const again = compile(exported);
  for (const value of [["str"], [1], ["a", "b"]]) assert.is(again.isValid(value), draft07.isValid(value), JSON.stringify(value));
  // A schema that names its dialect, and a 2020-12 one, are exported as written.
  assert.is(text(compile({ $schema: "http://json-schema.org/draft-04/schema#", type: "string" })["~standard"].jsonSchema.input({ target: "draft-2020-12" })), text({ $schema: "http://json-schema.org/draft-04/schema#", type: "string" }));
  assert.is(text(compile({ type: "string" })["~standard"].jsonSchema.output({ target: "draft-2020-12" })), text({ type: "string" }));
  assert.is(text(compile(true, { dialect: "draft-06" })["~standard"].jsonSchema.input({ target: "draft-2020-12" })), text({ $schema: "http://json-schema.org/draft-06/schema#" }));
});

test("a $schema naming no dialect, read in the default one (unknownDialect: \"default\"), is exported as the dialect it was read in", () => {
  // A probe found the draft-03 `$schema` kept: read back, the schema meant something else.
  const schema = { $schema: "http://json-schema.org/draft-03/schema#", items: [{ type: "string" }], additionalItems: false };
  const v = compile(schema, { dialect: "draft-07", unknownDialect: "default", cache: false });
  const exported = v["~standard"].jsonSchema.input({ target: "draft-2020-12" });
  assert.is(text(exported), text({ $schema: "http://json-schema.org/draft-07/schema#", items: [{ type: "string" }], additionalItems: false }));
  assert.is(Object.keys(exported)[0], "$schema");
  const again = compile(exported, { cache: false });
  for (const value of [["str"], [1], ["a", "b"]]) assert.is(again.isValid(value), v.isValid(value), JSON.stringify(value));
  // Read in 2020-12 by default: exported as 2020-12.
  const inDefault = compile({ $schema: "http://json-schema.org/draft-03/schema#", type: "string" }, { unknownDialect: "default", cache: false });
  assert.is(text(inDefault["~standard"].jsonSchema.output({ target: "draft-2020-12" })), text({ $schema: "https://json-schema.org/draft/2020-12/schema", type: "string" }));
  // A custom metaschema's `$schema` is kept: its vocabularies say how the schema is read.
  const M = "https://example.test/meta";
  const meta = { $schema: "https://json-schema.org/draft/2020-12/schema", $id: M, $dynamicAnchor: "meta", allOf: [{ $ref: "https://json-schema.org/draft/2020-12/schema" }] };
  const custom = compile({ $schema: M, type: "string" }, { refs: "document", schemas: { [M]: meta }, unknownDialect: "default", cache: false });
  assert.is(text(custom["~standard"].jsonSchema.input({ target: "draft-2020-12" })), text({ $schema: M, type: "string" }));
});

test("a target other than draft-2020-12 throws, as Standard JSON Schema asks", () => {
  const v = compile({ type: "string" });
  assert.throws(() => v["~standard"].jsonSchema.input({ target: "draft-07" }), /draft-2020-12 only/);
  assert.throws(() => v["~standard"].jsonSchema.output({ target: "openapi-3.0" }), /not supported/);
  // A typed error, its target escaped and cut: it was a plain Error quoting a 100 KB target whole, raw.
  const long = (() => {
    try {
      v["~standard"].jsonSchema.input({ target: ("\u202e".repeat(3) + "x".repeat(100_000)) as never });
    } catch (error) {
      return error;
    }
  })();
  assert.ok(long instanceof RangeError && long.message.length < 300 && !long.message.includes("\u202e"), String(long));
  for (const target of [7n, {}, 1]) assert.throws(() => v["~standard"].jsonSchema.input({ target: target as never }), (error: unknown) => error instanceof TypeError && /the target must be a string/.test((error as Error).message));
});

test("ToolInputSchema and ToolOutputSchema are Standard Schemas too, advertising toJSON()", () => {
  const input = new ToolInputSchema({ properties: { q: { type: "string" } }, required: ["q"] });
  assert.is(text(input["~standard"].jsonSchema.input(TARGET)), text(input.toJSON()));
  assert.equal(input["~standard"].validate(undefined), { issues: [{ message: 'must have required property "q"', path: [] }] });
  assert.equal(input["~standard"].validate({ q: 1 }), { issues: [{ message: "must be string, but is 1", path: ["q"] }] });
  const output = new ToolOutputSchema({ type: "array", items: { type: "number" } });
  assert.is(text(output["~standard"].jsonSchema.output(TARGET)), text(output.toJSON()));
  assert.equal(output["~standard"].validate([1, "2"]), { issues: [{ message: "must be number, but is \"2\"", path: [1] }] });
  const absent = output["~standard"].validate(undefined);
  assert.match(absent.issues![0]!.message, "must be present");
});

test.run();
