// Regression (a regression hunt): before 2019-09 a `$ref` is all its schema object is, yet the
// boolean pass's static reading of unevaluatedProperties (evaluated-names.ts) counted the names of
// its sibling `properties` as evaluated: a 2020-12 root with `unevaluatedProperties: false` over an
// embedded draft-07 resource `{$ref, properties: {a}}` let `a` through in isValid.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";

for (const [name, $schema] of [
  ["draft-07", "http://json-schema.org/draft-07/schema#"],
  ["draft-04", "http://json-schema.org/draft-04/schema#"],
]) {
  test(`a ${name} $ref's sibling properties evaluate nothing for an enclosing unevaluatedProperties`, () => {
    const id = "$id"; // the identifier of the 2020-12 document around it marks the embedded resource
    const inner = { [id]: "http://e.test/inner", $schema, $ref: "#/definitions/z", properties: { a: { type: "string" } }, definitions: { z: {} } };
    const v = compile({ $id: "http://e.test/root", $ref: "http://e.test/inner", unevaluatedProperties: false, $defs: { inner } }, { cache: false, refs: "document" });
    assert.not.ok(v.isValid({ a: 1 }));
    assert.not.ok(v.isValid({ a: "s" }));
    assert.ok(v.isValid({}));
    const result = v.validate({ a: 1 });
    assert.ok(!result.valid && result.errors.length === 1 && result.errors[0]!.keyword === "unevaluatedProperties");
    assert.not.ok(v.validate({ a: 1 }, { output: "verbose" }).valid);
    // The reference's target still evaluates what it declares.
    const declaring = compile({ $id: "http://e.test/root2", $ref: "http://e.test/inner2", unevaluatedProperties: false, $defs: { inner: { ...inner, [id]: "http://e.test/inner2", definitions: { z: { properties: { a: {} } } } } } }, { cache: false, refs: "document" });
    assert.ok(declaring.isValid({ a: 1 }));
  });
}

test.run();
