import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

test("valid: every item matches; other types are ignored", () => {
  accepts(compile({ items: { type: "integer" } }), [], [1], [1, 2, 3.0], "abc", { a: "x" }, 1, null);
});

test("invalid: some item does not match", () => {
  rejects(compile({ items: { type: "integer" } }), ["a"], [1, 2.5], [1, null]);
});

test("items: false allows only the empty array", () => {
  accepts(compile({ items: false }), []);
  rejects(compile({ items: false }), [1]);
  accepts(compile({ items: true }), [1, "a", null]);
});

test("with prefixItems, items applies only after the prefix", () => {
  const v = compile({ prefixItems: [{ type: "string" }], items: { type: "integer" } });
  accepts(v, [], ["a"], ["a", 1, 2]);
  rejects(v, [1], ["a", "b"], ["a", 1, "b"]);
  const closed = compile({ prefixItems: [{ type: "string" }, true], items: false });
  accepts(closed, ["a"], ["a", {}]);
  rejects(closed, ["a", {}, null]);
});

test("error: location, keyword and params", () => {
  expectOnlyError(compile({ items: { type: "string" } }), ["a", 2], {
    keywordLocation: "/items/type",
    instanceLocation: "/1",
    keyword: "type",
    params: { type: "string" },
  });
  expectOnlyError(compile({ prefixItems: [{ type: "string" }], items: false }), ["a", 1], {
    keywordLocation: "/items",
    instanceLocation: "/1",
    keyword: "false",
    params: {},
  });
});

test("error: nested under properties and items", () => {
  expectOnlyError(compile({ properties: { m: { items: { items: { minimum: 0 } } } } }), { m: [[0], [1, -1]] }, {
    keywordLocation: "/properties/m/items/items/minimum",
    instanceLocation: "/m/1/1",
    keyword: "minimum",
    params: { comparison: ">=", limit: 0 },
  });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile({ items: { type: "integer" } }), ["a", "b", 1, "c"]), { all: 3, first: 1 });
});

test("compile-time: items must be a schema (the draft-07 array form is refused)", () => {
  refuses({ items: [{ type: "string" }] }, "invalid-schema", "/items");
  refuses({ items: 5 }, "invalid-schema", "/items");
  refuses({ items: { items: { minItems: -1 } } }, "invalid-schema", "/items/items/minItems");
});

test.run();
