import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { sortedKeys } from "../../src/json/canonical.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

test("valid: equal to the value", () => {
  accepts(compile({ const: "a" }), "a");
  accepts(compile({ const: null }), null);
  accepts(compile({ const: [1, "a", { b: null }] }), [1, "a", { b: null }]);
});

test("invalid: anything else", () => {
  rejects(compile({ const: "a" }), "b", ["a"], { a: "a" });
  rejects(compile({ const: null }), 0, "", false, {}, []);
});

test("no type coercion", () => {
  rejects(compile({ const: false }), 0, "", null);
  rejects(compile({ const: 1 }), true, "1");
  rejects(compile({ const: [] }), {});
  rejects(compile({ const: {} }), []);
  rejects(compile({ const: { a: false } }), { a: 0 });
});

test("numbers by value: 1.0 is 1, -0 is 0 (also nested)", () => {
  accepts(compile({ const: 1 }), 1.0);
  accepts(compile({ const: 0 }), -0);
  accepts(compile({ const: -0 }), 0);
  accepts(compile({ const: { a: [0, 1.0] } }), { a: [-0, 1] });
});

test("objects by deep equality, ignoring key order; arrays in order", () => {
  const v = compile({ const: { a: 1, b: { c: 2, d: [3, 4] } } });
  accepts(v, { b: { d: [3, 4], c: 2 }, a: 1 });
  rejects(v, { a: 1, b: { c: 2, d: [4, 3] } }, { a: 1 }, { a: 1, b: { c: 2, d: [3, 4] }, e: null });
});

test("const: false and const: null are real constraints", () => {
  accepts(compile({ const: false }), false);
  rejects(compile({ const: false }), true);
});

test("error: location, keyword and params", () => {
  expectOnlyError(compile({ const: { a: 1 } }), { a: 2 }, {
    keywordLocation: "/const",
    instanceLocation: "",
    keyword: "const",
    params: { allowedValue: { a: 1 } },
  });
});

test("error: nested under properties and items", () => {
  expectOnlyError(compile({ items: { properties: { v: { const: "x" } } } }), [{ v: "x" }, { v: "y" }], {
    keywordLocation: "/items/properties/v/const",
    instanceLocation: "/1/v",
    keyword: "const",
    params: { allowedValue: "x" },
  });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile({ items: { const: 0 } }), [1, 2, 0]), { all: 2, first: 1 });
});

test("compile-time: a value that is not JSON is refused", () => {
  refuses({ const: Number.NaN }, "not-json", "/const");
  refuses({ const: undefined }, "not-json", "/const");
  refuses({ items: { const: { a: Number.POSITIVE_INFINITY } } }, "not-json", "/items/const/a");
});

// What a unit shows of an object or array const is its value with keys sorted, frozen. It was
// made at compile, and by writing the value out and parsing it again even when nothing was out of
// order: a const of a million one-item arrays took 1.3 s to compile and 1.2 s more at its first
// error. A value already in order is itself now, frozen when a unit first shows it.
test("the value shown: keys sorted, frozen, shared by every unit; a value in order is not copied", () => {
  const inOrder = [[0], [1], { a: 1, b: [2] }];
  assert.is(sortedKeys(inOrder), inOrder);
  const outOfOrder = [{ b: 1, a: { d: 2, c: 3 } }];
  const sorted = sortedKeys(outOfOrder);
  assert.is.not(sorted, outOfOrder);
  assert.equal(JSON.stringify(sorted), '[{"a":{"c":3,"d":2},"b":1}]');
  for (const value of [{ z: 1, a: [{ y: 2, b: 3 }] }, [[1], [2]]]) {
    const v = compile({ properties: { p: { const: value } }, items: { const: value } }, { cache: false });
    for (const data of [{ p: 0 }, [0, 1]]) {
      for (const run of [() => v.validate(data), () => v.validate(data)]) {
        const result = run();
        assert.ok(!result.valid);
        const shown = result.errors.map((e) => (e.params as { allowedValue: unknown }).allowedValue);
        for (const one of shown) {
          assert.ok(Object.isFrozen(one) && Object.isFrozen((Array.isArray(one) ? one[0] : (one as { a: unknown[] }).a) as object));
          assert.is(JSON.stringify(one), JSON.stringify(sortedKeys(JSON.parse(JSON.stringify(value)))));
        }
        assert.ok(shown.every((one) => one === shown[0]), "one value shared by the units");
      }
    }
  }
});

test.run();
