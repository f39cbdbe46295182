import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

test("valid: at least the limit; other types are ignored", () => {
  accepts(compile({ minProperties: 1 }), { a: 1 }, { a: 1, b: 2 }, [], "", 0, null);
  accepts(compile({ minProperties: 0 }), {});
});

test("invalid: fewer properties than the limit", () => {
  rejects(compile({ minProperties: 1 }), {});
  rejects(compile({ minProperties: 2 }), { a: 1 });
});

test("inherited names are not properties; an own __proto__ is", () => {
  rejects(compile({ minProperties: 1 }), JSON.parse("{}"));
  accepts(compile({ minProperties: 1 }), JSON.parse('{"__proto__": 1}'));
});

test("error: location, keyword and params", () => {
  expectOnlyError(compile({ minProperties: 2 }), { a: 1 }, {
    keywordLocation: "/minProperties",
    instanceLocation: "",
    keyword: "minProperties",
    params: { limit: 2 },
  });
});

test("error: nested under properties and items", () => {
  expectOnlyError(compile({ properties: { o: { minProperties: 1 } } }), { o: {} }, {
    keywordLocation: "/properties/o/minProperties",
    instanceLocation: "/o",
    keyword: "minProperties",
    params: { limit: 1 },
  });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile({ items: { minProperties: 1 } }), [{}, {}, { a: 1 }]), { all: 2, first: 1 });
});

test("compile-time: the limit must be a non-negative integer", () => {
  refuses({ minProperties: -2 }, "invalid-schema", "/minProperties");
  refuses({ minProperties: 0.1 }, "invalid-schema", "/minProperties");
  refuses({ properties: { a: { minProperties: [] } } }, "invalid-schema", "/properties/a/minProperties");
});

test.run();
