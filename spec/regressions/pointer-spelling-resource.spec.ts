// Regression: a reference may spell its target's pointer otherwise than a walk spells it ("~2"
// names the key the walk writes "~02"). The registry kept the spelling and found the target's
// resource by the pointer's prefix, so an embedded resource reached that way was compiled as part
// of the outer resource: its own references resolved against the outer one (validating against
// another schema), and its absolute locations were cut at the wrong length.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";

const schema = {
  $id: "https://spelling.test/root.json",
  $defs: { a: { type: "integer" } },
  properties: {
    "~2": { $id: "inner.json", $ref: "#/$defs/a", $defs: { a: { type: "string" } } },
    spelled: { $ref: "#/properties/~2" },
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
  const v = compile({ properties: { "~2": { minimum: 1 }, b: { $ref: "#/properties/~2" } } }, { cache: false });
  const result = v.validate({ b: 0 });
  assert.equal(result.valid ? [] : result.errors.map((e) => [e.keywordLocation, e.absoluteKeywordLocation]), [["/properties/b/$ref/minimum", "#/properties/~02/minimum"]]);
});

test.run();
