// Regression (issue 17, "the gate's holes"): the walk looked for identifiers and references only
// among a schema object's first keys, stopping at the first key that sorts after "$" — and at
// "", whose first character code is NaN. An object holding "" was never marked: its $id, $anchor
// and $ref were not indexed and its reference escaped the ref policy.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, SchemaError } from "../../src/index.js";

test("an embedded resource beside an empty-string key resolves its $ref against its own $defs", () => {
  const v = compile(
    { $defs: { x: { type: "string" } }, properties: { a: { "": 1, $id: "https://example.com/inner", $ref: "#/$defs/x", $defs: { x: { type: "number" } } } } },
    { cache: false },
  );
  assert.equal([v.isValid({ a: 1 }), v.isValid({ a: "s" })], [true, false]);
  assert.equal([v.validate({ a: 1 }).valid, v.validate({ a: "s" }).valid], [true, false]);
});

test("a reference beside an empty-string key is held to the ref policy", () => {
  assert.throws(
    () => compile({ properties: { a: { "": 0, $ref: "https://other.test/x" } } }, { cache: false }),
    (e: unknown) => e instanceof SchemaError && e.code === "external-ref" && e.schemaLocation === "/properties/a/$ref",
  );
});

test("an $anchor beside an empty-string key is indexed", () => {
  const v = compile({ $defs: { s: { "": 1, $anchor: "s", type: "string" } }, $ref: "#s" }, { cache: false });
  assert.equal([v.isValid("x"), v.isValid(1)], [true, false]);
});

test("keys sorting before $ (!, #) do not hide identifiers either", () => {
  const v = compile({ $defs: { s: { "!": 1, "#": 2, $anchor: "s", type: "string" } }, $ref: "#s" }, { cache: false });
  assert.equal([v.isValid("x"), v.isValid(1)], [true, false]);
});

test.run();
