import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

test("valid: at or below the limit; other types are ignored", () => {
  accepts(compile({ maximum: 3 }), 3, 3.0, 2.5, -100, "9", [9], { a: 9 }, null, true);
});

test("invalid: above the limit", () => {
  rejects(compile({ maximum: 3 }), 3.0001, 4, 1e308);
});

test("-0 and 0 are the same limit", () => {
  accepts(compile({ maximum: 0 }), -0, 0);
  accepts(compile({ maximum: -0 }), 0, -0);
  rejects(compile({ maximum: -0 }), 1e-300);
});

test("fractional and negative limits", () => {
  accepts(compile({ maximum: -1.5 }), -1.5, -2);
  rejects(compile({ maximum: -1.5 }), -1.4999);
});

test("error: location, keyword and params", () => {
  expectOnlyError(compile({ maximum: 3 }), 3.5, {
    keywordLocation: "/maximum",
    instanceLocation: "",
    keyword: "maximum",
    params: { comparison: "<=", limit: 3 },
  });
});

test("error: nested under properties and items", () => {
  expectOnlyError(compile({ properties: { a: { items: { maximum: 10 } } } }), { a: [1, 11] }, {
    keywordLocation: "/properties/a/items/maximum",
    instanceLocation: "/a/1",
    keyword: "maximum",
    params: { comparison: "<=", limit: 10 },
  });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile({ items: { maximum: 0 } }), [1, 2]), { all: 2, first: 1 });
});

test("compile-time: the limit must be a number", () => {
  refuses({ maximum: "3" }, "invalid-schema", "/maximum");
  refuses({ maximum: null }, "invalid-schema", "/maximum");
  refuses({ items: { maximum: [1] } }, "invalid-schema", "/items/maximum");
});

test.run();
