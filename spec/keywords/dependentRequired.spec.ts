import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

const schema = { dependentRequired: { card: ["billing", "cvc"] } };

test("valid: the trigger is absent, or all its dependencies are present; other types are ignored", () => {
  accepts(compile(schema), {}, { billing: 1 }, { card: 1, billing: 2, cvc: 3 }, ["card"], "card", null);
  accepts(compile({ dependentRequired: { a: [] } }), { a: 1 });
});

test("invalid: the trigger is present and a dependency is missing", () => {
  rejects(compile(schema), { card: 1 }, { card: 1, billing: 2 }, { card: null, cvc: 1 });
});

test("presence is by own property, not by truthiness", () => {
  accepts(compile(schema), { card: false, billing: null, cvc: 0 });
  accepts(compile({ dependentRequired: { toString: ["x"] } }), {});
});

test("error: location, keyword and params", () => {
  expectOnlyError(compile(schema), { card: 1, billing: 2 }, {
    keywordLocation: "/dependentRequired",
    instanceLocation: "",
    keyword: "dependentRequired",
    params: { property: "card", missingProperty: "cvc" },
  });
});

test("error: nested under properties and items", () => {
  expectOnlyError(compile({ items: { dependentRequired: { a: ["b"] } } }), [{ a: 1, b: 1 }, { a: 1 }], {
    keywordLocation: "/items/dependentRequired",
    instanceLocation: "/1",
    keyword: "dependentRequired",
    params: { property: "a", missingProperty: "b" },
  });
});

test("allErrors: one error per missing dependency", () => {
  assert.equal(errorCounts(compile(schema), { card: 1 }), { all: 2, first: 1 });
  assert.equal(errorCounts(compile({ dependentRequired: { a: ["x"], b: ["y"] } }), { a: 1, b: 1 }), { all: 2, first: 1 });
});

test("compile-time: dependentRequired must map names to arrays of unique strings", () => {
  refuses({ dependentRequired: ["a"] }, "invalid-schema", "/dependentRequired");
  refuses({ dependentRequired: { a: "b" } }, "invalid-schema", "/dependentRequired/a");
  refuses({ dependentRequired: { a: [1] } }, "invalid-schema", "/dependentRequired/a/0");
  refuses({ dependentRequired: { a: ["b", "b"] } }, "invalid-schema", "/dependentRequired/a");
});

test.run();
