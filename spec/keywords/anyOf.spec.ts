import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, errorsOf, expectSomeError, refuses, rejects , forgivenBranchStaysHidden } from "./output-checks.js";

const schema = { anyOf: [{ type: "string" }, { minimum: 5 }] };

test("valid: at least one subschema matches", () => {
  accepts(compile(schema), "a", 5, 7, "");
  accepts(compile({ anyOf: [false, true] }), 1);
});

test("invalid: no subschema matches", () => {
  rejects(compile(schema), 1, 4.5);
  rejects(compile({ anyOf: [false, false] }), 1);
});

test("error: the anyOf unit plus each branch's errors", () => {
  const v = compile(schema);
  const errors = errorsOf(v, 1);
  assert.equal(errors.map((e) => e.keywordLocation), ["/anyOf/0/type", "/anyOf/1/minimum", "/anyOf"]);
  expectSomeError(v, 1, { keywordLocation: "/anyOf", instanceLocation: "", keyword: "anyOf", params: {} });
  expectSomeError(v, 1, { keywordLocation: "/anyOf/1/minimum", instanceLocation: "", keyword: "minimum", params: { comparison: ">=", limit: 5 } });
});

test("a valid result shows no errors of the branches that failed", () => {
  assert.equal(compile(schema).validate(7), { valid: true });
});

test("error: nested under properties and items", () => {
  expectSomeError(compile({ items: { properties: { v: { anyOf: [{ type: "null" }, { type: "boolean" }] } } } }), [{ v: null }, { v: 1 }], {
    keywordLocation: "/items/properties/v/anyOf",
    instanceLocation: "/1/v",
    keyword: "anyOf",
    params: {},
  });
});

test("allErrors vs first error", () => {
  const counts = errorCounts(compile({ items: { anyOf: [{ type: "string" }] } }), [1, 2]);
  assert.equal(counts, { all: 4, first: 2 });
});

test("a branch failure that anyOf forgave is never shown, even past the memo threshold", () => {
  forgivenBranchStaysHidden("anyOf");
});

test("compile-time: anyOf must be a non-empty array of schemas", () => {
  refuses({ anyOf: [] }, "invalid-schema", "/anyOf");
  refuses({ anyOf: true }, "invalid-schema", "/anyOf");
  refuses({ anyOf: [{ minimum: "1" }] }, "invalid-schema", "/anyOf/0/minimum");
});

test.run();
