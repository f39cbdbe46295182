// Before 2019-09 a `$ref` hides its siblings, an identifier too (README: "Dialects"), except a
// document root's identifier, which still names the document and sets its base (as ajv reads it).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../src/index.js";

for (const dialect of ["draft-04", "draft-06", "draft-07"] as const) {
  const id = dialect === "draft-04" ? "id" : "$id";
  test(`${dialect}: below the root, an identifier beside $ref declares nothing`, () => {
    const schema = { definitions: { r: { [id]: "#foo", $ref: "#/definitions/b" }, b: { type: "object" } }, properties: { x: { $ref: "#foo" } } };
    assert.throws(() => compile(schema, { dialect, cache: false }), (e: { code?: string }) => e.code === "unresolved-ref");
    const based = { definitions: { r: { [id]: "http://x.test/other/", $ref: "b.json" } }, properties: { x: { $ref: "#/definitions/r" } } };
    const schemas = { "http://x.test/b.json": { type: "integer" }, "http://x.test/other/b.json": { type: "string" } };
    const v = compile({ [id]: "http://x.test/root.json", ...based }, { dialect, refs: "document", schemas, cache: false });
    assert.equal([v.isValid({ x: 1 }), v.isValid({ x: "s" })], [true, false]);
  });

  test(`${dialect}: the root's identifier beside $ref names the document and sets its base`, () => {
    const v = compile({ [id]: "http://x.test/a/root.json", $ref: "b.json", definitions: { b: { [id]: "http://x.test/a/b.json", type: "integer" } } }, { dialect, refs: "document", cache: false });
    assert.equal([v.isValid(1), v.isValid("s")], [true, false]);
    const named = compile({ [id]: "#top", $ref: "#/definitions/b", definitions: { b: { type: "object", properties: { x: { $ref: "#top" } } } } }, { dialect, cache: false });
    assert.equal([named.isValid({ x: {} }), named.isValid({ x: 1 })], [true, false]);
  });
}

test.run();
