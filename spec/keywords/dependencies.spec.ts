import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

// The draft-07 keyword, still described by the 2020-12 metaschema: arrays work like
// dependentRequired, schemas like dependentSchemas.

test("array form: the trigger requires the listed properties", () => {
  const v = compile({ dependencies: { a: ["b", "c"] } });
  accepts(v, {}, { b: 1 }, { a: 1, b: 2, c: 3 }, ["a"], "a", null);
  rejects(v, { a: 1 }, { a: 1, b: 2 });
});

test("schema form: the trigger applies a schema to the whole object", () => {
  const v = compile({ dependencies: { a: { required: ["c"], properties: { c: { type: "string" } } } } });
  accepts(v, {}, { a: 1, c: "x" });
  rejects(v, { a: 1 }, { a: 1, c: 1 });
});

test("error (array form): location, keyword and params", () => {
  expectOnlyError(compile({ dependencies: { a: ["b"] } }), { a: 1 }, {
    keywordLocation: "/dependencies",
    instanceLocation: "",
    keyword: "dependencies",
    params: { property: "a", missingProperty: "b" },
  });
});

test("error (schema form): inside the schema", () => {
  expectOnlyError(compile({ dependencies: { a: { required: ["c"] } } }), { a: 1 }, {
    keywordLocation: "/dependencies/a/required",
    instanceLocation: "",
    keyword: "required",
    params: { missingProperty: "c" },
  });
});

test("error: nested under properties and items", () => {
  expectOnlyError(compile({ items: { dependencies: { a: ["b"] } } }), [{}, { a: 1 }], {
    keywordLocation: "/items/dependencies",
    instanceLocation: "/1",
    keyword: "dependencies",
    params: { property: "a", missingProperty: "b" },
  });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile({ dependencies: { a: ["x"], b: { required: ["y"] } } }), { a: 1, b: 1 }), { all: 2, first: 1 });
});

test("compile-time: entries must be arrays of strings or schemas", () => {
  refuses({ dependencies: 5 }, "invalid-schema", "/dependencies");
  refuses({ dependencies: { a: [1] } }, "invalid-schema", "/dependencies/a/0"); // the closest branch: an array of strings
  refuses({ dependencies: { a: 5 } }, "invalid-schema", "/dependencies/a");
});

test.run();
