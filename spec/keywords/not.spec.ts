import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

test("valid: the subschema fails", () => {
  accepts(compile({ not: { type: "string" } }), 1, null, [], {});
  accepts(compile({ not: false }), 1, "a");
});

test("invalid: the subschema matches", () => {
  rejects(compile({ not: { type: "string" } }), "a", "");
  rejects(compile({ not: true }), 1);
  rejects(compile({ not: {} }), null);
});

test("double negation", () => {
  accepts(compile({ not: { not: { type: "string" } } }), "a");
  rejects(compile({ not: { not: { type: "string" } } }), 1);
});

test("error: location, keyword and params; the inner schema's results are not errors", () => {
  expectOnlyError(compile({ not: { type: "string", minLength: 1 } }), "a", {
    keywordLocation: "/not",
    instanceLocation: "",
    keyword: "not",
    params: {},
  });
});

test("error: nested under properties and items", () => {
  expectOnlyError(compile({ properties: { a: { not: { type: "string" } } } }), { a: "x" }, {
    keywordLocation: "/properties/a/not",
    instanceLocation: "/a",
    keyword: "not",
    params: {},
  });
  expectOnlyError(compile({ items: { not: { const: 0 } } }), [1, 0], {
    keywordLocation: "/items/not",
    instanceLocation: "/1",
    keyword: "not",
    params: {},
  });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile({ items: { not: { type: "integer" } } }), [1, 2, "a"]), { all: 2, first: 1 });
});

test("compile-time: not must be a schema", () => {
  refuses({ not: 1 }, "invalid-schema", "/not");
  refuses({ not: [] }, "invalid-schema", "/not");
  refuses({ not: { enum: 1 } }, "invalid-schema", "/not/enum");
});

test.run();
