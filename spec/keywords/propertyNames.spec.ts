import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, assertError, errorCounts, errorsOf, refuses, rejects } from "./output-checks.js";

const schema = { propertyNames: { pattern: "^[a-z]+$", maxLength: 4 } };

test("valid: every property name matches; other types are ignored", () => {
  accepts(compile(schema), {}, { ab: 1, cd: { XX: 1 } }, ["AB"], "AB", 1, null);
});

test("invalid: some name does not match", () => {
  rejects(compile(schema), { AB: 1 }, { abcde: 1 }, { "": 1 });
});

test("names are strings: number keywords do not apply to them", () => {
  accepts(compile({ propertyNames: { maximum: 1 } }), { 5: 1, 100: 2 });
});

test("false allows only the empty object; true allows anything", () => {
  accepts(compile({ propertyNames: false }), {});
  rejects(compile({ propertyNames: false }), { a: 1 });
  accepts(compile({ propertyNames: true }), { a: 1 });
});

test("error: the subschema's error at the property, and one naming the property at the object", () => {
  const errors = errorsOf(compile(schema), { ab: 1, "A-b": 2 });
  assert.is(errors.length, 2);
  assertError(errors[0], { keywordLocation: "/propertyNames/pattern", instanceLocation: "/A-b", keyword: "pattern", params: { pattern: "^[a-z]+$" } });
  assertError(errors[1], { keywordLocation: "/propertyNames", instanceLocation: "", keyword: "propertyNames", params: { propertyName: "A-b" } });
  assert.match(errors[1]!.error, 'property name "A-b"');
});

test("error: nested under properties and items", () => {
  const errors = errorsOf(compile({ properties: { m: { items: { propertyNames: { minLength: 2 } } } } }), { m: [{ ab: 1 }, { a: 1 }] });
  assert.is(errors.length, 2);
  assertError(errors[0], { keywordLocation: "/properties/m/items/propertyNames/minLength", instanceLocation: "/m/1/a", keyword: "minLength", params: { limit: 2 } });
  assertError(errors[1], { keywordLocation: "/properties/m/items/propertyNames", instanceLocation: "/m/1", keyword: "propertyNames", params: { propertyName: "a" } });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile({ propertyNames: { maxLength: 1 } }), { ab: 1, cd: 2, e: 3 }), { all: 4, first: 2 });
});

test("compile-time: propertyNames must be a schema", () => {
  refuses({ propertyNames: "^a" }, "invalid-schema", "/propertyNames");
  refuses({ propertyNames: { pattern: "(" } }, "invalid-regex", "/propertyNames/pattern");
});

test.run();
