import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

test("valid: at least minContains items match contains", () => {
  accepts(compile({ contains: { type: "string" }, minContains: 2 }), ["a", "b"], ["a", 1, "b", "c"], "ab", {});
});

test("invalid: fewer matches than minContains", () => {
  rejects(compile({ contains: { type: "string" }, minContains: 2 }), [], ["a"], ["a", 1, 2]);
});

test("minContains 0 makes contains always pass, even on an empty array", () => {
  accepts(compile({ contains: { type: "string" }, minContains: 0 }), [], [1, 2]);
});

test("without contains, minContains does nothing", () => {
  accepts(compile({ minContains: 5 }), [], [1]);
});

test("error: location, keyword and params (the minContains keyword)", () => {
  expectOnlyError(compile({ contains: { type: "string" }, minContains: 2 }), ["a", 2], {
    keywordLocation: "/minContains",
    instanceLocation: "",
    keyword: "minContains",
    params: { minContains: 2 },
  });
});

test("error: nested under properties and items", () => {
  expectOnlyError(compile({ properties: { a: { items: { contains: { const: 0 }, minContains: 2 } } } }), { a: [[0, 0], [0, 1]] }, {
    keywordLocation: "/properties/a/items/minContains",
    instanceLocation: "/a/1",
    keyword: "minContains",
    params: { minContains: 2 },
  });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile({ items: { contains: { const: 0 }, minContains: 2 } }), [[0], [1]]), { all: 2, first: 1 });
});

test("compile-time: minContains must be a non-negative integer, reported at minContains", () => {
  refuses({ contains: true, minContains: -1 }, "invalid-schema", "/minContains");
  refuses({ contains: true, minContains: 1.5 }, "invalid-schema", "/minContains");
  refuses({ minContains: "1" }, "invalid-schema", "/minContains");
  refuses({ items: { contains: true, minContains: null } }, "invalid-schema", "/items/minContains");
});

test.run();
