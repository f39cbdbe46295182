// The boolean fast path (src/engine/plan.ts, run by run-plan.ts) against the closures it stands in for: the same
// verdict for every suite case and for generated schemas and data, non-JSON values and
// prototype-named keys included. A difference would show as `valid: false` with no errors.
import fc from "fast-check";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../src/index.js";
import { check, instance, jsonValue } from "./helpers/arbitraries.js";
import { both, sameErrors, samePassesOnGenerated, samePassesOnSuite, sameVerdict } from "./helpers/passes.js";


test("every suite case: plans and closures give the same verdict and the same errors", () => {
  const compared = samePassesOnSuite(both);
  assert.ok(compared > 1200, `only ${compared} suite cases compared`);
});

const NON_JSON = [NaN, Infinity, -Infinity, 10n, () => 1, Symbol("s"), undefined, new Date(0), new Map(), /x/, Object.create(null)];
test("property: generated schemas and data, non-JSON values included, get one verdict and the same errors", () => {
  samePassesOnGenerated(both, fc.oneof(instance, jsonValue, fc.constantFrom(...NON_JSON)), 300);
});

test("the error pass follows only the failing items and additional properties, and says where", () => {
  const item = { type: "object", properties: { n: { type: "integer", minimum: 0 } }, required: ["n"] };
  const v = compile({ type: "object", properties: { list: { type: "array", items: item } }, additionalProperties: item }, { cache: false });
  const data = { list: [{ n: 1 }, { n: -1 }, { n: 2 }, {}], a: { n: 0 }, b: { n: 1.5 } };
  const result = v.validate(data);
  assert.equal(
    result.valid ? [] : result.errors.map((e) => [e.instanceLocation, e.keyword]),
    [["/list/1/n", "minimum"], ["/list/3", "required"], ["/b/n", "type"]],
  );
  // Below the top 16 levels the values are followed without asking first: the same errors.
  const chain = { type: ["array", "integer"], items: { $ref: "#" } };
  let deep: unknown = "x";
  for (let i = 0; i < 40; i++) deep = [deep, 1];
  sameErrors(both(chain, {})!, deep, "a chain of 40 pairs");
  const errors = compile(chain, { cache: false }).validate(deep);
  assert.is(errors.valid ? "" : errors.errors[0]!.instanceLocation, "/0".repeat(40));
});

test("const-only subschemas share one plan per value and type (plan.ts followed): each schema keeps its own verdicts and errors", () => {
  // Values a key written carelessly would confuse: a string and the number it spells, true and
  // "true", null and "null", 0 and -0 (equal in JSON), and a string past the shared key's length.
  const values: unknown[] = ["1", 1, true, "true", null, "null", 0, -0, "x".repeat(200), "x".repeat(201)];
  const each = values.map((value) => [value, compile({ properties: { k: { const: value } } }, { cache: false })] as const);
  const typed = compile({ properties: { k: { type: "string", const: "1" } } }, { cache: false });
  for (const [value, v] of each) {
    for (const other of values) {
      const expected = value === other; // === holds 0 and -0 equal, as JSON does
      assert.is(v.isValid({ k: other }), expected, `const ${JSON.stringify(value)} on ${JSON.stringify(other)}`);
      const result = v.validate({ k: other });
      assert.equal(result.valid ? [] : result.errors.map((e) => [e.keywordLocation, e.instanceLocation]), expected ? [] : [["/properties/k/const", "/k"]]);
    }
  }
  assert.ok(typed.isValid({ k: "1" }) && !typed.isValid({ k: 1 }));
  // Past the table's bound each schema keeps its own plan, with the same verdicts.
  for (let i = 0; i < 1100; i++) compile({ properties: { k: { const: `filler ${i}` } } }, { cache: false });
  const late = compile({ properties: { k: { const: "late value" } } }, { cache: false });
  assert.ok(late.isValid({ k: "late value" }) && !late.isValid({ k: "filler 3" }));
  const primitive = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
  check(
    fc.property(primitive, primitive, (a, b) => {
      const va = compile({ items: { const: a } }, { cache: false });
      const vb = compile({ items: { const: b } }, { cache: false });
      return va.isValid([a]) && vb.isValid([b]) && va.isValid([b]) === (a === b) && vb.isValid([a]) === (a === b);
    }),
    200,
  );
});

