import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

const closed = { properties: { a: true }, patternProperties: { "^x_": true }, additionalProperties: false };

test("false: only properties named by properties or matched by patternProperties", () => {
  accepts(compile(closed), {}, { a: 1 }, { a: 1, x_1: 2, x_: 3 }, ["b"], "b", null);
  rejects(compile(closed), { b: 1 }, { a: 1, y: 2 }, { X_1: 1 });
});

test("a schema applies to every additional property", () => {
  const v = compile({ properties: { a: true }, additionalProperties: { type: "string" } });
  accepts(v, { a: 1, b: "x", c: "y" });
  rejects(v, { a: 1, b: 2 });
});

test("alone, it applies to every property", () => {
  accepts(compile({ additionalProperties: { type: "integer" } }), {}, { a: 1 });
  rejects(compile({ additionalProperties: { type: "integer" } }), { a: 1.5 });
  accepts(compile({ additionalProperties: true }), { a: 1 });
});

test("properties and patternProperties are read from the same schema object only", () => {
  const v = compile({ allOf: [{ properties: { a: true } }], additionalProperties: false });
  rejects(v, { a: 1 });
});

test("error (false): location, keyword and params", () => {
  expectOnlyError(compile(closed), { a: 1, b: 2 }, {
    keywordLocation: "/additionalProperties",
    instanceLocation: "",
    keyword: "additionalProperties",
    params: { additionalProperty: "b" },
  });
});

test("error (schema): at the property", () => {
  expectOnlyError(compile({ additionalProperties: { type: "string" } }), { b: 2 }, {
    keywordLocation: "/additionalProperties/type",
    instanceLocation: "/b",
    keyword: "type",
    params: { type: "string" },
  });
});

test("error: nested under properties and items", () => {
  expectOnlyError(compile({ items: { properties: { o: { additionalProperties: false } } } }), [{ o: {} }, { o: { z: 1 } }], {
    keywordLocation: "/items/properties/o/additionalProperties",
    instanceLocation: "/1/o",
    keyword: "additionalProperties",
    params: { additionalProperty: "z" },
  });
});

test("allErrors: one error per additional property", () => {
  assert.equal(errorCounts(compile(closed), { b: 1, c: 2, a: 3 }), { all: 2, first: 1 });
  assert.equal(errorCounts(compile({ additionalProperties: { type: "string" } }), { b: 1, c: 2 }), { all: 2, first: 1 });
});

test("compile-time: additionalProperties must be a schema", () => {
  refuses({ additionalProperties: 1 }, "invalid-schema", "/additionalProperties");
  refuses({ additionalProperties: "false" }, "invalid-schema", "/additionalProperties");
  refuses({ items: { additionalProperties: { type: "str" } } }, "invalid-schema", "/items/additionalProperties/type");
});

test.run();
