import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

test("valid: the string matches; other types are ignored", () => {
  accepts(compile({ pattern: "^a+$" }), "a", "aaa", 1, ["b"], { b: 1 }, null);
});

test("invalid: the string does not match", () => {
  rejects(compile({ pattern: "^a+$" }), "", "b", "aab");
});

test("patterns are not anchored implicitly", () => {
  accepts(compile({ pattern: "a" }), "bab", "a");
  rejects(compile({ pattern: "a" }), "bbb");
});

test("patterns are Unicode-aware (u flag): . matches a whole emoji, \\p{L} works", () => {
  accepts(compile({ pattern: "^.$" }), "😀");
  accepts(compile({ pattern: "^\\p{L}+$" }), "héllo");
  rejects(compile({ pattern: "^\\p{L}+$" }), "h3llo");
});

test("ECMA-262 semantics: \\d and \\w are ASCII", () => {
  rejects(compile({ pattern: "^\\d$" }), "٣");
  rejects(compile({ pattern: "^\\w$" }), "é");
});

test("a compiled pattern keeps no state between calls", () => {
  const v = compile({ pattern: "a" });
  for (let i = 0; i < 3; i++) accepts(v, "a");
});

test("error: location, keyword and params", () => {
  expectOnlyError(compile({ pattern: "^a+$" }), "b", {
    keywordLocation: "/pattern",
    instanceLocation: "",
    keyword: "pattern",
    params: { pattern: "^a+$" },
  });
});

test("error: nested under properties and items", () => {
  expectOnlyError(compile({ items: { properties: { id: { pattern: "^[0-9]+$" } } } }), [{ id: "1" }, { id: "x" }], {
    keywordLocation: "/items/properties/id/pattern",
    instanceLocation: "/1/id",
    keyword: "pattern",
    params: { pattern: "^[0-9]+$" },
  });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile({ items: { pattern: "^x" } }), ["a", "b", "x"]), { all: 2, first: 1 });
});

test("compile-time: an invalid regular expression is refused with invalid-regex", () => {
  refuses({ pattern: "(" }, "invalid-regex", "/pattern");
  refuses({ pattern: "[" }, "invalid-regex", "/pattern");
  refuses({ properties: { a: { pattern: "a{2,1}" } } }, "invalid-regex", "/properties/a/pattern");
  // Invalid only under the u flag (a lone escape of a non-syntax character).
  refuses({ pattern: "\\-\\q" }, "invalid-regex", "/pattern");
});

test("compile-time: a pattern must be a string", () => {
  refuses({ pattern: 5 }, "invalid-schema", "/pattern");
  refuses({ items: { pattern: ["a"] } }, "invalid-schema", "/items/pattern");
});

test("compiled patterns are shared between validators, and survive the shared table being cleared", () => {
  const first = compile({ pattern: "^x\\d$" }, { cache: false });
  const second = compile({ properties: { a: { pattern: "^x\\d$" } } }, { cache: false });
  // More distinct patterns than the shared table holds (1,000): it is cleared on the way.
  for (let i = 0; i < 1_100; i++) assert.ok(compile({ pattern: `^p${i}$` }, { cache: false }).isValid(`p${i}`));
  for (const v of [first, compile({ pattern: "^x\\d$" }, { cache: false })]) {
    assert.ok(v.isValid("x1"));
    assert.not.ok(v.isValid("x"));
    assert.is(v.validate("x").valid, false);
  }
  assert.ok(second.isValid({ a: "x2" }));
  assert.not.ok(second.isValid({ a: "xx" }));
});

test.run();
