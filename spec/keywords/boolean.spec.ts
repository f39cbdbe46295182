import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

const samples: unknown[] = [null, true, false, 0, -1.5, "", "a", [], [1], {}, { a: 1 }];

test("true accepts everything; so does the empty schema", () => {
  accepts(compile(true), ...samples);
  accepts(compile({}), ...samples);
});

test("false rejects everything", () => {
  rejects(compile(false), ...samples);
  rejects(compile({ not: {} }), ...samples);
});

test("error: false at the root", () => {
  expectOnlyError(compile(false), 1, { keywordLocation: "", instanceLocation: "", keyword: "false", params: {} });
});

test("error: false nested under properties and items", () => {
  expectOnlyError(compile({ properties: { a: false } }), { a: 1 }, { keywordLocation: "/properties/a", instanceLocation: "/a", keyword: "false", params: {} });
  expectOnlyError(compile({ items: { properties: { a: false } } }), [{}, { a: null }], {
    keywordLocation: "/items/properties/a",
    instanceLocation: "/1/a",
    keyword: "false",
    params: {},
  });
});

test("error: false reached through $ref", () => {
  expectOnlyError(compile({ properties: { a: { $ref: "#/$defs/never" } }, $defs: { never: false } }), { a: 1 }, {
    keywordLocation: "/properties/a/$ref",
    instanceLocation: "/a",
    absoluteKeywordLocation: "#/$defs/never",
    keyword: "false",
    params: {},
  });
});

test("boolean subschemas in every applicator", () => {
  accepts(compile({ allOf: [true], anyOf: [true, false], oneOf: [false, true], not: false }), 1);
  rejects(compile({ allOf: [false] }), 1);
  rejects(compile({ anyOf: [false] }), 1);
  rejects(compile({ oneOf: [true, true] }), 1);
  rejects(compile({ not: true }), 1);
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile({ properties: { a: false, b: false } }), { a: 1, b: 2 }), { all: 2, first: 1 });
});

test("compile-time: a schema must be an object or a boolean", () => {
  refuses(5, "invalid-schema", "");
  refuses(null, "invalid-schema", "");
  refuses("true", "invalid-schema", "");
  refuses([], "invalid-schema", "");
  refuses({ properties: { a: 0 } }, "invalid-schema", "/properties/a");
});

test.run();
