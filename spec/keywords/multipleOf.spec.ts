import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

test("integer divisors", () => {
  const v = compile({ multipleOf: 2 });
  accepts(v, 0, -0, 4, 4.0, -6, 1e20, "3", [3], null);
  rejects(v, 3, 4.5, -1);
});

test("decimal divisors are exact: 0.0075 is a multiple of 0.0001", () => {
  accepts(compile({ multipleOf: 0.0001 }), 0.0075, 0.0001, 1, 12.3456);
  rejects(compile({ multipleOf: 0.0001 }), 0.00751, 0.00005);
});

test("decimal cases that naive floating-point remainders get wrong", () => {
  accepts(compile({ multipleOf: 0.1 }), 0.3, 0.7, 1.1, -2.3);
  accepts(compile({ multipleOf: 0.01 }), 19.99, 4.35, -1.23);
  accepts(compile({ multipleOf: 0.3 }), 0.9);
  accepts(compile({ multipleOf: 1.1 }), 3.3);
  accepts(compile({ multipleOf: 1e-8 }), 3e-8);
  rejects(compile({ multipleOf: 0.1 }), 0.35, 1e-7);
  rejects(compile({ multipleOf: 0.01 }), 0.005);
});

test("a fractional divisor with a large integer instance", () => {
  accepts(compile({ multipleOf: 0.5 }), 1e300, 7);
  rejects(compile({ multipleOf: 0.5 }), 7.25);
  // The suite's "float division = inf" case: never valid, never a crash.
  rejects(compile({ type: "integer", multipleOf: 0.123456789 }), 1e308);
});

test("error: location, keyword and params", () => {
  expectOnlyError(compile({ multipleOf: 2 }), 3, {
    keywordLocation: "/multipleOf",
    instanceLocation: "",
    keyword: "multipleOf",
    params: { multipleOf: 2 },
  });
});

test("error: nested under properties and items", () => {
  expectOnlyError(compile({ properties: { prices: { items: { multipleOf: 0.01 } } } }), { prices: [1.25, 1.255] }, {
    keywordLocation: "/properties/prices/items/multipleOf",
    instanceLocation: "/prices/1",
    keyword: "multipleOf",
    params: { multipleOf: 0.01 },
  });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile({ items: { multipleOf: 3 } }), [1, 2, 3, 4]), { all: 3, first: 1 });
});

test("compile-time: the divisor must be a number greater than 0", () => {
  refuses({ multipleOf: 0 }, "invalid-schema", "/multipleOf");
  refuses({ multipleOf: -2 }, "invalid-schema", "/multipleOf");
  refuses({ multipleOf: "2" }, "invalid-schema", "/multipleOf");
  refuses({ items: { multipleOf: null } }, "invalid-schema", "/items/multipleOf");
});

test.run();
