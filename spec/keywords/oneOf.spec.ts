import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, errorsOf, expectOnlyError, expectSomeError, refuses, rejects } from "./output-checks.js";

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

test("a branch failure that oneOf forgave is never cited as the reason for a later error", () => {
  // The warm-up array pushes the validation past the engine's memo threshold (4,096 $ref crossings).
  const v = compile({
    $defs: { pos: { minimum: 0 } },
    properties: { a: { items: { $ref: "#/$defs/pos" } }, b: { oneOf: [{ $ref: "#/$defs/pos" }, { const: -1 }] }, c: { $ref: "#/$defs/pos" } },
  });
  const errors = errorsOf(v, { a: Array.from({ length: 5000 }, () => 1), b: -1, c: -1 });
  assert.equal(errors.map((e) => e.instanceLocation), ["/c"], "only /c is invalid");
  const [error] = errors;
  assert.ok(["/properties/c/$ref/minimum", "/properties/c/$ref"].includes(error!.keywordLocation), `keywordLocation: ${error!.keywordLocation}`);
  const reportedAt = error!.params["reportedAt"];
  if (reportedAt !== undefined) assert.ok(errors.some((e) => e.keywordLocation === reportedAt), `reportedAt ${String(reportedAt)} names an error in the output`);
});

test("compile-time: oneOf must be a non-empty array of schemas", () => {
  refuses({ oneOf: [] }, "invalid-schema", "/oneOf");
  refuses({ oneOf: "a" }, "invalid-schema", "/oneOf");
  refuses({ oneOf: [true, null] }, "invalid-schema", "/oneOf/1");
});

test.run();
