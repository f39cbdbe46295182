// Regression: what a `$ref` reaches outside schema positions (an unknown keyword's value, an
// `examples` item) is compiled as a schema, and the gate walked it as one, but the metaschema
// check never read it: `{ "x-sub": { "title": 5 } }` reached by a `$ref` compiled, where the same
// subschema in `$defs` is refused, and a draft-04 `false` reached so compiled (draft-04 has no
// boolean schemas). The same mistake now gets the same refusal wherever it sits.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, SchemaError, type CompileOptions } from "../../src/index.js";

function refusal(schema: unknown, options: CompileOptions = {}): SchemaError {
  try {
    compile(schema, { cache: false, ...options });
  } catch (error) {
    if (error instanceof SchemaError) return error;
    throw error;
  }
  throw new Error(`compiled: ${JSON.stringify(schema)}`);
}

const mistakes: [string, unknown][] = [
  ["title", 5],
  ["required", ["a", "a"]],
  ["type", "strng"],
  ["minLength", -1],
  ["$anchor", "1x"],
];

for (const [keyword, value] of mistakes) {
  test(`${keyword}: ${JSON.stringify(value)} is refused alike in $defs and in reached data`, () => {
    const inDefs = refusal({ $defs: { x: { [keyword]: value } }, properties: { p: { $ref: "#/$defs/x" } } });
    const reached = refusal({ "x-sub": { [keyword]: value }, properties: { p: { $ref: "#/x-sub" } } });
    const inExamples = refusal({ examples: [{ [keyword]: value }], properties: { p: { $ref: "#/examples/0" } } });
    for (const [error, at] of [[inDefs, "/$defs/x"], [reached, "/x-sub"], [inExamples, "/examples/0"]] as const) {
      assert.is(error.code, "invalid-schema", at);
      assert.is(error.dialect, "2020-12", at);
      assert.is(error.schemaLocation, `${at}/${keyword}`);
      assert.ok(error.errors !== undefined && error.errors.length > 0, at);
    }
    assert.is(reached.message.replace("/x-sub/", "/$defs/x/"), inDefs.message);
  });
}

test("draft-04: a boolean reached by a $ref is refused as one written in place", () => {
  for (const schema of [{ properties: { a: false } }, { definitions: { f: false }, properties: { a: { $ref: "#/definitions/f" } } }, { "x-f": false, properties: { a: { $ref: "#/x-f" } } }]) {
    const error = refusal(schema, { dialect: "draft-04" });
    assert.is(error.code, "invalid-schema", JSON.stringify(schema));
    assert.is(error.dialect, "draft-04");
  }
});

test("reached data in a schemas document is checked in its own dialect, and named by it", () => {
  const schemas = { "https://e.test/d": { $schema: "http://json-schema.org/draft-07/schema#", "x-sub": { minLength: -1 } } };
  const error = refusal({ $ref: "https://e.test/d#/x-sub" }, { refs: "document", schemas });
  assert.equal([error.code, error.schemaLocation, error.document, error.dialect], ["invalid-schema", "/x-sub/minLength", "https://e.test/d", "draft-07"]);
});

test("valid reached data still compiles and validates as the schema it is", () => {
  const v = compile({ "x-sub": { type: "string", minLength: 2 }, properties: { p: { $ref: "#/x-sub" } } }, { cache: false });
  assert.equal([v.isValid({ p: "ab" }), v.isValid({ p: "a" }), v.isValid({ p: 1 })], [true, false, false]);
});

test.run();