test("a non-terminating schema is refused at compile time (it would be cut wherever each pass's order met the recursion)", () => {
  assert.throws(() => compile({ not: { $ref: "#", if: false, else: false } }, { cache: false }), /reference cycle that never consumes input/);
});

test("the plan's shapes: declared, additional and required properties, prototype names, bounds, enums", () => {
  const shapes: [unknown, unknown[]][] = [
    [
      { type: "object", properties: { a: { type: "string", maxLength: 2 }, toString: { type: "number" } }, required: ["a"], additionalProperties: false },
      [{ a: "xy" }, { a: "xyz" }, {}, { a: "x", b: 1 }, { a: "x", toString: 1 }, { a: "x", toString: "no" }, { toString: 1 }, Object.create(null)],
    ],
    [
      { properties: { p1: {}, p2: {}, p3: {}, p4: {}, p5: { type: "null" }, p6: {}, p7: {}, p8: {}, p9: {}, p10: { const: 1 } }, required: ["p1", "zz"], additionalProperties: { type: "integer" } },
      [{ p1: 1, zz: 2 }, { p1: 1, zz: 2.5 }, { p1: 1 }, { zz: 1, p1: 0, p10: 2 }, { p1: 0, zz: 0, p5: null }, { p1: 0, zz: 0, p5: 0 }, new Date(0), []],
    ],
    [
      { type: ["integer", "string"], minimum: 1, exclusiveMaximum: 5, minLength: 2, maxLength: 3, enum: [1, 2, 4.0, "ab", "😀😀"] },
      [1, 4, 5, 0, 2.5, "ab", "a", "😀😀", "😀", NaN, Infinity, null, true],
    ],
    [
      { type: "array", items: { type: "object", required: ["id"], properties: { id: { type: "integer", minimum: 0 } } }, minItems: 1, maxItems: 2 },
      [[], [{ id: 0 }], [{ id: -1 }], [{ id: 0 }, { id: 1 }, { id: 2 }], [{}], [{ id: 1.5 }]],
    ],
    [{ properties: { constructor: { type: "string" } } }, [{}, { constructor: "x" }, { constructor: 1 }, []]],
    [{ const: -0, minProperties: 1, maxProperties: 1 }, [0, -0, 1, {}, { a: 1 }]],
    // Bounds on several kinds share two slots: the first kind is planned, the others stay closures.
    [{ minItems: 1, minProperties: 2, maxLength: 3, maxItems: 2, maximum: 4 }, [[], [1], [1, 2, 3], {}, { a: 1, b: 2 }, "abc", "abcd", 4, 5, null]],
    // Up to 8 values are scanned, more are looked up in a Set: both compare by SameValueZero.
    [{ enum: [0, "a", null, false] }, [0, -0, "a", null, false, true, "0", NaN, undefined]],
    [{ enum: [0, 1, 2, 3, 4, 5, 6, 7, 8, "a", null] }, [0, -0, 8, 9, "a", null, false, NaN, 8.0]],
    [{ const: "b", enum: ["a", "b", "c"] }, ["a", "b", "c", "d", 1, null]],
    [{ enum: ["a", null], const: null }, ["a", null, undefined]],
    [
      // $ref-only schemas stand for their targets: a chain, and a recursion through the root.
      { $defs: { a: { $ref: "#/$defs/b" }, b: { $ref: "#/$defs/c", description: "b" }, c: { type: ["integer", "array"], items: { $ref: "#" } } }, items: { $ref: "#/$defs/a" } },
      [[1, 2], [1, 2.5], [[1], [[2]]], [[1], [[2.5]]], "x", [[[["s"]]]], [null]],
    ],
    [{ additionalProperties: { type: "string" } }, [{}, { a: "x" }, { a: 1 }, JSON.parse('{"__proto__": 1}'), { toString: "s" }, new Date(0), [1]]],
    [
      { items: { pattern: "^a.$" }, uniqueItems: true },
      [[], ["ab", "ac"], ["ab", "ab"], ["ab", "b"], ["a😀"], [1, 1.0], [{ a: [1] }, { a: [1] }], [NaN, NaN], "b", Array.from({ length: 20 }, (_, i) => "a" + i)],
    ],
    // `type: object` with declared names and required ones only runs by ownKeysObjectHolds (KEYS_ONLY).
    [
      { type: "object", properties: { a: { type: "integer" }, b: {} }, required: ["a"], additionalProperties: false },
      [{ a: 1 }, { a: 1, b: [] }, { b: 1 }, { a: 1, c: 1 }, { a: "1" }, new Date(0), [], null, "x", Object.assign(Object.create(null), { a: 1 }), Object.assign(Object.create(Object.create(null)), { a: 1 }), Object.create({ a: 1 })],
    ],
    [{ type: "object", properties: { a: {} }, additionalProperties: false }, [{}, { a: 1 }, { b: 1 }, new Date(0), new Map(), Object.create({}), Object.create(Object.create(null)), [], 1]],
    // KEYS_ONLY with other keys held to a schema, and with more names than are scanned (an index).
    [
      { type: "object", properties: { a: { type: "integer" }, b: { type: "object", properties: { c: { const: 1 } }, additionalProperties: false } }, additionalProperties: { type: "string" } },
      [{}, { a: 1, x: "s" }, { a: 1, x: 2 }, { b: { c: 1 } }, { b: { c: 2 } }, { b: { d: 1 } }, { a: "1" }, { x: "s", y: null }],
    ],
    [
      { type: "object", properties: Object.fromEntries(Array.from({ length: 10 }, (_, i) => ["p" + i, { type: "integer", maximum: i }])), required: ["p9"], additionalProperties: false },
      [{ p9: 9 }, { p9: 10 }, { p0: 0, p9: 1 }, { p0: 1, p9: 1 }, { p0: 0 }, { p9: 1, q: 1 }, Object.assign(Object.create(null), { p9: 9 })],
    ],
    // KEYS_ONLY maps (no declared names) and wide objects (an index) are listed by for…in loops of
    // their own: objects with integer-like keys, and objects so large that V8 keeps them as
    // dictionaries (JSON.parse makes such), among them.
    [
      { type: "object", additionalProperties: { type: "string", maxLength: 1 } },
      [
        {}, { a: "x" }, { a: 1 }, { a: "xy" }, { 12: "x", 3: "y" }, { 12: "x", 3: 4 }, { 1: "x", b: 2 },
        JSON.parse(JSON.stringify(Object.fromEntries(Array.from({ length: 600 }, (_, i) => ["k" + i, "v"])))),
        JSON.parse(JSON.stringify(Object.fromEntries(Array.from({ length: 600 }, (_, i) => ["k" + i, i === 599 ? 1 : "v"])))),
        Object.assign(Object.create(null), { 7: "x" }), new Date(0), [], Object.create({ a: 1 }),
      ],
    ],
    [{ type: "object", additionalProperties: false }, [{}, { a: 1 }, { 0: 1 }, Object.create(null), Object.assign(Object.create(null), { 0: 1 }), [], new Map()]],
    [
      { type: "object", properties: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [String(i), { type: "integer", maximum: i }])), additionalProperties: { const: "z" } },
      [
        { 0: 0, 9: 9 }, { 0: 1 }, { 3: 3, x: "z" }, { 3: 3, x: "y" }, { 10: "z" }, { 10: 10 },
        JSON.parse(JSON.stringify(Object.fromEntries([...Array.from({ length: 600 }, (_, i) => ["k" + i, "z"]), ["5", 5]]))),
        JSON.parse(JSON.stringify(Object.fromEntries([...Array.from({ length: 600 }, (_, i) => ["k" + i, "z"]), ["5", 6]]))),
      ],
    ],
    // `properties` read by name with required ones it declares, typed object or untyped (DECLARED_ONLY),
    // at the root, as a property's value and as items; non-JSON objects still have their names read when untyped.
    [
      { type: "object", properties: { id: { type: "string" }, score: { type: "number", maximum: 1 } }, required: ["id"] },
      [
        { id: "a" }, { id: "a", score: 2 }, { score: 1 }, { id: 1 }, { id: "a", x: 1 }, new Date(0), Object.create({ id: "a" }), Object.assign(Object.create(null), { id: "a" }), [], "x",
        // `constructor` that disagrees with the prototype, which alone decides.
        JSON.parse('{"id": "a", "constructor": 2}'), { id: "a", constructor: Object }, Object.assign(Object.create(null), { id: "a", constructor: Object }),
        Object.assign(Object.create({ constructor: Object }), { id: "a" }), new (class { id = "a"; })(),
      ],
    ],
    [
      { properties: { p: { properties: { id: { type: "string" } }, required: ["id"] } }, items: { properties: { id: { const: 1 } } } },
      [{ p: { id: "a" } }, { p: { id: 1 } }, { p: {} }, { p: 1 }, { p: Object.assign(new Date(0), { id: 1 }) }, { p: Object.assign(new Date(0), { id: "a" }) }, [{ id: 1 }, {}, 1], [{ id: 2 }], [Object.assign(new Map(), { id: 2 })]],
    ],
    // Items of a scalar plan, and arrays of scalars as items, are tested in arrayHolds' own loops.
    [{ items: { type: ["integer", "null"], minimum: 0, enum: [0, 1, null, "x"] } }, [[], [0, 1, null], [1, -1], [1, "x"], [1, 1.5], [NaN], [undefined], [[1]], [{}]]],
    [
      { items: { type: "array", minItems: 2, maxItems: 3, items: { type: "number", maximum: 9 } } },
      [[[1, 2]], [[1, 2], [3, 4, 5]], [[1]], [[1, 2, 3, 4]], [[1, 10]], [[1, "2"]], [[1, Infinity]], [null], [{ 0: 1, 1: 2, length: 2 }], [[1, 2], "x"]],
    ],
    // Items that need only be numbers have a loop of their own (finiteNumbers), as items and as
    // items of items; a string rule beside `type: number` does not stop it, a bound does.
    [
      { type: "array", items: { type: "number", maxLength: 1 } },
      [[], [1, 2.5, -0, 1e308], [1, NaN], [Infinity], [2, -Infinity], ["1"], [null], [1n], [undefined], [1, , 2], [[1]], [{}], [true], new Float64Array(2), { 0: 1, length: 1 }],
    ],
    [
      { items: { type: "array", minItems: 2, items: { type: ["number", "integer"] } } },
      [[[1.5, -2.25]], [[1, 2], [0.5, NaN]], [[1, 2], [Infinity, 0]], [[1, "2"]], [[1]], [[1, 2], [3, , 4]], [[1, 2], null]],
    ],
    [{ items: { type: "number", minimum: 0 } }, [[0, 1.5], [-1], [NaN]]],
    [{ items: { type: "integer" } }, [[1, 2], [1.5], [Infinity], ["1"]]],
    // A small object's keys are scanned (for…in); past 12 keys the declared names are read.
    [
      { properties: { a: { type: "string" }, b: { type: "integer" }, toString: { type: "number" } }, required: ["b", "c"] },
      [
        { a: "x", b: 1, c: 0 },
        { a: "x", c: 0 },
        { b: 1 },
        { a: 1, b: 1, c: 0 },
        { b: 1, c: 0, toString: "no" },
        Object.fromEntries([...Array.from({ length: 14 }, (_, i) => ["k" + i, i]), ["a", "x"], ["b", 1], ["c", 0]]),
        Object.fromEntries([...Array.from({ length: 14 }, (_, i) => ["k" + i, i]), ["a", 1], ["b", 1], ["c", 0]]),
        Object.fromEntries([...Array.from({ length: 14 }, (_, i) => ["k" + i, i]), ["a", "x"], ["c", 0]]),
        Object.assign(Object.create(null), { b: 1, c: 0, a: 2 }),
        // A prototype without a prototype of its own makes a JSON object whose inherited names are not its keys.
        Object.assign(Object.create(Object.create(null, { b: { value: 1, enumerable: true }, a: { value: 1, enumerable: true } })), { c: 0 }),
        Object.create(Object.create(null, { b: { value: 1, enumerable: true } }), { b: { value: 2, enumerable: true }, c: { value: 0, enumerable: true }, a: { value: "x", enumerable: true } }),
      ],
    ],
  ];
  for (const [schema, values] of shapes) {
    const pair = both(schema, {})!;
    assert.ok(pair !== undefined);
    for (const [i, value] of values.entries()) sameVerdict(pair, value, `${JSON.stringify(schema)} with value #${i}`);
  }
});

