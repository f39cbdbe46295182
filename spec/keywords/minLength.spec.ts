import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

test("valid: at least the limit; other types are ignored", () => {
  accepts(compile({ minLength: 2 }), "ab", "abc", 1, [], {}, null, true);
});

test("invalid: shorter than the limit", () => {
  rejects(compile({ minLength: 2 }), "", "a");
});

test("minLength 0 accepts the empty string", () => {
  accepts(compile({ minLength: 0 }), "");
});

test("counts code points: one emoji is one character, not two UTF-16 units", () => {
  const v = compile({ minLength: 2 });
  rejects(v, "😀", "\u{1F468}");
  accepts(v, "😀😀", "a😀");
  // Two lone high surrogates are two code points.
  accepts(v, "\ud83d\ud83d");
});

test("error: location, keyword and params", () => {
  expectOnlyError(compile({ minLength: 2 }), "😀", {
    keywordLocation: "/minLength",
    instanceLocation: "",
    keyword: "minLength",
    params: { limit: 2 },
  });
});

test("error: nested under properties and items", () => {
  expectOnlyError(compile({ properties: { a: { minLength: 3 } } }), { a: "ab" }, {
    keywordLocation: "/properties/a/minLength",
    instanceLocation: "/a",
    keyword: "minLength",
    params: { limit: 3 },
  });
  expectOnlyError(compile({ items: { minLength: 1 } }), ["x", ""], {
    keywordLocation: "/items/minLength",
    instanceLocation: "/1",
    keyword: "minLength",
    params: { limit: 1 },
  });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile({ items: { minLength: 2 } }), ["a", "b", "cd"]), { all: 2, first: 1 });
});

test("compile-time: the limit must be a non-negative integer", () => {
  refuses({ minLength: -1 }, "invalid-schema", "/minLength");
  refuses({ minLength: 0.5 }, "invalid-schema", "/minLength");
  refuses({ minLength: null }, "invalid-schema", "/minLength");
  refuses({ items: { minLength: -1 } }, "invalid-schema", "/items/minLength");
});

test.run();
