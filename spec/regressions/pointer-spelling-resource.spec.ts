// Regression: a reference may spell its target's pointer otherwise than a walk spells it
// ("%7E02" names the key the walk writes "~02"). The registry kept the spelling and found the target's
// resource by the pointer's prefix, so an embedded resource reached that way was compiled as part
// of the outer resource: its own references resolved against the outer one (validating against
// another schema), and its absolute locations were cut at the wrong length.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, SchemaError } from "../../src/index.js";

const schema = {
  $id: "https://spelling.test/root.json",
  $defs: { a: { type: "integer" } },
  properties: {
    "~2": { $id: "inner.json", $ref: "#/$defs/a", $defs: { a: { type: "string" } } },
    spelled: { $ref: "#/properties/%7E02" },
    walked: { $ref: "#/properties/~02" },
  },
};

test("an embedded resource reached by a pointer spelled otherwise resolves its references against itself", () => {
  const v = compile(schema, { refs: "document", cache: false });
  for (const key of ["~2", "spelled", "walked"]) {
    assert.equal([v.isValid({ [key]: "s" }), v.isValid({ [key]: 1 })], [true, false], key);
  }
  const result = v.validate({ spelled: 1 });
  assert.equal(result.valid ? [] : result.errors.map((e) => [e.keywordLocation, e.absoluteKeywordLocation]), [
    ["/properties/spelled/$ref/$ref/type", "https://spelling.test/inner.json#/$defs/a/type"],
  ]);
});

test("a unit below a pointer spelled otherwise carries the pointer a walk writes", () => {
  const v = compile({ properties: { "~2": { minimum: 1 }, b: { $ref: "#/properties/%7e02" } } }, { cache: false });
  const result = v.validate({ b: 0 });
  assert.equal(result.valid ? [] : result.errors.map((e) => [e.keywordLocation, e.absoluteKeywordLocation]), [["/properties/b/$ref/minimum", "#/properties/~02/minimum"]]);
});

test("a fragment that is no JSON Pointer is refused, saying why (RFC 6901: \"~\" only as ~0 and ~1)", () => {
  // "~2" was once read as the key "~2" (as ajv reads it): a second spelling of one place, which the
  // bug above came through, and not a pointer at all.
  for (const reference of ["#/properties/~2", "#/properties/~", "#/properties/a~", "#/properties/%7E2"]) {
    assert.throws(() => compile({ properties: { "~2": {}, "~": {}, "a~": {}, b: { $ref: reference } } }, { cache: false }), (e: unknown) => e instanceof SchemaError && e.code === "unresolved-ref" && e.message.includes("RFC 6901"));
  }
  assert.throws(() => compile({ $defs: { a: {} }, $ref: "#/$defs/%ZZ" }, { cache: false }), (e: unknown) => e instanceof SchemaError && e.code === "unresolved-ref" && e.message.includes("not valid percent-encoding"));
  // Both escapes still name their keys.
  const v = compile({ properties: { "a/b": { type: "string" }, "m~n": { type: "integer" }, x: { $ref: "#/properties/a~1b" }, y: { $ref: "#/properties/m~0n" } } }, { cache: false });
  assert.equal([v.isValid({ x: "s", y: 1 }), v.isValid({ x: 1 }), v.isValid({ y: "s" })], [true, false, false]);
});

test.run();
