// Regression (red-team, gate against the metaschemas): draft-04's metaschema lets `$ref` be any
// value, and only a string makes a JSON Reference. A `$ref` that is no string was refused as
// "invalid-schema" with no `.errors` where the compile reached it, and accepted in a definition
// nothing reached. It is an unknown keyword now, and the siblings of its schema object apply.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, SchemaError } from "../../src/index.js";
import { ToolOutputSchema } from "../../src/mcp/index.js";

const DRAFT_04 = "http://json-schema.org/draft-04/schema#";

test("a draft-04 $ref that is no string is an unknown keyword, beside keywords that apply", () => {
  const typed = compile({ $schema: DRAFT_04, type: "integer", $ref: 5 }, { cache: false });
  assert.ok(typed.isValid(1));
  assert.not.ok(typed.isValid("x"));
  const result = typed.validate("x");
  assert.ok(!result.valid && result.errors.length === 1 && result.errors[0]!.keyword === "type");
  const annotated = typed.validate(1, { output: "basic" });
  assert.ok(annotated.valid);
  assert.equal(
    annotated.annotations?.map((unit) => [unit.keywordLocation, unit.annotation]),
    [["/$ref", 5]],
  );
  const below = compile({ $schema: DRAFT_04, properties: { p: { $ref: { note: "n" }, minimum: 3 } } }, { cache: false });
  assert.ok(below.isValid({ p: 4 }));
  assert.not.ok(below.isValid({ p: 1 }));
  assert.is(below.validate({ p: 1 }, { allErrors: false }).valid, false);
  assert.is(below.validate({ p: 1 }, { output: "verbose" }).valid, false);
  // A string is still all its schema object is.
  const reference = compile({ $schema: DRAFT_04, type: "integer", $ref: "#/definitions/s", definitions: { s: { type: "string" } } }, { cache: false });
  assert.ok(reference.isValid("x"));
  assert.not.ok(reference.isValid(1));
});

// ToolOutputSchema read such a $ref as a reference that shapes the root, so it added no
// `type: "object"` and accepted 3 as a result, where an unknown keyword there changes nothing.
test("a tool output schema adds type object beside a draft-04 $ref that is no string, as beside an unknown keyword", () => {
  for (const ref of [5, { a: 1 }]) {
    const tool = new ToolOutputSchema({ $schema: "http://json-schema.org/draft-04/schema#", $ref: ref, properties: { a: { type: "string" } } });
    assert.is((tool.toJSON() as Record<string, unknown>)["type"], "object", JSON.stringify(ref));
    assert.is(tool.validateResult(3).valid, false, JSON.stringify(ref));
    assert.is(tool.validateResult({ a: "x" }).valid, true, JSON.stringify(ref));
  }
  // A string $ref still hides its siblings, and shapes the root: nothing is added.
  const reference = new ToolOutputSchema({ $schema: "http://json-schema.org/draft-04/schema#", definitions: { s: { type: "string" } }, $ref: "#/definitions/s" });
  assert.not.ok(Object.hasOwn(reference.toJSON() as object, "type"));
});

test("draft-07 and later still refuse a $ref that is no string, as their metaschemas do", () => {
  for (const $schema of ["http://json-schema.org/draft-07/schema#", "http://json-schema.org/draft-06/schema#", "https://json-schema.org/draft/2019-09/schema", "https://json-schema.org/draft/2020-12/schema"]) {
    try {
      compile({ $schema, $ref: 5 }, { cache: false });
      assert.unreachable($schema);
    } catch (error) {
      assert.instance(error, SchemaError);
      assert.is((error as SchemaError).code, "invalid-schema");
    }
  }
});

test.run();
