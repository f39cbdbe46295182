import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

test("valid: every listed property is present; other types are ignored", () => {
  accepts(compile({ required: ["a", "b"] }), { a: 1, b: null }, { a: 1, b: 2, c: 3 }, ["a", "b"], "ab", 1, null);
  accepts(compile({ required: [] }), {});
});

test("invalid: a listed property is missing", () => {
  rejects(compile({ required: ["a", "b"] }), {}, { a: 1 }, { b: 1 });
});

test("a property whose value is null or false is present", () => {
  accepts(compile({ required: ["a"] }), { a: null }, { a: false }, { a: 0 });
});

test("inherited properties do not count", () => {
  rejects(compile({ required: ["toString"] }), {});
  rejects(compile({ required: ["constructor", "hasOwnProperty"] }), {});
});

test("error: location, keyword and params", () => {
  expectOnlyError(compile({ required: ["a"] }), {}, {
    keywordLocation: "/required",
    instanceLocation: "",
    keyword: "required",
    params: { missingProperty: "a" },
  });
});

test("error: nested under properties and items", () => {
  expectOnlyError(compile({ properties: { user: { required: ["id"] } } }), { user: {} }, {
    keywordLocation: "/properties/user/required",
    instanceLocation: "/user",
    keyword: "required",
    params: { missingProperty: "id" },
  });
  expectOnlyError(compile({ items: { required: ["x"] } }), [{ x: 1 }, { y: 1 }], {
    keywordLocation: "/items/required",
    instanceLocation: "/1",
    keyword: "required",
    params: { missingProperty: "x" },
  });
});

test("allErrors: one error per missing property; first-error mode stops at one", () => {
  const v = compile({ required: ["a", "b", "c"] });
  assert.equal(errorCounts(v, {}), { all: 3, first: 1 });
  const result = v.validate({ b: 1 });
  assert.equal(result.valid ? [] : result.errors.map((e) => e.params), [{ missingProperty: "a" }, { missingProperty: "c" }]);
});

test("compile-time: required must be an array of unique strings", () => {
  refuses({ required: "a" }, "invalid-schema", "/required");
  refuses({ required: [1] }, "invalid-schema", "/required/0");
  refuses({ required: ["a", "a"] }, "invalid-schema", "/required");
  refuses({ properties: { a: { required: {} } } }, "invalid-schema", "/properties/a/required");
});

test.run();
