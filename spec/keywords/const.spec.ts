import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

test("valid: equal to the value", () => {
  accepts(compile({ const: "a" }), "a");
  accepts(compile({ const: null }), null);
  accepts(compile({ const: [1, "a", { b: null }] }), [1, "a", { b: null }]);
});

test("invalid: anything else", () => {
  rejects(compile({ const: "a" }), "b", ["a"], { a: "a" });
  rejects(compile({ const: null }), 0, "", false, {}, []);
});

test("no type coercion", () => {
  rejects(compile({ const: false }), 0, "", null);
  rejects(compile({ const: 1 }), true, "1");
  rejects(compile({ const: [] }), {});
  rejects(compile({ const: {} }), []);
  rejects(compile({ const: { a: false } }), { a: 0 });
});

test("numbers by value: 1.0 is 1, -0 is 0 (also nested)", () => {
  accepts(compile({ const: 1 }), 1.0);
  accepts(compile({ const: 0 }), -0);
  accepts(compile({ const: -0 }), 0);
  accepts(compile({ const: { a: [0, 1.0] } }), { a: [-0, 1] });
});

test("objects by deep equality, ignoring key order; arrays in order", () => {
  const v = compile({ const: { a: 1, b: { c: 2, d: [3, 4] } } });
  accepts(v, { b: { d: [3, 4], c: 2 }, a: 1 });
  rejects(v, { a: 1, b: { c: 2, d: [4, 3] } }, { a: 1 }, { a: 1, b: { c: 2, d: [3, 4] }, e: null });
});

test("const: false and const: null are real constraints", () => {
  accepts(compile({ const: false }), false);
  rejects(compile({ const: false }), true);
});

test("error: location, keyword and params", () => {
  expectOnlyError(compile({ const: { a: 1 } }), { a: 2 }, {
    keywordLocation: "/const",
    instanceLocation: "",
    keyword: "const",
    params: { allowedValue: { a: 1 } },
  });
});

test("error: nested under properties and items", () => {
  expectOnlyError(compile({ items: { properties: { v: { const: "x" } } } }), [{ v: "x" }, { v: "y" }], {
    keywordLocation: "/items/properties/v/const",
    instanceLocation: "/1/v",
    keyword: "const",
    params: { allowedValue: "x" },
  });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile({ items: { const: 0 } }), [1, 2, 0]), { all: 2, first: 1 });
});

test("compile-time: a value that is not JSON is refused", () => {
  refuses({ const: Number.NaN }, "not-json", "/const");
  refuses({ const: undefined }, "not-json", "/const");
  refuses({ items: { const: { a: Number.POSITIVE_INFINITY } } }, "not-json", "/items/const/a");
});

test.run();
