// src/json/json-start.ts writes the start of a value's JSON text, as error messages show it,
// without writing a large value whole: for JSON data it must agree with JSON.stringify, character
// for character.
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { jsonStart } from "../src/json/json-start.js";
import { show } from "../src/engine/report.js";
import { check, instance, jsonValue, runs } from "./helpers/arbitraries.js";

/** What jsonStart must give: JSON.stringify's text, cut to `room` characters. */
function expected(value: unknown, room: number): string | undefined {
  const full = JSON.stringify(value);
  return full === undefined || full.length <= room ? full : full.slice(0, room);
}

const values = fc.oneof(fc.jsonValue({ maxDepth: 5 }), instance, jsonValue, fc.string({ unit: "binary", maxLength: 100 }), fc.array(fc.string({ unit: "grapheme", maxLength: 80 })));

test("property: the start of JSON.stringify's text, for every room", () => {
  check(
    fc.property(values, fc.integer({ min: 0, max: 200 }), (value, room) => {
      assert.is(jsonStart(value, room), expected(value, room));
    }),
    runs(2_000),
  );
});

// What is not JSON was written as the JSON it would become (a Date as its ISO string, [NaN] as
// [null], { a: undefined } as {}), so a message read "must be equal to {}, but is {}". It is
// written as what the validator saw.
test("what is not JSON is written as what it is, not as the JSON JSON.stringify would make of it", () => {
  assert.is(jsonStart(undefined, 64), "undefined");
  assert.is(jsonStart(() => 1, 64), "function");
  assert.is(jsonStart([undefined, () => 1, Symbol("s"), NaN, -0, Infinity, 1n], 64), "[undefined,function,symbol,NaN,0,Infinity,1n]");
  assert.is(jsonStart({ a: undefined, b: () => 1, c: 1 }, 64), '{"a":undefined,"b":function,"c":1}');
  assert.is(jsonStart(JSON.parse('{"__proto__": 1, "2": 2, "1": 1}'), 64), '{"1":1,"2":2,"__proto__":1}');
  const cyclic: Record<string, unknown> = {};
  cyclic["self"] = cyclic;
  assert.throws(() => jsonStart(cyclic, 64), TypeError);
  // An object that is no JSON object is named by its class tag; a toJSON is not asked.
  assert.is(jsonStart({ when: new Date(0) }, 64), '{"when":not JSON (Date)}');
  assert.is(jsonStart(new Map([[1, 2]]), 64), "not JSON (Map)");
  assert.is(jsonStart({ toJSON: () => 5 }, 64), '{"toJSON":function}');
  assert.is(jsonStart({ [Symbol.toStringTag]: "x".repeat(300) } as object, 64), "{}"); // a plain object: its symbol key is no member
  class Tagged {
    get [Symbol.toStringTag]() {
      return "<b>" + "x".repeat(300);
    }
  }
  assert.is(jsonStart(new Tagged(), 64), "not JSON (object)"); // a tag of the data's that is no plain name is not repeated
  // A large BigInt is not written out: its decimal digits cost seconds (a 2 MB one, 1.6 s a message).
  assert.is(jsonStart([10n ** 40n - 1n], 64), `[${10n ** 40n - 1n}n]`);
  const huge = 2n ** (2n ** 24n);
  const started = performance.now();
  assert.is(jsonStart([huge, -huge], 64), "[a BigInt past 1e40,a BigInt below -1e40]");
  assert.is(show(huge), "a BigInt past 1e40");
  assert.ok(performance.now() - started < 100, `${performance.now() - started} ms`);
  // In messages: no "must be equal to X, but is X" for a value that is not X.
  const unequal = [
    [{}, { a: undefined }],
    [[null], [NaN]],
    [5, { toJSON: () => 5 }],
    ["1970-01-01T00:00:00.000Z", new Date(0)],
  ] as const;
  for (const [expected, given] of unequal) assert.is.not(show(given), show(expected), show(given));
});

test("a large, deep or sparse value is written only as far as the room", () => {
  const big = { data: Array.from({ length: 200_000 }, (_, i) => ({ id: i, name: `item${i}` })) };
  assert.is(jsonStart(big, 64), JSON.stringify(big).slice(0, 64));
  let deep: unknown = 1;
  for (let i = 0; i < 100_000; i++) deep = [deep]; // JSON.stringify runs out of stack here
  assert.is(jsonStart(deep, 10), "[".repeat(10));
  const sparse = new Array<unknown>(1e9);
  assert.is(jsonStart(sparse, 20), "[undefined,undefined");
  assert.is(jsonStart({ ["k".repeat(1e6)]: 1 }, 8), '{"kkkkkk');
});

test("property: show() of a string is JSON.stringify's text, cut as every value's", () => {
  const cut = (text: string): string => (text.length > 60 ? text.slice(0, 57) + "…" : text);
  const strings = fc.oneof(fc.string({ unit: "binary", maxLength: 200 }), fc.string({ unit: "grapheme", maxLength: 80 }), fc.string({ unit: fc.constantFrom('"', "\\", "\u0000", "\ud83d", "\ude00", "a"), maxLength: 90 }));
  check(
    fc.property(strings, (s) => {
      assert.is(show(s), cut(JSON.stringify(s)));
    }),
    runs(2_000),
  );
});

test("show() cuts as before: 60 characters, then 57 and an ellipsis", () => {
  assert.is(show({ a: 1 }), '{"a":1}');
  const long = { data: "x".repeat(100) };
  assert.is(show(long), JSON.stringify(long).slice(0, 57) + "…");
  assert.is(show("é".repeat(100)), `"${"é".repeat(56)}…`);
});

test.run();
