import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, errorsOf, expectSomeError, refuses, rejects } from "./output-checks.js";

const schema = { if: { type: "integer" }, then: { minimum: 5 }, else: { type: "string" } };

test("if matches: then applies", () => {
  accepts(compile(schema), 5, 9);
  rejects(compile(schema), 1);
});

test("if fails: else applies", () => {
  accepts(compile(schema), "a");
  rejects(compile(schema), 1.5, null);
});

test("if alone, then alone, else alone never fail", () => {
  accepts(compile({ if: false }), 1);
  accepts(compile({ if: { type: "string" } }), 1);
  accepts(compile({ then: false }), 1);
  accepts(compile({ else: false }), 1);
});

test("if without else, and without then", () => {
  const noElse = compile({ if: { type: "integer" }, then: { minimum: 5 } });
  accepts(noElse, "a", 5);
  rejects(noElse, 1);
  const noThen = compile({ if: { type: "integer" }, else: { type: "string" } });
  accepts(noThen, 1, "a");
  rejects(noThen, 1.5);
});

test("errors of the if schema itself are never reported", () => {
  const errors = errorsOf(compile({ if: { minimum: 100 }, else: { const: 0 } }), 1);
  assert.equal(errors.map((e) => e.keywordLocation).sort(), ["/else/const", "/if"]);
});

test("error (then): the then error plus the if unit", () => {
  const v = compile(schema);
  assert.equal(errorsOf(v, 1).map((e) => e.keywordLocation), ["/then/minimum", "/if"]);
  expectSomeError(v, 1, { keywordLocation: "/then/minimum", instanceLocation: "", keyword: "minimum", params: { comparison: ">=", limit: 5 } });
  expectSomeError(v, 1, { keywordLocation: "/if", instanceLocation: "", keyword: "if", params: { failingKeyword: "then" } });
});

test("error (else): the else error plus the if unit", () => {
  const v = compile(schema);
  expectSomeError(v, 1.5, { keywordLocation: "/else/type", instanceLocation: "", keyword: "type", params: { type: "string" } });
  expectSomeError(v, 1.5, { keywordLocation: "/if", instanceLocation: "", keyword: "if", params: { failingKeyword: "else" } });
});

test("error: nested under properties and items", () => {
  const v = compile({ items: { properties: { n: schema } } });
  expectSomeError(v, [{ n: 9 }, { n: 2 }], {
    keywordLocation: "/items/properties/n/then/minimum",
    instanceLocation: "/1/n",
    keyword: "minimum",
    params: { comparison: ">=", limit: 5 },
  });
  expectSomeError(v, [{ n: 9 }, { n: 2 }], { keywordLocation: "/items/properties/n/if", instanceLocation: "/1/n", keyword: "if", params: { failingKeyword: "then" } });
});

test("allErrors vs first error", () => {
  const counts = errorCounts(compile({ items: schema }), [1, 1.5]);
  assert.ok(counts.all > counts.first, JSON.stringify(counts));
  assert.equal(counts, { all: 4, first: 2 });
});

test("compile-time: if, then and else must be schemas, even when unused", () => {
  refuses({ if: 1, then: true }, "invalid-schema", "/if");
  refuses({ if: true, then: "x" }, "invalid-schema", "/then");
  refuses({ if: true, else: [] }, "invalid-schema", "/else");
  refuses({ then: 5 }, "invalid-schema", "/then");
  refuses({ else: { type: "nope" } }, "invalid-schema", "/else/type");
});

test.run();
