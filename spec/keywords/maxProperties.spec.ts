import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

test("valid: at most the limit; other types are ignored", () => {
  accepts(compile({ maxProperties: 1 }), {}, { a: 1 }, [1, 2, 3], "abc", 1, null);
});

test("invalid: more properties than the limit", () => {
  rejects(compile({ maxProperties: 1 }), { a: 1, b: 2 });
  rejects(compile({ maxProperties: 0 }), { a: null });
});

test("an own __proto__ property counts", () => {
  rejects(compile({ maxProperties: 0 }), JSON.parse('{"__proto__": 1}'));
});

test("error: location, keyword and params", () => {
  expectOnlyError(compile({ maxProperties: 1 }), { a: 1, b: 2 }, {
    keywordLocation: "/maxProperties",
    instanceLocation: "",
    keyword: "maxProperties",
    params: { limit: 1 },
  });
});

test("error: nested under properties and items", () => {
  expectOnlyError(compile({ items: { properties: { o: { maxProperties: 1 } } } }), [{ o: { a: 1 } }, { o: { a: 1, b: 2 } }], {
    keywordLocation: "/items/properties/o/maxProperties",
    instanceLocation: "/1/o",
    keyword: "maxProperties",
    params: { limit: 1 },
  });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile({ items: { maxProperties: 0 } }), [{ a: 1 }, { b: 1 }]), { all: 2, first: 1 });
});

test("compile-time: the limit must be a non-negative integer", () => {
  refuses({ maxProperties: -1 }, "invalid-schema", "/maxProperties");
  refuses({ maxProperties: 1.5 }, "invalid-schema", "/maxProperties");
  refuses({ items: { maxProperties: "1" } }, "invalid-schema", "/items/maxProperties");
});

test.run();
