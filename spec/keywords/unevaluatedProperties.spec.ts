import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, expectSomeError, refuses, rejects } from "./output-checks.js";

test("alone, it applies to every property; other types are ignored", () => {
  const v = compile({ unevaluatedProperties: false });
  accepts(v, {}, [1], "a", 1, null);
  rejects(v, { a: 1 });
  accepts(compile({ unevaluatedProperties: { type: "string" } }), { a: "x" });
  rejects(compile({ unevaluatedProperties: { type: "string" } }), { a: 1 });
});

test("properties evaluated by properties, patternProperties and additionalProperties", () => {
  const v = compile({ properties: { a: true }, patternProperties: { "^x": true }, unevaluatedProperties: false });
  accepts(v, { a: 1, x1: 2 });
  rejects(v, { a: 1, b: 2 });
  accepts(compile({ additionalProperties: true, unevaluatedProperties: false }), { z: 1 });
});

test("annotations come through allOf, anyOf, oneOf, if/then/else, dependentSchemas and $ref", () => {
  accepts(compile({ allOf: [{ properties: { a: true } }], unevaluatedProperties: false }), { a: 1 });
  rejects(compile({ allOf: [{ properties: { a: true } }], unevaluatedProperties: false }), { a: 1, b: 2 });
  const anyOf = compile({ anyOf: [{ properties: { a: { const: 1 } } }, { properties: { b: true } }], unevaluatedProperties: false });
  accepts(anyOf, { a: 1, b: 2 }, { b: 1 });
  rejects(anyOf, { a: 2 });
  accepts(compile({ oneOf: [{ properties: { a: true } }, { required: ["zz"] }], unevaluatedProperties: false }), { a: 1 });
  const cond = compile({ if: { properties: { kind: { const: "x" } }, required: ["kind"] }, then: { properties: { x: true } }, else: { properties: { y: true } }, unevaluatedProperties: false });
  accepts(cond, { kind: "x", x: 1 }, { y: 1 });
  rejects(cond, { kind: "x", y: 1 }, { kind: "z" });
  accepts(compile({ properties: { a: true }, dependentSchemas: { a: { properties: { b: true } } }, unevaluatedProperties: false }), { a: 1, b: 2 });
  rejects(compile({ properties: { a: true }, dependentSchemas: { a: { properties: { b: true } } }, unevaluatedProperties: false }), { b: 2 });
  accepts(compile({ $ref: "#/$defs/base", unevaluatedProperties: false, $defs: { base: { properties: { a: true } } } }), { a: 1 });
  rejects(compile({ $ref: "#/$defs/base", unevaluatedProperties: false, $defs: { base: { properties: { a: true } } } }), { a: 1, b: 2 });
});

test("annotations of failed subschemas and of not are dropped", () => {
  rejects(compile({ anyOf: [{ properties: { a: true }, required: ["x"] }, true], unevaluatedProperties: false }), { a: 1 });
  rejects(compile({ not: { not: { properties: { a: true } } }, unevaluatedProperties: false }), { a: 1 });
});

test("nested objects and cousins are evaluated on their own", () => {
  accepts(compile({ properties: { o: { properties: { a: true } } }, unevaluatedProperties: false }), { o: { z: 1 } });
  rejects(compile({ allOf: [{ properties: { a: true } }, { unevaluatedProperties: false }] }), { a: 1 });
});

test("error (false): location, keyword and params", () => {
  expectOnlyError(compile({ properties: { a: true }, unevaluatedProperties: false }), { a: 1, b: 2 }, {
    keywordLocation: "/unevaluatedProperties",
    instanceLocation: "",
    keyword: "unevaluatedProperties",
    params: { unevaluatedProperty: "b" },
  });
});

test("error (schema): at the property", () => {
  expectOnlyError(compile({ properties: { a: true }, unevaluatedProperties: { type: "string" } }), { a: 1, b: 2 }, {
    keywordLocation: "/unevaluatedProperties/type",
    instanceLocation: "/b",
    keyword: "type",
    params: { type: "string" },
  });
});

test("error: nested under properties and items, and through $ref", () => {
  expectOnlyError(compile({ properties: { o: { properties: { a: true }, unevaluatedProperties: false } } }), { o: { a: 1, b: 2 } }, {
    keywordLocation: "/properties/o/unevaluatedProperties",
    instanceLocation: "/o",
    keyword: "unevaluatedProperties",
    params: { unevaluatedProperty: "b" },
  });
  expectSomeError(compile({ items: { $ref: "#/$defs/strict" }, $defs: { strict: { properties: { a: true }, unevaluatedProperties: false } } }), [{ a: 1 }, { b: 1 }], {
    keywordLocation: "/items/$ref/unevaluatedProperties",
    instanceLocation: "/1",
    absoluteKeywordLocation: "#/$defs/strict/unevaluatedProperties",
    keyword: "unevaluatedProperties",
    params: { unevaluatedProperty: "b" },
  });
});

test("allErrors: one error per unevaluated property", () => {
  assert.equal(errorCounts(compile({ unevaluatedProperties: false }), { a: 1, b: 2, c: 3 }), { all: 3, first: 1 });
});

test("compile-time: unevaluatedProperties must be a schema", () => {
  refuses({ unevaluatedProperties: "x" }, "invalid-schema", "/unevaluatedProperties");
  refuses({ unevaluatedProperties: 0 }, "invalid-schema", "/unevaluatedProperties");
  refuses({ properties: { a: { unevaluatedProperties: { required: "x" } } } }, "invalid-schema", "/properties/a/unevaluatedProperties/required");
});

test.run();
