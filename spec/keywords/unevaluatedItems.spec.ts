import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, expectSomeError, refuses, rejects } from "./output-checks.js";

test("alone, unevaluatedItems applies to every item; other types are ignored", () => {
  const v = compile({ unevaluatedItems: false });
  accepts(v, [], "abc", { a: 1 }, 1, null);
  rejects(v, [1]);
  accepts(compile({ unevaluatedItems: { type: "string" } }), ["a", "b"]);
  rejects(compile({ unevaluatedItems: { type: "string" } }), ["a", 1]);
});

test("items evaluated by prefixItems, items and contains are not unevaluated", () => {
  const prefix = compile({ prefixItems: [{ type: "string" }], unevaluatedItems: false });
  accepts(prefix, [], ["a"]);
  rejects(prefix, ["a", "b"]);
  accepts(compile({ items: true, unevaluatedItems: false }), [1, 2, 3]);
  const contains = compile({ contains: { type: "string" }, unevaluatedItems: false });
  accepts(contains, ["a", "b"]);
  rejects(contains, ["a", 1]);
});

test("annotations come through in-place applicators: allOf, anyOf, oneOf, if/then/else, $ref", () => {
  accepts(compile({ allOf: [{ prefixItems: [true] }], unevaluatedItems: false }), [1]);
  rejects(compile({ allOf: [{ prefixItems: [true] }], unevaluatedItems: false }), [1, 2]);
  const anyOf = compile({ anyOf: [{ prefixItems: [{ const: 1 }] }, { prefixItems: [true, true] }], unevaluatedItems: false });
  accepts(anyOf, [1], [2, 3]);
  rejects(anyOf, [2, 3, 4]);
  accepts(compile({ oneOf: [{ items: true }], unevaluatedItems: false }), [1, 2]);
  const cond = compile({ if: { prefixItems: [{ const: "a" }] }, then: { prefixItems: [true, true] }, unevaluatedItems: false });
  accepts(cond, ["a", 1]);
  rejects(cond, ["a", 1, 2], ["b"]);
  accepts(compile({ $ref: "#/$defs/pair", unevaluatedItems: false, $defs: { pair: { prefixItems: [true, true] } } }), [1, 2]);
  rejects(compile({ $ref: "#/$defs/pair", unevaluatedItems: false, $defs: { pair: { prefixItems: [true, true] } } }), [1, 2, 3]);
});

test("annotations of failed subschemas and of not are dropped", () => {
  rejects(compile({ anyOf: [{ prefixItems: [true], minItems: 5 }, true], unevaluatedItems: false }), [1]);
  rejects(compile({ not: { not: { items: true } }, unevaluatedItems: false }), [1]);
});

test("nested arrays are evaluated on their own; cousins do not see each other", () => {
  accepts(compile({ items: true, unevaluatedItems: false }), [[1, 2]]);
  rejects(compile({ allOf: [{ prefixItems: [true] }, { unevaluatedItems: false }] }), [1]);
});

test("error: location, keyword and params (false)", () => {
  expectOnlyError(compile({ prefixItems: [true], unevaluatedItems: false }), [1, 2], {
    keywordLocation: "/unevaluatedItems",
    instanceLocation: "",
    keyword: "unevaluatedItems",
    params: { unevaluatedItem: 1 },
  });
});

test("error: a subschema's own error is at the item", () => {
  expectOnlyError(compile({ prefixItems: [true], unevaluatedItems: { type: "string" } }), [1, 2], {
    keywordLocation: "/unevaluatedItems/type",
    instanceLocation: "/1",
    keyword: "type",
    params: { type: "string" },
  });
});

test("error: nested under properties and items", () => {
  expectOnlyError(compile({ items: { prefixItems: [true], unevaluatedItems: false } }), [[1], [1, 2]], {
    keywordLocation: "/items/unevaluatedItems",
    instanceLocation: "/1",
    keyword: "unevaluatedItems",
    params: { unevaluatedItem: 1 },
  });
  expectSomeError(compile({ properties: { a: { $ref: "#/$defs/t" } }, $defs: { t: { prefixItems: [true], unevaluatedItems: false } } }), { a: [1, 2] }, {
    keywordLocation: "/properties/a/$ref/unevaluatedItems",
    instanceLocation: "/a",
    absoluteKeywordLocation: "#/$defs/t/unevaluatedItems",
    keyword: "unevaluatedItems",
    params: { unevaluatedItem: 1 },
  });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile({ unevaluatedItems: false }), [1, 2, 3]), { all: 3, first: 1 });
});

test("compile-time: unevaluatedItems must be a schema", () => {
  refuses({ unevaluatedItems: 5 }, "invalid-schema", "/unevaluatedItems");
  refuses({ unevaluatedItems: [] }, "invalid-schema", "/unevaluatedItems");
  refuses({ items: { unevaluatedItems: { type: 1 } } }, "invalid-schema", "/items/unevaluatedItems/type");
});

test.run();
