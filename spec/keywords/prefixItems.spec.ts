import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

const tuple = { prefixItems: [{ type: "string" }, { type: "integer" }] };

test("valid: each item matches the schema at its position; shorter and longer arrays are fine", () => {
  accepts(compile(tuple), [], ["a"], ["a", 1], ["a", 1, null, {}], "a", { 0: 1 }, null);
});

test("invalid: an item does not match its position", () => {
  rejects(compile(tuple), [1], ["a", "b"], [1, "a"]);
});

test("boolean subschemas", () => {
  const v = compile({ prefixItems: [true, false] });
  accepts(v, [], [1]);
  rejects(v, [1, 2]);
});

test("error: location, keyword and params", () => {
  expectOnlyError(compile(tuple), ["a", "b"], {
    keywordLocation: "/prefixItems/1/type",
    instanceLocation: "/1",
    keyword: "type",
    params: { type: "integer" },
  });
  expectOnlyError(compile({ prefixItems: [true, false] }), [1, 2], {
    keywordLocation: "/prefixItems/1",
    instanceLocation: "/1",
    keyword: "false",
    params: {},
  });
});

test("error: nested under properties", () => {
  expectOnlyError(compile({ properties: { point: { prefixItems: [{ type: "number" }, { type: "number" }] } } }), { point: [1, "2"] }, {
    keywordLocation: "/properties/point/prefixItems/1/type",
    instanceLocation: "/point/1",
    keyword: "type",
    params: { type: "number" },
  });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile(tuple), [1, "b"]), { all: 2, first: 1 });
});

test("compile-time: prefixItems must be a non-empty array of schemas", () => {
  refuses({ prefixItems: [] }, "invalid-schema", "/prefixItems");
  refuses({ prefixItems: { type: "string" } }, "invalid-schema", "/prefixItems");
  refuses({ prefixItems: [true, 3] }, "invalid-schema", "/prefixItems/1");
});

test.run();
