// One pass lists an instance object's keys once and finds an array's duplicates once
// (src/engine/once-per-pass.ts). V8 keeps an object of many keys as a dictionary, and each for…in
// or Object.keys over it collects and sorts the keys anew; comparing large items for
// uniqueItems reads all of them. A schema may ask either once per subschema: a 200,000-key
// object under a hundred anyOf branches took seconds to validate, each branch listing the keys
// again. Here a hundred branches that each fail must cost far less than a hundred times one,
// and the closures and the explainer list an object's keys a few times per call.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compileExplaining } from "../src/compile.js";
import type { Validator } from "../src/index.js";
import { fastest } from "./helpers/timing.js";

type Obj = Record<string, unknown>;

const KEYS = 10_000;
/** An object as JSON.parse makes it: with this many keys, V8 keeps it as a dictionary. */
const big: Obj = JSON.parse(JSON.stringify(Object.fromEntries(Array.from({ length: KEYS }, (_, i) => ["k" + i, i]))));
/** Twelve items (compared pairwise) that differ only in their last key. */
const items: Obj[] = JSON.parse(JSON.stringify(Array.from({ length: 12 }, (_, j) => Object.fromEntries(Array.from({ length: 1000 }, (_, i) => ["k" + i, i === 999 ? j : i])))));

/** Each family's branch `i`: every one fails on `big` (or on `items`), and each lists the keys (or compares the items) to decide. */
const FAMILIES: Record<string, { branch: (i: number) => Obj; data: unknown }> = {
  maxProperties: { branch: (i) => ({ maxProperties: i }), data: big },
  minProperties: { branch: (i) => ({ minProperties: KEYS + 1 + i }), data: big },
  propertyNames: { branch: (i) => ({ propertyNames: { maxLength: 1, title: `branch ${i}` } }), data: big },
  "additionalProperties alone": { branch: (i) => ({ additionalProperties: { type: "string", maxLength: i + 1 } }), data: big },
  "properties + additionalProperties": { branch: (i) => ({ properties: { ["x" + i]: true }, additionalProperties: { type: "string" } }), data: big },
  "typed object, properties + additionalProperties": { branch: (i) => ({ type: "object", properties: { ["x" + i]: true }, additionalProperties: { type: "string" } }), data: big },
  "typed object, additionalProperties alone": { branch: (i) => ({ type: "object", additionalProperties: { type: "string", maxLength: i + 1 } }), data: big },
  "properties, many names": { branch: (i) => ({ properties: { a: true, b: true, c: true, d: true, ["x" + i]: true, k9999: { type: "string" } } }), data: big },
  "properties, few names": { branch: (i) => ({ properties: { ["x" + i]: true, k0: { type: "string" } } }), data: big },
  // Every value passes: each branch reads all ten thousand, then fails at `required`.
  "every key read": { branch: (i) => ({ properties: { ["x" + i]: true }, additionalProperties: { type: "number" }, required: ["x" + i] }), data: big },
  "properties, few names, then maxProperties": { branch: (i) => ({ properties: { k0: true, ["x" + i]: true }, maxProperties: i }), data: big },
  patternProperties: { branch: (i) => ({ patternProperties: { ["^k" + (i % 10)]: { type: "string" } }, title: `branch ${i}` }), data: big },
  unevaluatedProperties: { branch: (i) => ({ properties: { ["x" + i]: true }, unevaluatedProperties: { type: "string" } }), data: big },
  "unevaluatedProperties under allOf": { branch: (i) => ({ allOf: [{ properties: { ["x" + i]: true } }], unevaluatedProperties: { type: "string" } }), data: big },
  const: { branch: (i) => ({ const: { k0: 0, ["x" + i]: 1 } }), data: big },
  enum: { branch: (i) => ({ enum: [{ k0: 0 }, { k1: i }] }), data: big },
  uniqueItems: { branch: (i) => ({ not: { uniqueItems: true }, maxItems: 100 + i }), data: items },
  "uniqueItems, numbers": { branch: (i) => ({ not: { uniqueItems: true }, maxItems: 100_000 + i }), data: Array.from({ length: 20_000 }, (_, i) => i) },
};

