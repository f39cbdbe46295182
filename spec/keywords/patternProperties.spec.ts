import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

const schema = { patternProperties: { "^s_": { type: "string" }, "^n_": { type: "number" } } };

test("valid: matching properties match their schemas; others are free; other types are ignored", () => {
  accepts(compile(schema), {}, { s_a: "x", n_b: 1, other: null }, ["s_"], "s_", null);
});

test("invalid: a property matched by a pattern fails its schema", () => {
  rejects(compile(schema), { s_a: 1 }, { n_b: "1" });
});

test("patterns are not anchored, and every matching pattern applies", () => {
  const v = compile({ patternProperties: { a: { type: "string" }, b: { minLength: 2 } } });
  accepts(v, { xax: "s", ab: "ss", c: 1 });
  rejects(v, { xax: 1 }, { ab: "s" });
});

test("boolean subschemas", () => {
  const v = compile({ patternProperties: { "^x": false } });
  accepts(v, { a: 1 });
  rejects(v, { xa: 1 });
});

test("error: location, keyword and params", () => {
  expectOnlyError(compile(schema), { s_a: 1 }, {
    keywordLocation: "/patternProperties/^s_/type",
    instanceLocation: "/s_a",
    keyword: "type",
    params: { type: "string" },
  });
});

test("error: pointers escape / and ~ in patterns and names", () => {
  expectOnlyError(compile({ patternProperties: { "^a/b~": { type: "string" } } }), { "a/b~": 1 }, {
    keywordLocation: "/patternProperties/^a~1b~0/type",
    instanceLocation: "/a~1b~0",
    keyword: "type",
    params: { type: "string" },
  });
});

test("error: nested under properties and items", () => {
  expectOnlyError(compile({ items: { properties: { env: { patternProperties: { "^[A-Z]+$": { type: "string" } } } } } }), [{ env: { PATH: 1 } }], {
    keywordLocation: "/items/properties/env/patternProperties/^[A-Z]+$/type",
    instanceLocation: "/0/env/PATH",
    keyword: "type",
    params: { type: "string" },
  });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile(schema), { s_a: 1, s_b: 2, n_c: "x" }), { all: 3, first: 1 });
});

test("compile-time: bad patterns and bad subschemas are refused", () => {
  const error = refuses({ patternProperties: { "(": true } }, "invalid-regex", "/patternProperties");
  assert.match(error.message, "(");
  refuses({ patternProperties: [] }, "invalid-schema", "/patternProperties");
  refuses({ patternProperties: { "^a": 5 } }, "invalid-schema", "/patternProperties/^a");
});

test.run();