test("an object's prototype is read again in each pass: one changed between calls is no longer a JSON object", () => {
  const v = compile({ type: "object", allOf: [{ type: "object" }], properties: { a: { type: "object" } } });
  const inner = {};
  const data = { a: inner };
  assert.ok(v.isValid(data));
  Object.setPrototypeOf(inner, Date.prototype);
  assert.not.ok(v.isValid(data));
  assert.not.ok(v.validate(data).valid);
  Object.setPrototypeOf(inner, Object.prototype);
  assert.ok(v.isValid(data));
  Object.setPrototypeOf(data, Map.prototype);
  assert.not.ok(v.isValid(data));
  const object = {};
  assert.ok(v.isValid(object));
  Object.setPrototypeOf(object, Date.prototype);
  assert.not.ok(v.isValid(object));
});

test("unevaluatedProperties with names known at compile time: branches, conditions, references", () => {
  // [schema, [instance, valid]…]: verdicts worked out by hand, then held to the closures too.
  const cases: [unknown, [unknown, boolean][]][] = [
    [
      { properties: { a: {} }, allOf: [{ properties: { b: {} } }], unevaluatedProperties: false },
      [[{ a: 1, b: 2 }, true], [{ a: 1, c: 3 }, false], [{}, true], ["x", true], [new Date(0), true]],
    ],
    [
      // Only branches that pass evaluate; anyOf looks at every branch for its annotations.
      { anyOf: [{ properties: { a: { type: "string" } } }, { properties: { b: { type: "string" } } }], unevaluatedProperties: false },
      [[{ a: "x" }, true], [{ a: "x", b: "y" }, true], [{ a: 1, b: "y" }, false], [{ a: "x", b: 2 }, false], [{ c: 1 }, false]],
    ],
    [
      { if: { properties: { kind: { const: "e" } } }, then: { properties: { error: {} } }, else: { properties: { result: {} } }, unevaluatedProperties: false },
      [[{ kind: "e", error: 1 }, true], [{ kind: "e", result: 1 }, false], [{ kind: "r", result: 1 }, false], [{ result: 1 }, false], [{ error: 1 }, true]],
    ],
    [
      // A branch inside a branch counts only when both pass; `not` evaluates nothing.
      {
        oneOf: [{ anyOf: [{ properties: { a: { type: "integer" } } }, { required: ["z"] }] }, { required: ["q"], properties: { q: {} } }],
        not: { properties: { n: {} }, required: ["never"] },
        unevaluatedProperties: { type: "boolean" },
      },
      [[{ a: 1 }, true], [{ a: "s", z: 0 }, false], [{ q: 1, a: true }, true], [{ z: true, n: true }, true], [{ z: 0, n: true }, false], [{ z: true, n: 1 }, false]],
    ],
    [
      { $defs: { base: { properties: { id: { type: "string" } }, required: ["id"] } }, $ref: "#/$defs/base", properties: { x: {} }, unevaluatedProperties: false },
      [[{ id: "1", x: 0 }, true], [{ id: "1", y: 0 }, false], [{ x: 0 }, false]],
    ],
    [
      // A name that Object.prototype has is evaluated only as an own property.
      { properties: { toString: {} }, unevaluatedProperties: false },
      [[{ toString: 1 }, true], [{ valueOf: 1 }, false], [JSON.parse('{"__proto__": 1}'), false]],
    ],
    [
      // Tracked as before: a pattern, a nested unevaluatedProperties, a reference cycle.
      { patternProperties: { "^p": {} }, allOf: [{ unevaluatedProperties: { type: "integer" } }], unevaluatedProperties: false },
      [[{ p: "s" }, false], [{ p: 1, q: 2 }, true]],
    ],
    [
      // A reference cycle through `else` would never consume input (refused); one through properties does.
      { $defs: { loop: { if: { required: ["x"] }, then: { properties: { x: {} } }, else: { properties: { y: { $ref: "#/$defs/loop" } } } } }, $ref: "#/$defs/loop", unevaluatedProperties: false },
      [[{ x: 1 }, true], [{ x: 1, y: 2 }, false], [{ y: { x: 1 } }, true], [{ y: { x: 1 }, z: 1 }, false], [{ y: { y: {} } }, true]],
    ],
  ];
  for (const [schema, expected] of cases) {
    const pair = both(schema, {})!;
    assert.ok(pair !== undefined, JSON.stringify(schema));
    for (const [value, valid] of expected) {
      const what = `${JSON.stringify(schema)} with ${JSON.stringify(value)}`;
      assert.is(pair[0].isValid(value), valid, what);
      sameVerdict(pair, value, what);
    }
  }
});

test.run();
