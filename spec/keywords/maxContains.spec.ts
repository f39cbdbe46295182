import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

test("valid: between 1 and maxContains matches", () => {
  accepts(compile({ contains: { type: "string" }, maxContains: 2 }), ["a"], ["a", "b", 1, 2], "abc", {});
});

test("invalid: more matches than maxContains, or none at all", () => {
  const v = compile({ contains: { type: "string" }, maxContains: 2 });
  rejects(v, ["a", "b", "c"], [], [1]);
});

test("with minContains 0, an array without matches is valid", () => {
  const v = compile({ contains: { type: "string" }, minContains: 0, maxContains: 1 });
  accepts(v, [], [1], ["a"]);
  rejects(v, ["a", "b"]);
});

test("without contains, maxContains does nothing", () => {
  accepts(compile({ maxContains: 0 }), [1, 2, 3]);
});

test("error: location, keyword and params (the maxContains keyword)", () => {
  expectOnlyError(compile({ contains: { type: "string" }, maxContains: 1 }), ["a", "b"], {
    keywordLocation: "/maxContains",
    instanceLocation: "",
    keyword: "maxContains",
    params: { maxContains: 1 },
  });
});

test("error: nested under properties and items", () => {
  expectOnlyError(compile({ items: { properties: { tags: { contains: { const: "x" }, maxContains: 1 } } } }), [{ tags: ["x"] }, { tags: ["x", "x"] }], {
    keywordLocation: "/items/properties/tags/maxContains",
    instanceLocation: "/1/tags",
    keyword: "maxContains",
    params: { maxContains: 1 },
  });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile({ items: { contains: true, maxContains: 1 } }), [[1, 2], [3, 4]]), { all: 2, first: 1 });
});

test("compile-time: maxContains must be a non-negative integer, reported at maxContains", () => {
  refuses({ contains: true, maxContains: -1 }, "invalid-schema", "/maxContains");
  refuses({ contains: true, maxContains: 0.5 }, "invalid-schema", "/maxContains");
  refuses({ maxContains: [] }, "invalid-schema", "/maxContains");
  refuses({ properties: { a: { contains: true, maxContains: "2" } } }, "invalid-schema", "/properties/a/maxContains");
});

test.run();
