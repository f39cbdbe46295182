import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

test("valid: equal to one of the values", () => {
  accepts(compile({ enum: ["a", 1, null, true] }), "a", 1, null, true);
});

test("invalid: equal to none of them", () => {
  rejects(compile({ enum: ["a", 1, null, true] }), "b", 2, false, "1", [], {});
});

test("no type coercion: false is not 0, null is not \"\", [0] is not [false]", () => {
  rejects(compile({ enum: [false] }), 0, "", null);
  rejects(compile({ enum: [0] }), false, "0");
  rejects(compile({ enum: [null] }), "", 0, false);
  rejects(compile({ enum: [[false]] }), [0]);
  rejects(compile({ enum: [{}] }), []);
  rejects(compile({ enum: [[]] }), {});
});

test("numbers by value: 1.0 is 1, -0 is 0", () => {
  accepts(compile({ enum: [1] }), 1.0);
  accepts(compile({ enum: [0] }), -0);
  accepts(compile({ enum: [-0] }), 0);
  accepts(compile({ enum: [{ a: [0] }] }), { a: [-0] });
});

test("objects and arrays by deep equality, ignoring key order", () => {
  const v = compile({ enum: [{ a: 1, b: { c: [1, 2], d: null } }, [1, { x: "y" }]] });
  accepts(v, { b: { d: null, c: [1, 2] }, a: 1 }, [1, { x: "y" }]);
  rejects(v, { a: 1, b: { c: [2, 1], d: null } }, { a: 1, b: { c: [1, 2] } }, { a: 1, b: { c: [1, 2], d: null }, e: 1 }, [{ x: "y" }, 1]);
});

test("an empty enum accepts nothing", () => {
  rejects(compile({ enum: [] }), 1, null, "");
});

test("error: location, keyword and params", () => {
  expectOnlyError(compile({ enum: ["a", "b"] }), "c", {
    keywordLocation: "/enum",
    instanceLocation: "",
    keyword: "enum",
    params: { allowedValues: ["a", "b"] },
  });
});

test("error: nested under properties and items", () => {
  expectOnlyError(compile({ properties: { a: { items: { enum: [1, 2] } } } }), { a: [1, 3] }, {
    keywordLocation: "/properties/a/items/enum",
    instanceLocation: "/a/1",
    keyword: "enum",
    params: { allowedValues: [1, 2] },
  });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile({ items: { enum: [1] } }), [2, 3, 1]), { all: 2, first: 1 });
});

test("compile-time: enum must be an array", () => {
  refuses({ enum: 1 }, "invalid-schema", "/enum");
  refuses({ enum: { a: 1 } }, "invalid-schema", "/enum");
  refuses({ items: { enum: "a" } }, "invalid-schema", "/items/enum");
});

test.run();
