// Regression: what a `$ref` reaches outside schema positions (an unknown keyword's value, an
// `examples` item) is compiled as a schema, and the gate walked it as one, but the metaschema
// check never read it: `{ "x-sub": { "title": 5 } }` reached by a `$ref` compiled, where the same
// subschema in `$defs` is refused, and a draft-04 `false` reached so compiled (draft-04 has no
// boolean schemas). The same mistake now gets the same refusal wherever it sits.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, SchemaError, type CompileOptions } from "../../src/index.js";
import { fastest } from "../helpers/timing.js";

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

test("draft-04..07: a $ref among an ignored $ref's siblings is no reference, and lands nowhere", () => {
  // The first version of this check read it as one and refused valid schemas (hyperjump accepts them).
  const D7 = "http://json-schema.org/draft-07/schema#";
  const draft07 = { $schema: D7, definitions: { a: { $ref: "#/definitions/b", properties: { p: { $ref: "#/x" } } }, b: {} }, properties: { q: { $ref: "#/definitions/a" } }, x: { type: "bogus" } };
  assert.ok(compile(draft07, { cache: false }).isValid({ q: 1 }));
  const draft04 = { $schema: "http://json-schema.org/draft-04/schema#", definitions: { a: { $ref: "#/definitions/b", not: { $ref: "#/x" } }, b: {} }, properties: { q: { $ref: "#/definitions/a" } }, x: { minLength: -1 } };
  assert.ok(compile(draft04, { cache: false }).isValid({ q: 1 }));
  // In 2019-09 the sibling is a keyword: refused there.
  assert.is(refusal({ $defs: { a: { $ref: "#/$defs/b", properties: { p: { $ref: "#/x" } } }, b: {} }, x: { type: "bogus" } }, { dialect: "2019-09" }).schemaLocation, "/x/type");
});

test("under a custom metaschema, reached data is checked as its $defs are: its own rules, its vocabularies", () => {
  // Its rules did not reach there: moving an untitled subschema into an unknown keyword got past them.
  const meta = { $schema: "https://json-schema.org/draft/2020-12/schema", $id: "http://e.test/meta", $dynamicAnchor: "meta", allOf: [{ $ref: "https://json-schema.org/draft/2020-12/schema" }], required: ["title"] };
  const options = { refs: "document" as const, schemas: { "http://e.test/meta": meta } };
  for (const [schema, at] of [[{ $schema: "http://e.test/meta", title: "root", $ref: "#/$defs/x", $defs: { x: { type: "string" } } }, "/$defs/x"], [{ $schema: "http://e.test/meta", title: "root", $ref: "#/x-sub", "x-sub": { type: "string" } }, "/x-sub"]] as const) {
    const error = refusal(schema, options);
    assert.equal([error.code, error.schemaLocation], ["invalid-schema", at]);
    assert.match(error.message, /against its metaschema "http:\/\/e\.test\/meta": must have required property "title"/);
  }
  // Without the validation vocabulary, `minimum: "abc"` is an annotation there, reached or not.
  const V = (n: string) => `https://json-schema.org/draft/2020-12/vocab/${n}`;
  const applicatorOnly = { $schema: "https://json-schema.org/draft/2020-12/schema", $id: "http://e.test/lean", $vocabulary: { [V("core")]: true, [V("applicator")]: true }, $dynamicAnchor: "meta", allOf: [{ $ref: "https://json-schema.org/draft/2020-12/meta/core" }, { $ref: "https://json-schema.org/draft/2020-12/meta/applicator" }] };
  const lean: CompileOptions = { refs: "document", schemas: { "http://e.test/lean": applicatorOnly }, cache: false };
  for (const schema of [{ $schema: "http://e.test/lean", $ref: "#/$defs/x", $defs: { x: { minimum: "abc" } } }, { $schema: "http://e.test/lean", $ref: "#/x-sub", "x-sub": { minimum: "abc" } }]) {
    assert.ok(compile(schema, lean).isValid(1), JSON.stringify(schema));
  }
});

test("a chain of landings each inside the last is checked once, not once a level", () => {
  // 60 references into one `not` chain over a long `required` list read the list 60 times (3 s for 3.9 MB).
  const chain = (refsTo: string) => {
    let inner: object = { required: Array.from({ length: 100_000 }, (_, i) => "k" + i) };
    for (let i = 0; i < 60; i++) inner = { not: inner };
    const refs: object[] = [];
    for (let i = 0, p = refsTo; i <= 60; i++, p += "/not") refs.push({ $ref: p });
    return { inner, refs };
  };
  const defs = chain("#/$defs/x");
  const asDefs = { $defs: { x: defs.inner }, anyOf: defs.refs };
  const data = chain("#/x-data");
  const reached = { "x-data": data.inner, anyOf: data.refs };
  const ratio = fastest(() => compile(reached, { cache: false })) / fastest(() => compile(asDefs, { cache: false }));
  assert.ok(ratio < 5, `reached data cost ${ratio.toFixed(1)}x the same schemas in $defs`);
});

test.run();
