import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, errorsOf, expectOnlyError, expectSomeError, refuses, rejects , forgivenBranchStaysHidden } from "./output-checks.js";

const schema = { oneOf: [{ type: "integer" }, { minimum: 5 }] };

test("valid: exactly one subschema matches", () => {
  accepts(compile(schema), 1, 5.5);
  accepts(compile({ oneOf: [true, false] }), null);
});

test("invalid: none or more than one matches", () => {
  rejects(compile(schema), 7, 1.5);
  accepts(compile(schema), "x"); // minimum ignores strings, so exactly one branch matches
  rejects(compile({ oneOf: [true, true] }), 1);
  rejects(compile({ oneOf: [false, false] }), 1);
});

test("error (several match): location, keyword and params", () => {
  expectOnlyError(compile(schema), 7, {
    keywordLocation: "/oneOf",
    instanceLocation: "",
    keyword: "oneOf",
    params: { passingSchemas: [0, 1] },
  });
});

test("error (none matches): the oneOf unit plus each branch's errors", () => {
  const v = compile(schema);
  assert.equal(errorsOf(v, 1.5).map((e) => e.keywordLocation), ["/oneOf/0/type", "/oneOf/1/minimum", "/oneOf"]);
  expectSomeError(v, 1.5, { keywordLocation: "/oneOf", instanceLocation: "", keyword: "oneOf", params: { passingSchemas: null } });
});

test("error: nested under properties and items", () => {
  expectOnlyError(compile({ properties: { a: { items: { oneOf: [{ type: "number" }, { type: "integer" }] } } } }), { a: [1.5, 2] }, {
    keywordLocation: "/properties/a/items/oneOf",
    instanceLocation: "/a/1",
    keyword: "oneOf",
    params: { passingSchemas: [0, 1] },
  });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile({ items: { oneOf: [true, true] } }), [1, 2]), { all: 2, first: 1 });
});

test("a branch failure that oneOf forgave is never shown, even past the memo threshold", () => {
  forgivenBranchStaysHidden("oneOf");
});

test("compile-time: oneOf must be a non-empty array of schemas", () => {
  refuses({ oneOf: [] }, "invalid-schema", "/oneOf");
  refuses({ oneOf: "a" }, "invalid-schema", "/oneOf");
  refuses({ oneOf: [true, null] }, "invalid-schema", "/oneOf/1");
});

test.run();
