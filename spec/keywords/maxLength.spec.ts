import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

test("valid: at most the limit; other types are ignored", () => {
  accepts(compile({ maxLength: 2 }), "", "a", "ab", 100, ["a", "b", "c"], { abc: 1 }, null);
});

test("invalid: longer than the limit", () => {
  rejects(compile({ maxLength: 2 }), "abc", "abcdef");
  rejects(compile({ maxLength: 0 }), "a");
  accepts(compile({ maxLength: 0 }), "");
});

test("counts code points: an emoji (a surrogate pair) is one character", () => {
  const v = compile({ maxLength: 2 });
  accepts(v, "😀😀", "a😀", "\u{1F468}");
  rejects(v, "😀😀😀");
});

test("a combining sequence is two code points", () => {
  rejects(compile({ maxLength: 1 }), "e\u0301");
});

test("a limit written as 2.0 is an integer", () => {
  accepts(compile({ maxLength: 2.0 }), "ab");
  rejects(compile({ maxLength: 2.0 }), "abc");
});

test("error: location, keyword and params", () => {
  expectOnlyError(compile({ maxLength: 2 }), "😀😀😀", {
    keywordLocation: "/maxLength",
    instanceLocation: "",
    keyword: "maxLength",
    params: { limit: 2 },
  });
});

test("error: nested under properties and items", () => {
  expectOnlyError(compile({ properties: { tags: { items: { maxLength: 3 } } } }), { tags: ["abc", "abcd"] }, {
    keywordLocation: "/properties/tags/items/maxLength",
    instanceLocation: "/tags/1",
    keyword: "maxLength",
    params: { limit: 3 },
  });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile({ items: { maxLength: 1 } }), ["ab", "cd", "e"]), { all: 2, first: 1 });
});

test("compile-time: the limit must be a non-negative integer", () => {
  refuses({ maxLength: -1 }, "invalid-schema", "/maxLength");
  refuses({ maxLength: 2.5 }, "invalid-schema", "/maxLength");
  refuses({ maxLength: "2" }, "invalid-schema", "/maxLength");
  refuses({ properties: { a: { maxLength: -1 } } }, "invalid-schema", "/properties/a/maxLength");
});

test.run();
