import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

const schema = { dependentSchemas: { card: { required: ["billing"], properties: { billing: { type: "string" } } } } };

test("valid: the trigger is absent, or the instance matches its schema; other types are ignored", () => {
  accepts(compile(schema), {}, { billing: 1 }, { card: 1, billing: "addr" }, ["card"], "card", null);
});

test("invalid: the trigger is present and the schema fails", () => {
  rejects(compile(schema), { card: 1 }, { card: 1, billing: 2 });
});

test("the schema applies to the whole object, not to the trigger's value", () => {
  const v = compile({ dependentSchemas: { a: { minProperties: 2 } } });
  accepts(v, { a: {}, b: 1 });
  rejects(v, { a: { x: 1, y: 2 } });
});

test("boolean subschemas", () => {
  const v = compile({ dependentSchemas: { a: false, b: true } });
  accepts(v, { b: 1 }, {});
  rejects(v, { a: 1 });
});

test("error: location, keyword and params", () => {
  expectOnlyError(compile(schema), { card: 1 }, {
    keywordLocation: "/dependentSchemas/card/required",
    instanceLocation: "",
    keyword: "required",
    params: { missingProperty: "billing" },
  });
});

test("error: nested under properties and items", () => {
  expectOnlyError(compile({ properties: { o: { dependentSchemas: { a: { properties: { b: { type: "string" } } } } } } }), { o: { a: 1, b: 2 } }, {
    keywordLocation: "/properties/o/dependentSchemas/a/properties/b/type",
    instanceLocation: "/o/b",
    keyword: "type",
    params: { type: "string" },
  });
});

test("allErrors vs first error", () => {
  const v = compile({ dependentSchemas: { a: { required: ["x"] }, b: { required: ["y"] } } });
  assert.equal(errorCounts(v, { a: 1, b: 2 }), { all: 2, first: 1 });
});

test("compile-time: dependentSchemas must map names to schemas", () => {
  refuses({ dependentSchemas: [] }, "invalid-schema", "/dependentSchemas");
  refuses({ dependentSchemas: { a: ["b"] } }, "invalid-schema", "/dependentSchemas/a");
  refuses({ dependentSchemas: { a: { maxItems: -1 } } }, "invalid-schema", "/dependentSchemas/a/maxItems");
});

test.run();
