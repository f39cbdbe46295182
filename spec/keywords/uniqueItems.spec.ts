import fc from "fast-check";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";
import { check, jsonValue, longArray, lookalike, runs } from "../helpers/arbitraries.js";

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

// ---------------------------------------------------------------------------------------------
// The reference, written here and independent of the engine (src/json/canonical.ts, equal.ts):
// JSON equality (Validation §4.2.2) compared pair by pair.

/** A JSON value: null, a boolean, a string, a finite number, a dense array or a plain object of JSON values. */
function isJson(value: unknown): boolean {
  if (value === null || typeof value === "boolean" || typeof value === "string") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return Object.getPrototypeOf(value) === Array.prototype && Array.from({ length: value.length }, (_, i) => Object.hasOwn(value, i)).every(Boolean) && value.every(isJson);
  if (typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return (proto === Object.prototype || proto === null) && Object.values(value as object).every(isJson);
}

/** Equality of two JSON values: numbers by value (1 and 1.0, 0 and -0 are one number), arrays item by item, objects by their own keys in any order. */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) return a === b;
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  // Entries, not indexing: an own "__proto__" key is read as the member, not as the prototype.
  const left = new Map(Object.entries(a));
  const right = new Map(Object.entries(b));
  return left.size === right.size && [...left].every(([key, value]) => right.has(key) && jsonEqual(value, right.get(key)));
}

/** The first duplicate pair (by the later index, then the earlier); what is not JSON equals nothing, itself included. */
function firstDuplicate(items: unknown[]): [number, number] | undefined {
  for (let j = 1; j < items.length; j++) {
    for (let i = 0; i < j; i++) if (isJson(items[i]) && isJson(items[j]) && jsonEqual(items[i], items[j])) return [i, j];
  }
  return undefined;
}

test("the reference: JSON equality by hand", () => {
  assert.ok(jsonEqual(1, 1.0) && jsonEqual(0, -0) && jsonEqual({ a: [1, { b: null }], c: "x" }, { c: "x", a: [1.0, { b: null }] }));
  assert.not.ok(jsonEqual("1", 1) || jsonEqual("true", true) || jsonEqual("null", null) || jsonEqual([1], ["1"]) || jsonEqual({ a: 1 }, { a: 1, b: 1 }) || jsonEqual([], {}));
  assert.not.ok(jsonEqual(JSON.parse('{"__proto__": 1}'), {}));
  assert.not.ok(isJson(NaN) || isJson([Infinity]) || isJson({ a: undefined }) || isJson(new Date(0)) || isJson(10n));
  assert.equal(firstDuplicate([1, "1", true, "true", null, "null", 1.0]), [0, 6]);
  assert.equal(firstDuplicate([NaN, NaN, "x"]), undefined);
});

test("property: short and long arrays (pairwise up to 12 items, by text above) agree with JSON equality; what is not JSON equals nothing", () => {
  const shared = [Infinity];
  const odd = fc.constantFrom(NaN, Infinity, undefined, 10n, shared, [shared], new Date(0), Symbol.for("s"), Math.max);
  const items = fc.oneof(
    fc.array(fc.oneof(jsonValue, lookalike, odd), { maxLength: 20, size: "max" }),
    // Above 12 items: lookalikes (1 and "1", true and "true", null and "null" differ; 1 and 1.0, 0
    // and -0 do not) with repeats, or all distinct, or all distinct but one repeat at a random place.
    fc.array(lookalike, { minLength: 13, maxLength: 30 }),
    fc.tuple(longArray, fc.nat(), fc.nat()).map(([array, from, to]) => {
      const copy = [...array];
      if (copy.length > 0) copy.splice(to % (copy.length + 1), 0, structuredClone(copy[from % copy.length]));
      return copy;
    }),
    longArray,
  );
  const v = compile({ uniqueItems: true });
  check(
    fc.property(items, (array) => {
      const expected = firstDuplicate(array);
      const result = v.validate(array);
      assert.is(result.valid, expected === undefined, `${String(expected)} in ${array.length} items`);
      assert.is(v.isValid(array), expected === undefined);
      if (!result.valid) assert.equal(result.errors[0]!.params, { i: expected![0], j: expected![1] });
    }),
    runs(600),
  );
});

test.run();
