import fc from "fast-check";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";
import { canonical } from "../../src/json/canonical.js";
import { check, jsonValue, runs } from "../helpers/arbitraries.js";

test("valid: all items distinct; other types are ignored", () => {
  accepts(compile({ uniqueItems: true }), [], [1], [1, 2], ["1", 1], [false, 0], [null, "null"], [[1], [true]], [{}, []], "aa", { a: 1, b: 1 });
});

test("invalid: a repeated item", () => {
  rejects(compile({ uniqueItems: true }), [1, 1], ["a", "b", "a"], [null, null], [true, true]);
});

test("numbers compare by value: 1 and 1.0, 0 and -0 are equal", () => {
  rejects(compile({ uniqueItems: true }), [1, 1.0], [0, -0], [[0], [-0]], [{ a: 1 }, { a: 1.0 }]);
});

test("objects compare deeply, ignoring key order", () => {
  rejects(compile({ uniqueItems: true }), [{ a: 1, b: { c: 2, d: 3 } }, { b: { d: 3, c: 2 }, a: 1 }]);
  accepts(compile({ uniqueItems: true }), [{ a: 1 }, { a: 1, b: 2 }], [{ a: "1" }, { a: 1 }], [{ "a,b": 1 }, { a: 1, b: 1 }]);
});

test("arrays compare in order", () => {
  accepts(compile({ uniqueItems: true }), [[1, 2], [2, 1]]);
  rejects(compile({ uniqueItems: true }), [[1, [2]], [1, [2]]]);
});

test("uniqueItems false allows duplicates", () => {
  accepts(compile({ uniqueItems: false }), [1, 1], [{}, {}]);
});

test("error: location, keyword and params (the indexes of the first duplicate pair)", () => {
  expectOnlyError(compile({ uniqueItems: true }), [1, 2, 1], {
    keywordLocation: "/uniqueItems",
    instanceLocation: "",
    keyword: "uniqueItems",
    params: { i: 0, j: 2 },
  });
});

test("error: nested under properties and items", () => {
  expectOnlyError(compile({ properties: { m: { items: { uniqueItems: true } } } }), { m: [[1, 2], ["x", "x"]] }, {
    keywordLocation: "/properties/m/items/uniqueItems",
    instanceLocation: "/m/1",
    keyword: "uniqueItems",
    params: { i: 0, j: 1 },
  });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile({ items: { uniqueItems: true } }), [[1, 1], [2, 2]]), { all: 2, first: 1 });
});

test("compile-time: uniqueItems must be a boolean", () => {
  refuses({ uniqueItems: "yes" }, "invalid-schema", "/uniqueItems");
  refuses({ uniqueItems: 1 }, "invalid-schema", "/uniqueItems");
  refuses({ items: { uniqueItems: null } }, "invalid-schema", "/items/uniqueItems");
});

test("short and long arrays (pairwise and by canonical text) agree with JSON equality; what is not JSON equals nothing", () => {
  /** The reference: the first pair with equal canonical text; a value with none (not JSON) equals nothing. */
  const firstDuplicate = (items: unknown[]): [number, number] | undefined => {
    for (let j = 1; j < items.length; j++) {
      for (let i = 0; i < j; i++) {
        const a = canonical(items[i]);
        if (a !== undefined && a === canonical(items[j])) return [i, j];
      }
    }
    return undefined;
  };
  const shared = [Infinity];
  const odd = fc.constantFrom(NaN, Infinity, undefined, 10n, shared, [shared], new Date(0), Symbol.for("s"), Math.max);
  const v = compile({ uniqueItems: true });
  check(
    fc.property(fc.array(fc.oneof(jsonValue, fc.constantFrom(0, -0, 1, "a", null), odd), { maxLength: 20, size: "max" }), (items) => {
      const expected = firstDuplicate(items);
      const result = v.validate(items);
      assert.is(result.valid, expected === undefined, String(expected));
      if (!result.valid) assert.equal(result.errors[0]!.params, { i: expected![0], j: expected![1] });
    }),
    runs(400),
  );
});

test.run();
