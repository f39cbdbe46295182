import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

const schema = { properties: { name: { type: "string" }, age: { type: "integer" } } };

test("valid: present properties match; absent and extra ones are fine; other types are ignored", () => {
  accepts(compile(schema), {}, { name: "a" }, { name: "a", age: 3, extra: [] }, ["x"], "name", 1, null);
});

test("invalid: a present property does not match", () => {
  rejects(compile(schema), { name: 1 }, { age: 1.5 }, { name: "a", age: "3" });
});

test("boolean subschemas: false forbids the property", () => {
  const v = compile({ properties: { a: true, b: false } });
  accepts(v, { a: 1 }, {});
  rejects(v, { b: 1 }, { b: null });
});

test("names that need escaping in pointers", () => {
  const v = compile({ properties: { "a/b": { type: "number" }, "c~d": { type: "number" }, "": { type: "number" } } });
  accepts(v, { "a/b": 1, "c~d": 2, "": 3 });
  expectOnlyError(v, { "a/b": "x" }, {
    keywordLocation: "/properties/a~1b/type",
    instanceLocation: "/a~1b",
    keyword: "type",
    params: { type: "number" },
  });
  expectOnlyError(v, { "c~d": "x" }, {
    keywordLocation: "/properties/c~0d/type",
    instanceLocation: "/c~0d",
    keyword: "type",
    params: { type: "number" },
  });
  expectOnlyError(v, { "": "x" }, { keywordLocation: "/properties//type", instanceLocation: "/", keyword: "type", params: { type: "number" } });
});

test("error: location, keyword and params", () => {
  expectOnlyError(compile(schema), { name: 1 }, {
    keywordLocation: "/properties/name/type",
    instanceLocation: "/name",
    keyword: "type",
    params: { type: "string" },
  });
  expectOnlyError(compile({ properties: { b: false } }), { b: 1 }, {
    keywordLocation: "/properties/b",
    instanceLocation: "/b",
    keyword: "false",
    params: {},
  });
});

test("error: nested under properties and items", () => {
  expectOnlyError(compile({ items: { properties: { p: { properties: { q: { const: 1 } } } } } }), [{ p: { q: 1 } }, { p: { q: 2 } }], {
    keywordLocation: "/items/properties/p/properties/q/const",
    instanceLocation: "/1/p/q",
    keyword: "const",
    params: { allowedValue: 1 },
  });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile(schema), { name: 1, age: "x" }), { all: 2, first: 1 });
});

test("compile-time: properties must map names to schemas", () => {
  refuses({ properties: [] }, "invalid-schema", "/properties");
  refuses({ properties: { a: 1 } }, "invalid-schema", "/properties/a");
  refuses({ properties: { a: { properties: { b: { minLength: -1 } } } } }, "invalid-schema", "/properties/a/properties/b/minLength");
});

test.run();
