import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

test("valid: strictly above the limit; other types are ignored", () => {
  accepts(compile({ exclusiveMinimum: 3 }), 3.0001, 4, 1e308, "1", [1], { a: 1 }, null, false);
});

test("invalid: at or below the limit", () => {
  rejects(compile({ exclusiveMinimum: 3 }), 3, 3.0, 2.5, -1e308);
});

test("-0 is not above 0", () => {
  rejects(compile({ exclusiveMinimum: 0 }), -0, 0);
  accepts(compile({ exclusiveMinimum: 0 }), 1e-300);
});

test("works alongside minimum (both apply)", () => {
  const v = compile({ minimum: 1, exclusiveMinimum: 3 });
  accepts(v, 4);
  rejects(v, 3, 2);
});

test("error: location, keyword and params", () => {
  expectOnlyError(compile({ exclusiveMinimum: 3 }), 3, {
    keywordLocation: "/exclusiveMinimum",
    instanceLocation: "",
    keyword: "exclusiveMinimum",
    params: { comparison: ">", limit: 3 },
  });
});

test("error: nested under properties and items", () => {
  expectOnlyError(compile({ items: { properties: { n: { exclusiveMinimum: 0 } } } }), [{ n: 0 }], {
    keywordLocation: "/items/properties/n/exclusiveMinimum",
    instanceLocation: "/0/n",
    keyword: "exclusiveMinimum",
    params: { comparison: ">", limit: 0 },
  });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile({ items: { exclusiveMinimum: 0 } }), [0, 0, 1]), { all: 2, first: 1 });
});

test("compile-time: the limit must be a number (the draft-04 boolean form is refused)", () => {
  refuses({ exclusiveMinimum: false }, "invalid-schema", "/exclusiveMinimum");
  refuses({ exclusiveMinimum: "0" }, "invalid-schema", "/exclusiveMinimum");
  refuses({ properties: { a: { exclusiveMinimum: [] } } }, "invalid-schema", "/properties/a/exclusiveMinimum");
});

test.run();
