import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

test("valid: at or above the limit; other types are ignored", () => {
  accepts(compile({ minimum: 3 }), 3, 3.0, 3.5, 1e308, "1", [1], { a: 1 }, null, false);
});

test("invalid: below the limit", () => {
  rejects(compile({ minimum: 3 }), 2.9999, 0, -1e308);
});

test("-0 meets a minimum of 0", () => {
  accepts(compile({ minimum: 0 }), -0, 0);
  rejects(compile({ minimum: 0 }), -1e-300);
});

test("fractional and negative limits", () => {
  accepts(compile({ minimum: -1.5 }), -1.5, 0);
  rejects(compile({ minimum: -1.5 }), -1.5001);
});

test("error: location, keyword and params", () => {
  expectOnlyError(compile({ minimum: 3 }), 1, {
    keywordLocation: "/minimum",
    instanceLocation: "",
    keyword: "minimum",
    params: { comparison: ">=", limit: 3 },
  });
});

test("error: nested under properties and items", () => {
  expectOnlyError(compile({ items: { properties: { n: { minimum: 0 } } } }), [{ n: 1 }, { n: -1 }], {
    keywordLocation: "/items/properties/n/minimum",
    instanceLocation: "/1/n",
    keyword: "minimum",
    params: { comparison: ">=", limit: 0 },
  });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile({ properties: { a: { minimum: 1 }, b: { minimum: 1 } } }), { a: 0, b: 0 }), { all: 2, first: 1 });
});

test("compile-time: the limit must be a number", () => {
  refuses({ minimum: "0" }, "invalid-schema", "/minimum");
  refuses({ minimum: true }, "invalid-schema", "/minimum");
  refuses({ properties: { a: { minimum: {} } } }, "invalid-schema", "/properties/a/minimum");
});

test.run();
