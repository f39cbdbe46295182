// In-place subschemas that only declare names are served by one scan of the object's keys
// (src/engine/gather.ts, gatheredObjectHolds in run-plan.ts). They must give the closures' verdicts and
// errors, read each value once, and stack the slots of nested objects.
import fc from "fast-check";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../src/index.js";
import { check, runs } from "./helpers/arbitraries.js";
import { both, samePasses } from "./helpers/passes.js";

/** An object whose values count their reads (each value is behind a getter): in all, and key by key. */
function counting(entries: Record<string, unknown>): { object: Record<string, unknown>; reads: () => number; readsOf: (key: string) => number } {
  const counts = new Map<string, number>();
  const object: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entries)) {
    counts.set(key, 0);
    Object.defineProperty(object, key, { enumerable: true, get: () => (counts.set(key, counts.get(key)! + 1), value) });
  }
  return { object, reads: () => [...counts.values()].reduce((a, b) => a + b, 0), readsOf: (key) => counts.get(key)! };
}

const output = {
  type: "object",
  allOf: [{ properties: { status: { enum: ["ok", "error"] }, id: { type: "string" } }, required: ["status", "id"] }],
  if: { properties: { status: { const: "error" } } },
  then: { properties: { error: { type: "string" } }, required: ["error"] },
  else: { properties: { result: { type: "integer" } }, required: ["result"] },
  anyOf: [{ properties: { meta: { type: "object" } } }, { properties: { cursor: { type: ["string", "null"] } } }],
  unevaluatedProperties: false,
};

const outputCases: [Record<string, unknown>, boolean][] = [
  [{ status: "ok", id: "r1", result: 3, cursor: null }, true],
  [{ status: "error", id: "r1", error: "boom" }, true],
  [{ status: "error", id: "r1", result: 3 }, false], // then requires error; result is not evaluated
  [{ status: "ok", id: "r1", result: 3, debug: true }, false], // evaluated by nothing
  [{ status: "ok", id: "r1", result: 3, cursor: 1 }, false], // anyOf[1] fails: cursor is not evaluated
  [{ status: "ok", id: "r1", result: 3, meta: {} }, true],
  [{ status: "ok", result: 3 }, false],
];

test("allOf, anyOf, if-then-else and unevaluatedProperties over one scan: each value is read once, at most once when invalid", () => {
  const v = compile(output, { cache: false });
  for (const [entries, valid] of [...outputCases, [{ status: 1, id: 2, result: "x", meta: 1, cursor: 2, debug: 0 }, false] as const]) {
    const { object, readsOf } = counting(entries);
    assert.is(v.isValid(object), valid, JSON.stringify(entries));
    // A valid object has every value read once; an invalid one may be decided before the scan
    // reaches some (an unevaluated key fails without its value), but no value is read twice.
    for (const key of Object.keys(entries)) {
      if (valid) assert.is(readsOf(key), 1, `one read of ${key}: ${JSON.stringify(entries)}`);
      else assert.ok(readsOf(key) <= 1, `${readsOf(key)} reads of ${key}: ${JSON.stringify(entries)}`);
    }
    samePasses(both(output, {})!, entries, JSON.stringify(entries));
  }
});

// A gathered plan renumbers its unevaluatedProperties' conditions as its subschemas; objects the
// scan does not serve (for…in would list a polluted Object.prototype's names) use those numbers.
test("with an enumerable name on Object.prototype, the same verdicts without the scan", () => {
  const v = compile(output, { cache: false });
  const proto = Object.prototype as Record<string, unknown>;
  try {
    proto["planted"] = 1;
    for (const [entries, valid] of outputCases) {
      const { object, reads } = counting(entries);
      assert.is(v.isValid(object), valid, JSON.stringify(entries));
      if (valid) assert.ok(reads() > Object.keys(entries).length, "read by the subschemas one by one");
    }
  } finally {
    delete proto["planted"];
  }
});

test("a oneOf of closed variants under allOf: an extra key fails every variant", () => {
  const variants = {
    allOf: [{ properties: { kind: { enum: ["text", "ref"] } }, required: ["kind"] }],
    oneOf: [
      { type: "object", properties: { kind: { const: "text" }, text: { type: "string" } }, required: ["kind", "text"], additionalProperties: false },
      { type: "object", properties: { kind: { const: "ref" }, id: { type: "integer" } }, required: ["kind", "id"], additionalProperties: false },
    ],
  };
  const pair = both(variants, {})!;
  const cases: [unknown, boolean][] = [
    [{ kind: "text", text: "hi" }, true],
    [{ kind: "ref", id: 2 }, true],
    [{ kind: "text", text: "hi", id: 2 }, false],
    [{ kind: "ref", id: 2, extra: 0 }, false],
    [{ kind: "ref" }, false],
    [{ kind: "other", id: 2 }, false],
    ["text", false],
  ];
  for (const [value, valid] of cases) {
    assert.is(pair[0].isValid(value), valid, JSON.stringify(value));
    samePasses(pair, value, JSON.stringify(value));
  }
});

