// Regression (issue 17, "the ref policy can be walked around"): `definitions` is no 2020-12
// keyword, so the gate's walk read its value as data and never checked the $ref inside; the
// pointer "#/definitions/a" then made it a schema, and under refs: "fragment" it resolved to the
// embedded 2020-12 metaschema. The policy now also holds where a reference is resolved.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, SchemaError } from "../../src/index.js";

function refusedAt(schema: unknown): string {
  try {
    compile(schema, { cache: false });
  } catch (error) {
    assert.instance(error, SchemaError);
    assert.is((error as SchemaError).code, "external-ref");
    return (error as SchemaError).schemaLocation;
  }
  assert.unreachable("compiled");
  return "";
}

test("a $ref inside an unknown keyword, reached by a pointer, is refused under refs: fragment", () => {
  assert.is(refusedAt({ definitions: { a: { $ref: "https://json-schema.org/draft/2020-12/schema" } }, $ref: "#/definitions/a" }), "/definitions/a/$ref");
  assert.is(refusedAt({ unknown: { deeper: [{ $ref: "other.json" }] }, properties: { p: { $ref: "#/unknown/deeper/0" } } }), "/unknown/deeper/0/$ref");
});

test("the same schema resolves under refs: document when the target is given", () => {
  const v = compile(
    { definitions: { a: { $ref: "https://example.com/s" } }, $ref: "#/definitions/a" },
    { cache: false, refs: "document", schemas: { "https://example.com/s": { type: "string" } } },
  );
  assert.equal([v.isValid("x"), v.isValid(1)], [true, false]);
});

test.run();
