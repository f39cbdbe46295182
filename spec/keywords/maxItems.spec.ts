import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

test("valid: at most the limit; other types are ignored", () => {
  accepts(compile({ maxItems: 2 }), [], [1], [1, 2], "abc", { a: 1, b: 2, c: 3 }, 3, null);
});

test("invalid: more items than the limit", () => {
  rejects(compile({ maxItems: 2 }), [1, 2, 3]);
  rejects(compile({ maxItems: 0 }), [null]);
  accepts(compile({ maxItems: 0 }), []);
});

test("a limit written as 1.0 is an integer", () => {
  rejects(compile({ maxItems: 1.0 }), [1, 2]);
});

test("error: location, keyword and params", () => {
  expectOnlyError(compile({ maxItems: 1 }), [1, 2], {
    keywordLocation: "/maxItems",
    instanceLocation: "",
    keyword: "maxItems",
    params: { limit: 1 },
  });
});

test("error: nested under properties and items", () => {
  expectOnlyError(compile({ properties: { m: { items: { maxItems: 1 } } } }), { m: [[1], [1, 2]] }, {
    keywordLocation: "/properties/m/items/maxItems",
    instanceLocation: "/m/1",
    keyword: "maxItems",
    params: { limit: 1 },
  });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile({ items: { maxItems: 0 } }), [[1], [2]]), { all: 2, first: 1 });
});

test("compile-time: the limit must be a non-negative integer", () => {
  refuses({ maxItems: -1 }, "invalid-schema", "/maxItems");
  refuses({ maxItems: 1.5 }, "invalid-schema", "/maxItems");
  refuses({ items: { maxItems: "1" } }, "invalid-schema", "/items/maxItems");
});

test.run();