test("a name only `not` declares is evaluated by nothing", () => {
  const schema = { allOf: [{ properties: { a: {} } }], not: { properties: { n: { type: "string" } }, required: ["n"] }, unevaluatedProperties: false };
  const pair = both(schema, {})!;
  for (const [value, valid] of [[{ a: 1 }, true], [{ a: 1, n: 1 }, false], [{ a: 1, n: "s" }, false]] as const) {
    assert.is(pair[0].isValid(value), valid, JSON.stringify(value));
    samePasses(pair, value, JSON.stringify(value));
  }
});

test("nested objects of the same schema stack their slots above their parent's", () => {
  const tree = {
    anyOf: [{ properties: { leaf: { type: "integer" } }, required: ["leaf"] }, { properties: { left: { $ref: "#" }, right: { $ref: "#" } }, required: ["left", "right"] }],
    allOf: [{ properties: { name: { type: "string" } } }],
    unevaluatedProperties: false,
  };
  // The 400-level chain below is past the default maxDataDepth (256).
  const pair = both(tree, { maxDataDepth: 1_000 })!;
  const grow = (depth: number, name: string): unknown => (depth === 0 ? { leaf: 1, name } : { left: grow(depth - 1, name + "l"), right: grow(depth - 1, name + "r"), name });
  const deep = grow(6, "");
  assert.ok(pair[0].isValid(deep));
  samePasses(pair, deep, "a full tree of depth 6");
  // One bad leaf at the far right, after every slot below the root was filled and released.
  const bad = JSON.parse(JSON.stringify(deep).replace(/"name":"rrrrrr"/, '"name":6'));
  assert.not.ok(pair[0].isValid(bad));
  samePasses(pair, bad, "a bad name in the last leaf");
  // The slots are released: the next object starts from an empty set.
  assert.ok(pair[0].isValid({ leaf: 2 }));
  // A chain deeper than the slots kept between calls (1,024): they are dropped and made again.
  let chain: unknown = { leaf: 0 };
  for (let i = 0; i < 400; i++) chain = { left: chain, right: { leaf: i }, name: "n" };
  assert.ok(pair[0].isValid(chain));
  samePasses(pair, chain, "a chain of 400 levels");
  assert.not.ok(pair[0].isValid({ left: { leaf: 1 }, right: { leaf: "x" } }));
  assert.ok(pair[0].isValid(chain));
});

// Generated: subschemas that declare names (open, or closed with additionalProperties: false),
// under every in-place keyword, with or without unevaluatedProperties and own properties.
const NAMES = ["kind", "a", "b", "toString", "__proto__"];
const name = fc.constantFrom(...NAMES);
const leaf = fc.constantFrom<unknown>(false, { type: "string" }, { type: "integer", minimum: 0 }, { const: "x" }, { enum: [1, "x", null] }, { type: "object" }, { $ref: "#" });
const declaring = fc
  .record({ properties: fc.dictionary(name, leaf, { minKeys: 1, maxKeys: 3 }), required: fc.subarray(NAMES, { maxLength: 1 }), closed: fc.boolean(), typed: fc.boolean() })
  .map(({ properties, required, closed, typed }) => {
    const declared = required.filter((n) => Object.hasOwn(properties, n));
    return {
      ...(typed || closed ? { type: "object" } : {}),
      properties,
      ...(declared.length > 0 ? { required: declared } : {}),
      ...(closed ? { additionalProperties: false } : {}),
    };
  });
const subs = fc.array(declaring, { minLength: 1, maxLength: 3 });
const KEYWORDS = ["allOf", "anyOf", "oneOf", "not", "if", "then", "else", "properties", "unevaluatedProperties"];
const gathered = fc
  .tuple(
    fc.subarray(KEYWORDS, { minLength: 2, maxLength: 4 }),
    fc.record({
      allOf: subs,
      anyOf: subs,
      oneOf: subs,
      not: declaring,
      if: declaring,
      then: declaring,
      else: declaring,
      properties: fc.dictionary(name, leaf, { maxKeys: 2 }),
      unevaluatedProperties: fc.constantFrom<unknown>(false, { type: "integer" }, true),
    }),
  )
  // A few keywords each time, so that one subschema's verdict often decides; own __proto__ keys as JSON has them.
  .map(([keywords, all]) => JSON.parse(JSON.stringify(Object.fromEntries(keywords.map((k) => [k, all[k as keyof typeof all]])))) as Record<string, unknown>);
const value = fc.constantFrom<unknown>("x", 1, -1, null, true, {}, { kind: "x" });
const objectOver = fc.uniqueArray(fc.tuple(fc.constantFrom(...NAMES, "other"), value), { maxLength: 5, selector: ([k]) => k }).map((entries) => JSON.parse(JSON.stringify(Object.fromEntries(entries))) as unknown);

test("property: gathered subschemas give the closures' verdicts and errors", () => {
  check(
    fc.property(gathered, fc.array(fc.oneof(objectOver, value), { minLength: 1, maxLength: 4 }), (schema, values) => {
      const pair = both(schema, {});
      if (pair === undefined) return;
      for (const v of values) samePasses(pair, v, `${JSON.stringify(schema)} with ${JSON.stringify(v)}`);
    }),
    runs(1000),
  );
});

test.run();
