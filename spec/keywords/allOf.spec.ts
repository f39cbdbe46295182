import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

const schema = { allOf: [{ type: "integer" }, { minimum: 2 }, { maximum: 10 }] };

test("valid: every subschema matches", () => {
  accepts(compile(schema), 2, 10, 5.0);
  accepts(compile({ allOf: [true, {}] }), null, "x");
});

test("invalid: some subschema fails", () => {
  rejects(compile(schema), 1, 11, 2.5, "5");
  rejects(compile({ allOf: [true, false] }), 1);
});

test("error: location, keyword and params (the failing subschema's keyword)", () => {
  expectOnlyError(compile(schema), 1, {
    keywordLocation: "/allOf/1/minimum",
    instanceLocation: "",
    keyword: "minimum",
    params: { comparison: ">=", limit: 2 },
  });
  expectOnlyError(compile({ allOf: [true, false] }), 1, { keywordLocation: "/allOf/1", instanceLocation: "", keyword: "false", params: {} });
});

test("error: nested under properties and items", () => {
  expectOnlyError(compile({ properties: { a: { items: { allOf: [{ type: "string" }, { minLength: 2 }] } } } }), { a: ["ab", "c"] }, {
    keywordLocation: "/properties/a/items/allOf/1/minLength",
    instanceLocation: "/a/1",
    keyword: "minLength",
    params: { limit: 2 },
  });
});

test("allErrors: every failing subschema reports; first-error mode stops at one", () => {
  assert.equal(errorCounts(compile(schema), 11.5), { all: 2, first: 1 });
  assert.equal(errorCounts(compile({ allOf: [{ type: "integer" }, { minimum: 5 }, { maximum: 0 }] }), 1.5), { all: 3, first: 1 });
});

test("compile-time: allOf must be a non-empty array of schemas", () => {
  refuses({ allOf: [] }, "invalid-schema", "/allOf");
  refuses({ allOf: {} }, "invalid-schema", "/allOf");
  refuses({ allOf: [true, 1] }, "invalid-schema", "/allOf/1");
});

test.run();
