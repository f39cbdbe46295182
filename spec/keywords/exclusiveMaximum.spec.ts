import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

test("valid: strictly below the limit; other types are ignored", () => {
  accepts(compile({ exclusiveMaximum: 3 }), 2.9999, 2, -1e308, "5", [5], { a: 5 }, null, true);
});

test("invalid: at or above the limit", () => {
  rejects(compile({ exclusiveMaximum: 3 }), 3, 3.0, 3.5, 1e308);
});

test("-0 is not below 0", () => {
  rejects(compile({ exclusiveMaximum: 0 }), -0, 0);
  accepts(compile({ exclusiveMaximum: 0 }), -1e-300);
});

test("works alongside maximum (both apply)", () => {
  const v = compile({ maximum: 5, exclusiveMaximum: 3 });
  accepts(v, 2);
  rejects(v, 3, 4);
});

test("error: location, keyword and params", () => {
  expectOnlyError(compile({ exclusiveMaximum: 3 }), 3, {
    keywordLocation: "/exclusiveMaximum",
    instanceLocation: "",
    keyword: "exclusiveMaximum",
    params: { comparison: "<", limit: 3 },
  });
});

test("error: nested under properties and items", () => {
  expectOnlyError(compile({ properties: { a: { items: { exclusiveMaximum: 1 } } } }), { a: [0, 1] }, {
    keywordLocation: "/properties/a/items/exclusiveMaximum",
    instanceLocation: "/a/1",
    keyword: "exclusiveMaximum",
    params: { comparison: "<", limit: 1 },
  });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile({ items: { exclusiveMaximum: 0 } }), [0, 1, -1, 2]), { all: 3, first: 1 });
});

test("compile-time: the limit must be a number (the draft-04 boolean form is refused)", () => {
  refuses({ exclusiveMaximum: true }, "invalid-schema", "/exclusiveMaximum");
  refuses({ exclusiveMaximum: "3" }, "invalid-schema", "/exclusiveMaximum");
  refuses({ items: { exclusiveMaximum: null } }, "invalid-schema", "/items/exclusiveMaximum");
});

test.run();
