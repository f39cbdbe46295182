import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

test("valid: at least the limit; other types are ignored", () => {
  accepts(compile({ minItems: 2 }), [1, 2], [1, 2, 3], "", {}, 0, null);
  accepts(compile({ minItems: 0 }), []);
});

test("invalid: fewer items than the limit", () => {
  rejects(compile({ minItems: 2 }), [], [1]);
});

test("error: location, keyword and params", () => {
  expectOnlyError(compile({ minItems: 2 }), [1], {
    keywordLocation: "/minItems",
    instanceLocation: "",
    keyword: "minItems",
    params: { limit: 2 },
  });
});

test("error: nested under properties and items", () => {
  expectOnlyError(compile({ properties: { list: { minItems: 1 } } }), { list: [] }, {
    keywordLocation: "/properties/list/minItems",
    instanceLocation: "/list",
    keyword: "minItems",
    params: { limit: 1 },
  });
  expectOnlyError(compile({ items: { minItems: 1 } }), [[1], []], {
    keywordLocation: "/items/minItems",
    instanceLocation: "/1",
    keyword: "minItems",
    params: { limit: 1 },
  });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile({ items: { minItems: 1 } }), [[], []]), { all: 2, first: 1 });
});

test("compile-time: the limit must be a non-negative integer", () => {
  refuses({ minItems: -1 }, "invalid-schema", "/minItems");
  refuses({ minItems: 0.5 }, "invalid-schema", "/minItems");
  refuses({ properties: { a: { minItems: true } } }, "invalid-schema", "/properties/a/minItems");
});

test.run();
