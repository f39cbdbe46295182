import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, errorsOf, expectSomeError, refuses, rejects } from "./output-checks.js";

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

test("a branch failure that anyOf forgave is never cited as the reason for a later error", () => {
  // The warm-up array pushes the validation past the engine's memo threshold (4,096 $ref crossings).
  const v = compile({
    $defs: { pos: { minimum: 0 } },
    properties: { a: { items: { $ref: "#/$defs/pos" } }, b: { anyOf: [{ $ref: "#/$defs/pos" }, { const: -1 }] }, c: { $ref: "#/$defs/pos" } },
  });
  const errors = errorsOf(v, { a: Array.from({ length: 5000 }, () => 1), b: -1, c: -1 });
  assert.equal(errors.map((e) => e.instanceLocation), ["/c"], "only /c is invalid");
  const [error] = errors;
  assert.ok(["/properties/c/$ref/minimum", "/properties/c/$ref"].includes(error!.keywordLocation), `keywordLocation: ${error!.keywordLocation}`);
  const reportedAt = error!.params["reportedAt"];
  if (reportedAt !== undefined) assert.ok(errors.some((e) => e.keywordLocation === reportedAt), `reportedAt ${String(reportedAt)} names an error in the output`);
});

test("compile-time: anyOf must be a non-empty array of schemas", () => {
  refuses({ anyOf: [] }, "invalid-schema", "/anyOf");
  refuses({ anyOf: true }, "invalid-schema", "/anyOf");
  refuses({ anyOf: [{ minimum: "1" }] }, "invalid-schema", "/anyOf/0/minimum");
});

test.run();
