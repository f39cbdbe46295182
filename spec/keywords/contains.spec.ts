import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

test("valid: at least one item matches; other types are ignored", () => {
  accepts(compile({ contains: { type: "string" } }), ["a"], [1, "a"], [1, 2, "a", "b"], "abc", { a: "x" }, 1, null);
});

test("invalid: no item matches, or the array is empty", () => {
  rejects(compile({ contains: { type: "string" } }), [], [1, 2], [null]);
});

test("boolean subschemas", () => {
  accepts(compile({ contains: true }), [1]);
  rejects(compile({ contains: true }), []);
  rejects(compile({ contains: false }), [1], []);
  accepts(compile({ contains: false }), {});
});

test("error: location, keyword and params", () => {
  expectOnlyError(compile({ contains: { type: "string" } }), [1, 2], {
    keywordLocation: "/contains",
    instanceLocation: "",
    keyword: "contains",
    params: { minContains: 1 },
  });
});

test("errors of non-matching items are not reported", () => {
  const errors = compile({ contains: { minimum: 5 } }).validate([1, 2, 3]);
  assert.is(errors.valid, false);
  if (!errors.valid) assert.equal(errors.errors.map((e) => e.keywordLocation), ["/contains"]);
});

test("error: nested under properties and items", () => {
  expectOnlyError(compile({ properties: { a: { contains: { const: 1 } } } }), { a: [2, 3] }, {
    keywordLocation: "/properties/a/contains",
    instanceLocation: "/a",
    keyword: "contains",
    params: { minContains: 1 },
  });
  expectOnlyError(compile({ items: { contains: { const: 1 } } }), [[1], [2]], {
    keywordLocation: "/items/contains",
    instanceLocation: "/1",
    keyword: "contains",
    params: { minContains: 1 },
  });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile({ items: { contains: { const: 1 } } }), [[], [2], [1]]), { all: 2, first: 1 });
});

test("compile-time: contains must be a schema", () => {
  refuses({ contains: 1 }, "invalid-schema", "/contains");
  refuses({ contains: [] }, "invalid-schema", "/contains");
  refuses({ contains: { minimum: "0" } }, "invalid-schema", "/contains/minimum");
});

test.run();