/** How each mode reaches the data: the boolean pass, and validate()'s error pass in its forms. */
const MODES: Record<string, (v: Validator, data: unknown) => unknown> = {
  isValid: (v, data) => v.isValid(data),
  "validate, first error": (v, data) => v.validate(data, { allErrors: false }),
  "validate, all errors": (v, data) => v.validate(data),
  "output basic": (v, data) => v.validate(data, { output: "basic" }),
  "output verbose": (v, data) => v.validate(data, { output: "verbose" }),
};

/** The modes whose work, once the keys are listed, is a few steps per branch (all errors report every key). */
const TIMED = ["isValid", "validate, first error"];

/** The explainer serves every invalid instance (Infinity), or the closures do (0). */
const PATHS = { explainer: Infinity, closures: 0 };

function validator(family: string, branches: number, first: number): Validator {
  const { branch } = FAMILIES[family]!;
  return compileExplaining({ anyOf: Array.from({ length: branches }, (_, i) => branch(i)) }, {}, first);
}

/** Object.keys's calls on `value` while `run` runs. */
function keyListings(value: unknown, run: () => unknown): number {
  const keys = Object.keys;
  let calls = 0;
  Object.keys = ((object: object) => {
    if (object === value) calls++;
    return keys(object);
  }) as typeof Object.keys;
  try {
    run();
  } finally {
    Object.keys = keys;
  }
  return calls;
}

for (const family of Object.keys(FAMILIES)) {
  test(`${family}: a hundred failing anyOf branches cost far less than a hundred times one`, () => {
    const { data } = FAMILIES[family]!;
    for (const [path, first] of Object.entries(PATHS)) {
      const one = validator(family, 1, first);
      const hundred = validator(family, 100, first);
      assert.not.ok(one.isValid(data), `${family}: the data fails`);
      assert.not.ok(hundred.isValid(data), `${family}: the data fails every branch`);
      for (const mode of TIMED) {
        const call = MODES[mode]!;
        const ratio = fastest(() => call(hundred, data)) / fastest(() => call(one, data));
        // Listing the keys (or comparing the items) once per branch made this 95 to 140. Reading
        // every value once per branch ("every key read") makes it about 20 once they are listed.
        assert.ok(ratio < 50, `${family}, ${mode}, ${path}: 100 branches took ${ratio.toFixed(1)}× the time of one`);
      }
    }
  });
}

test("an instance object's keys are listed a few times per call, not once per branch, in every mode", () => {
  for (const family of Object.keys(FAMILIES)) {
    const { data } = FAMILIES[family]!;
    // The boolean pass, the error pass and the explainer's questions each keep their own list. A
    // search for duplicates among twelve items lists the first item's keys eleven times.
    const [listed, most] = data === big ? [big, 3] : [items[0], 3 * 11];
    for (const [path, first] of Object.entries(PATHS)) {
      const v = validator(family, 100, first);
      for (const [mode, call] of Object.entries(MODES)) {
        const calls = keyListings(listed, () => call(v, data));
        assert.ok(calls <= most, `${family}, ${mode}, ${path}: Object.keys listed the object ${calls} times`);
      }
    }
  }
});

test("a pass forgets what it listed: the same object with a key added is read anew", () => {
  const object: Obj = JSON.parse(JSON.stringify(Object.fromEntries(Array.from({ length: 500 }, (_, i) => ["k" + i, i]))));
  const v = compileExplaining({ anyOf: [{ maxProperties: 500 }, { maxProperties: 500 }], propertyNames: { maxLength: 5 } }, {}, 0);
  assert.ok(v.isValid(object));
  object["k500"] = 500;
  assert.not.ok(v.isValid(object), "501 keys: both branches fail");
  assert.equal(v.validate(object).valid, false);
  object["long-name"] = 1;
  delete object["k500"];
  const result = v.validate(object);
  assert.equal(result.valid, false);
  assert.ok(!result.valid && result.errors.some((unit) => unit.keyword === "propertyNames"), "the new key's name is read");
});

test("uniqueItems over large items finds the same pair in every branch, and reports it", () => {
  const duplicated = [...items, items[3]];
  const v = compileExplaining({ anyOf: Array.from({ length: 50 }, (_, i) => ({ uniqueItems: true, minItems: i })) }, {}, 0);
  const result = v.validate(duplicated);
  assert.equal(result.valid, false);
  const pairs = new Set(!result.valid ? result.errors.filter((unit) => unit.keyword === "uniqueItems").map((unit) => JSON.stringify(unit.params)) : []);
  assert.equal([...pairs], [JSON.stringify({ i: 3, j: 12 })]);
});

test.run();
