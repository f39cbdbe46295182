// validate()'s boolean pass leaves a witness (src/engine/witness.ts): where a plan's loop over an
// object's keys or an array's items failed, every value before it passed. The error pass starts
// its loop over the same container, for the same schema object, at the value that failed instead
// of checking them all again. Held here: what it skips (format checkers count the evaluations:
// each test makes fewer than FREE_CHECKS checks, past which a call keeps a checker's verdict on a
// string, engine/string-verdicts.ts), that the units are those of a pass with nothing to skip,
// and that nothing is kept after.
import fc from "fast-check";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compileExplaining, compileWithoutPlans } from "../src/compile.js";
import { compile, SchemaError, type CompileOptions, type Validator } from "../src/index.js";
import { usedExplainer } from "../src/validator.js";
import { ITEMS_SEEN, PATTERNS_SEEN, Witness } from "../src/engine/witness.js";
import { FREE_CHECKS } from "../src/engine/string-verdicts.js";
import { check, runs } from "./helpers/arbitraries.js";
import { samePasses, samePassesOnSuite } from "./helpers/passes.js";

/** A format whose checker counts its calls: "bad" fails. */
function counted(): { calls: number; options: CompileOptions } {
  const counter = { calls: 0, options: {} as CompileOptions };
  counter.options = { cache: false, formats: { counted: (s: string) => (counter.calls++, s !== "bad") } };
  return counter;
}

/** Errors from the collecting variant's closures from the first invalid instance. */
const collecting = (schema: unknown, options: CompileOptions): Validator => compileExplaining(schema, options, 0);
/** Errors from the explainer for every invalid instance. */
const explaining = (schema: unknown, options: CompileOptions): Validator => compileExplaining(schema, options);

/** Both error passes read the witness: each directed test runs with each. */
const PASSES = [
  ["closures", collecting],
  ["explainer", explaining],
] as const;

const item = { type: "string", format: "counted" };
const goods = (n: number): string[] => Array.from({ length: n }, () => "good");

for (const [kind, make] of PASSES) {
  test(`${kind}: items: the error pass starts at the item the boolean pass saw fail`, () => {
    const c = counted();
    const v = make({ items: item }, c.options);
    const result = v.validate([...goods(999), "bad", "good"]);
    assert.is(usedExplainer(v), kind === "explainer");
    assert.equal(result.valid ? [] : result.errors.map((e) => e.instanceLocation), ["/999"]);
    // Boolean pass: items 0 to 999 (1,000 calls). Error pass: item 999 followed for its unit
    // without asking (1), and the item after it asked (1). Without the witness: 2,000 more.
    assert.ok(1000 + 2 < FREE_CHECKS, "the counts are of checks the call does not keep");
    assert.is(c.calls, 1000 + 2);
  });

  test(`${kind}: loops are named alike when the caller's key order is not the sorted one`, () => {
    // The plans are compiled from the sorted copy, the closures from one in the caller's order:
    // /properties/b is met first by one, /properties/a by the other (engine/loop-numbers.ts).
    const c = counted();
    const v = make({ properties: { b: { items: item }, a: { items: item } } }, c.options);
    const result = v.validate({ a: [...goods(100), "bad"], b: goods(10) });
    assert.is(usedExplainer(v), kind === "explainer");
    assert.equal(result.valid ? [] : result.errors.map((e) => e.instanceLocation), ["/a/100"]);
    // Boolean pass: a's items up to the failure (101). Error pass: a followed from its failed
    // item (1), b asked (10). A loop named otherwise would ask a's 100 good items again.
    assert.is(c.calls, 101 + 1 + 10);
  });

  test(`${kind}: the value the boolean pass saw fail is not asked again, first or not`, () => {
    const c = counted();
    const v = make({ items: { items: item } }, c.options);
    const result = v.validate([[...goods(100), "bad"], goods(100)]);
    assert.is(usedExplainer(v), kind === "explainer");
    assert.equal(result.valid ? [] : result.errors.map((e) => e.instanceLocation), ["/0/100"]);
    // Boolean pass: item 0 up to its failure (101). Error pass: item 0 followed from its failed
    // item (1), item 1 asked (100). Asking item 0 too would be 101 more.
    assert.is(c.calls, 101 + 1 + 100);
    const k = counted();
    const w = make({ additionalProperties: { items: item } }, k.options);
    const keyed = w.validate({ a: [...goods(100), "bad"], b: goods(100) });
    assert.equal(keyed.valid ? [] : keyed.errors.map((e) => e.instanceLocation), ["/a/100"]);
    assert.is(k.calls, 101 + 1 + 100);
  });

  test(`${kind}: properties of more than four names, walked by key: the keys before the failing one are skipped`, () => {
    const c = counted();
    const names = ["a", "b", "c", "d", "e", "f"];
    const v = make({ properties: Object.fromEntries(names.map((n) => [n, { items: item }])) }, c.options);
    const data = { a: goods(100), b: goods(100), c: goods(100), d: [...goods(50), "bad"], e: goods(100) };
    const result = v.validate(data);
    assert.is(usedExplainer(v), kind === "explainer");
    assert.equal(result.valid ? [] : result.errors.map((e) => e.instanceLocation), ["/d/50"]);
    // Boolean pass: a, b, c (300 calls), d up to its failure (51). Error pass: d from item 50 (the
    // witness of d's own loop: followed, 1), e in full (asked, 100).
    assert.is(c.calls, 300 + 51 + 1 + 100);
  });

  test(`${kind}: properties walked by key, all errors: a value after the failing one is asked first, and followed only when it fails`, () => {
    const c = counted();
    const names = ["a", "b", "c", "d", "e"];
    const v = make({ properties: Object.fromEntries(names.map((n) => [n, { items: item }])) }, c.options);
    const result = v.validate({ a: [...goods(10), "bad"], b: goods(10), c: [...goods(10), "bad"], d: "not an array", e: goods(10) });
    assert.is(usedExplainer(v), kind === "explainer");
    assert.equal(result.valid ? [] : result.errors.map((e) => e.instanceLocation), ["/a/10", "/c/10"]);
    if (kind === "closures") {
      // Boolean pass: a up to its failure (11). Error pass: a from item 10 (followed, 1); b asked
      // and passing, not walked (10); c asked (11), failing, then followed, its items asked
      // each and the failing one followed (11 + 1); e asked (10). Walking b and e by the
      // closures would count as much: the questions run on the plans, which is what they save.
      assert.is(c.calls, 11 + 1 + 10 + 11 + 12 + 10);
    }
  });

  test(`${kind}: properties with additionalProperties (their keys read once): declared and additional keys before the failure are skipped`, () => {
    const c = counted();
    const v = make({ properties: { a: item }, additionalProperties: item }, c.options);
    const data = Object.fromEntries([["a", "good"], ...goods(500).map((g, i) => [`k${i}`, g]), ["z", "bad"], ["y", "good"]]);
    const result = v.validate(data);
    assert.is(usedExplainer(v), kind === "explainer");
    assert.equal(result.valid ? [] : result.errors.map((e) => e.instanceLocation), ["/z"]);
    // Boolean pass: 502 keys. Error pass: z followed (1), y asked (1).
    assert.is(c.calls, 502 + 2);
  });

  test(`${kind}: additionalProperties alone, and a loop that passed every key before required failed`, () => {
    const alone = counted();
    const v = make({ additionalProperties: item }, alone.options);
    const data = Object.fromEntries([...goods(300).map((g, i) => [`k${i}`, g]), ["z", "bad"]]);
    assert.not.ok(v.validate(data).valid);
    assert.is(usedExplainer(v), kind === "explainer");
    assert.is(alone.calls, 301 + 1);

    const all = counted();
    const names = ["a", "b", "c", "d", "e", "f"];
    // `required` names a declared property: the plan's key loop counts it, after every key.
    const w = make({ type: "object", properties: Object.fromEntries(names.map((n) => [n, { items: item }])), required: ["f"] }, all.options);
    const result = w.validate(Object.fromEntries(names.slice(0, 5).map((n) => [n, goods(100)])));
    assert.is(usedExplainer(w), kind === "explainer");
    assert.equal(result.valid ? [] : result.errors.map((e) => e.keyword), ["required"]);
    // Every key passed before `required` failed: the error pass checks none of them again.
    assert.is(all.calls, 500);
  });

  test(`${kind}: patternProperties, and additionalProperties beside patterns, record where their loops failed`, () => {
    const patterns = counted();
    const v = make({ patternProperties: { "^k": item } }, patterns.options);
    const data = Object.fromEntries([...goods(300).map((g, i) => [`k${i}`, g]), ["kz", "bad"], ["ky", "good"]]);
    const result = v.validate(data);
    assert.is(usedExplainer(v), kind === "explainer");
    assert.equal(result.valid ? [] : result.errors.map((e) => e.instanceLocation), ["/kz"]);
    // Boolean pass: 301 keys (the closure's loop). Error pass: kz and ky, followed (2).
    assert.is(patterns.calls, 301 + 2);

    const others = counted();
    const w = make({ patternProperties: { "^p": {} }, additionalProperties: item }, others.options);
    const more = Object.fromEntries([["p1", 1], ...goods(200).map((g, i) => [`k${i}`, g]), ["z", "bad"], ["y", "good"]]);
    const failed = w.validate(more);
    assert.is(usedExplainer(w), kind === "explainer");
    assert.equal(failed.valid ? [] : failed.errors.map((e) => e.instanceLocation), ["/z"]);
    // Boolean pass: 201 keys. Error pass: z followed, y asked (the explainer has no plan of
    // additionalProperties beside patterns: it follows both).
    assert.is(others.calls, 201 + 2);
  });

  test(`${kind}: contains reports the count the boolean pass found, without counting again`, () => {
    const few = counted();
    const v = make({ contains: { format: "counted" }, minContains: 2 }, few.options);
    const result = v.validate([...Array.from({ length: 300 }, () => "bad"), "good"]);
    assert.is(usedExplainer(v), kind === "explainer");
    assert.equal(result.valid ? [] : result.errors.map((e) => [e.keywordLocation, e.error]), [["/minContains", "must contain at least 2 items matching the contains schema, but contains 1"]]);
    // Boolean pass: every item (301), the count 1. Error pass: none. Without the witness: 301 more.
    assert.is(few.calls, 301);

    const many = counted();
    const w = make({ contains: { format: "counted" }, maxContains: 1 }, many.options);
    const failed = w.validate(goods(300));
    assert.equal(failed.valid ? [] : failed.errors.map((e) => [e.keywordLocation, e.error]), [["/maxContains", "must contain at most 1 item matching the contains schema, but contains 300"]]);
    assert.is(many.calls, 300);
  });

  test(`${kind}: propertyNames records the name that failed`, () => {
    const c = counted();
    const v = make({ propertyNames: { format: "counted" } }, c.options);
    const data = Object.fromEntries([...goods(300).map((g, i) => [`${g}${i}`, 1]), ["bad", 1], ["good", 1]]);
    const result = v.validate(data);
    assert.is(usedExplainer(v), kind === "explainer");
    assert.equal(result.valid ? [] : result.errors.map((e) => [e.instanceLocation, e.keyword]), [["/bad", "format"], ["", "propertyNames"]]);
    // Boolean pass: 301 names. Error pass: "bad" followed and "good" (2; the explainer has no plan
    // of the names to ask first). Without the witness: 301 more.
    assert.is(c.calls, 301 + 2);
  });

  test(`${kind}: a failure below a subschema in place and a declared property is followed, not asked again`, () => {
    const c = counted();
    // The declared-properties plan keeps no pointer: its loop is named by the plan itself (LoopKey).
    const v = make({ if: { required: ["kind"] }, else: { properties: { big: { items: item } } } }, c.options);
    const result = v.validate({ big: [...goods(100), "bad"] });
    assert.is(usedExplainer(v), kind === "explainer");
    assert.equal(result.valid ? [] : result.errors.map((e) => [e.instanceLocation, e.keywordLocation]), [["/big/100", "/else/properties/big/items/format"], ["", "/if"]]);
    // Boolean pass: items 0 to 100 (101). Error pass: item 100 followed (1). Were the declared
    // loop not named, the explainer would ask `else` again first (101 more).
    assert.is(c.calls, 101 + 1);
  });

  test(`${kind}: the witness holds only for the schema object whose loop ran: another one over the same value checks it all`, () => {
    const c = counted();
    // allOf's two branches loop over the same array; the boolean pass fails in the first.
    const v = make({ allOf: [{ items: item }, { items: { format: "counted" } }] }, c.options);
    const result = v.validate([...goods(100), "bad"]);
    assert.is(usedExplainer(v), kind === "explainer");
    assert.equal(result.valid ? [] : result.errors.map((e) => [e.instanceLocation, e.keywordLocation]), [["/100", "/allOf/0/items/format"], ["/100", "/allOf/1/items/format"]]);
    // Boolean pass: 101. Error pass: branch 0 from item 100 (followed, 1), branch 1 all 101 asked,
    // item 100 followed (102). The explainer asks each branch first: branch 0's plan failed its
    // loop over the array, so it fails at once; branch 1's plan is run (101), and its loop, which
    // that question saw fail at item 100, starts there (item 100 followed: 1), as the closures'.
    assert.is(c.calls, 101 + 1 + 102);
  });
}

test("a dynamic reference below a schema object: reached another way, it may judge the same items otherwise, so no witness", () => {
  // inner's items follow whichever "node" is outermost in scope: integers through a, strings through b.
  const schema = {
    $id: "https://example.com/root",
    allOf: [{ $ref: "a" }, { $ref: "b" }],
    $defs: {
      a: { $id: "a", $defs: { node: { $dynamicAnchor: "node", type: "integer" } }, $ref: "list" },
      b: { $id: "b", $defs: { node: { $dynamicAnchor: "node", type: "string" } }, $ref: "list" },
      list: { $id: "list", $defs: { node: { $dynamicAnchor: "node" }, inner: { items: { $dynamicRef: "#node" } } }, $ref: "#/$defs/inner" },
    },
  };
  const data = [1, 2, "x"];
  const expected = ["/2", "/0", "/1"];
  const options: CompileOptions = { refs: "document" }; // references by $id, within the document
  for (const v of [collecting(schema, options), compileWithoutPlans(schema, options)]) {
    const result = v.validate(data);
    assert.equal(result.valid ? [] : result.errors.filter((e) => e.keyword === "type").map((e) => e.instanceLocation), expected);
  }
});

test("more loops fail than the witness keeps (anyOf branches): the oldest go, the units are the same", () => {
  // Each item's first branch fails its items loop (recorded), the second passes; the last item fails both.
  const schema = { items: { anyOf: [{ items: { type: "integer" } }, { items: { type: "string" } }] } };
  const data = [...Array.from({ length: 200 }, () => ["x", "y"]), [1, "x"]];
  const [a, b] = [collecting(schema, {}), compileWithoutPlans(schema, {})];
  const [ra, rb] = [a.validate(data), b.validate(data)];
  assert.equal(ra, rb);
  assert.equal(ra.valid ? [] : ra.errors.map((e) => e.instanceLocation), ["/200/1", "/200/0", "/200"]);
});

test("items that are scalars, arrays of scalars or tuples of scalars record where their loop failed", () => {
  // Their plans test each item inline (no format checker can count them): what the boolean pass
  // records is read off the witness itself.
  const recorded: Array<[unknown, string | number]> = [];
  const record = Witness.prototype.record;
  Witness.prototype.record = function (this: Witness, container, location, seen, failed) {
    if (!this.sealed && seen === ITEMS_SEEN) recorded.push([container, failed]);
    return record.call(this, container, location, seen, failed);
  };
  try {
    const cases: Array<[unknown, unknown[]]> = [
      [{ items: { type: "integer" } }, [1, 2, 3, "x", 4]],
      // `type: "array"` beside them: a plan of its own kind (SCALAR_ARRAY), which records too.
      [{ type: "array", items: { type: "integer", minimum: 0 } }, [1, 2, 3, -1, 4]],
      [{ type: "array", minItems: 1, maxItems: 9, items: { type: "string", maxLength: 2 } }, ["a", "bb", "ccc", "d"]],
      [{ items: { type: "number" } }, [0.5, 1.5, null, 2]],
      [{ items: { type: "string", maxLength: 2 } }, ["a", "bb", "ccc", "d"]],
      [{ items: { enum: [1, 2] } }, [1, 2, 3, 1]],
      [{ items: { type: "array", items: { type: "number" } } }, [[1], [2, 3], [4, "x"], [5]]],
      [{ items: { type: "array", prefixItems: [{ type: "number" }, { type: "number" }] } }, [[1, 2], [3, 4], [5, null], [6, 7]]],
    ];
    for (const [schema, data] of cases) {
      recorded.length = 0;
      const v = compile(schema, { cache: false });
      const result = v.validate(data);
      const label = JSON.stringify(schema);
      assert.equal(result.valid ? [] : result.errors.map((e) => e.instanceLocation.split("/")[1]), [String(data.length - 2)], label);
      assert.equal(recorded, [[data, data.length - 2]], label);
      // The same units as a validator with no witness to read.
      assert.equal(result, compileWithoutPlans(schema).validate(data), label);
    }
  } finally {
    Witness.prototype.record = record;
  }
});

test("only the error pass looks: before seal() a lookup finds nothing (the boolean pass would mostly miss, each miss reading the ring)", () => {
  const w = new Witness();
  const container = {};
  w.record(container, 7, PATTERNS_SEEN, "k");
  assert.is(w.stop(container, 7, PATTERNS_SEEN), undefined);
  w.seal();
  assert.is(w.stop(container, 7, PATTERNS_SEEN), "k");
  assert.is(w.stop({}, 7, PATTERNS_SEEN), undefined);
});

test("output formats: an invalid instance's errors read the witness as validate()'s do; a valid one's annotations read every item", () => {
  // An invalid instance's output is validate()'s error pass in the format (it once ran the
  // annotating pass over every item again, and a costly pattern ran out of the call's steps).
  for (const [kind, make] of PASSES) {
    const c = counted();
    const v = make({ items: item }, c.options);
    v.validate([...goods(10), "bad"]);
    const validateCalls = c.calls;
    assert.ok(validateCalls < 11 + 11, `${kind}: validate(): ${validateCalls} calls`);
    c.calls = 0;
    const out = v.validate([...goods(10), "bad"], { output: "basic" }) as { valid: boolean };
    assert.is(out.valid, false);
    assert.is(c.calls, validateCalls, `${kind}: basic output`);
    c.calls = 0;
    assert.is((v.validate(goods(10), { output: "basic" }) as { valid: boolean }).valid, true);
    assert.ok(c.calls >= 10 + 10, `${kind}: a valid instance's annotations: ${c.calls} calls`);
  }
});

test("a key order the two passes read alike: a polluted Object.prototype makes both list Object.keys", () => {
  const c = counted();
  const v = collecting({ additionalProperties: item }, c.options);
  const data = Object.fromEntries([...goods(50).map((g, i) => [`k${i}`, g]), ["z", "bad"]]);
  (Object.prototype as Record<string, unknown>)["polluted"] = "bad";
  try {
    const result = v.validate(data);
    assert.equal(result.valid ? [] : result.errors.map((e) => e.instanceLocation), ["/z"]);
  } finally {
    delete (Object.prototype as Record<string, unknown>)["polluted"];
  }
});

/** Plans and the collecting variant's closures (reading the witness) against closures only (no witness). */
function pair(schema: unknown, options: CompileOptions): [Validator, Validator] | undefined {
  try {
    return [collecting(schema, options), compileWithoutPlans(schema, options)];
  } catch (error) {
    if (error instanceof SchemaError) return undefined;
    throw error;
  }
}

test("every suite case: the units of an error pass that skips are those of one that does not", () => {
  const compared = samePassesOnSuite(pair);
  assert.ok(compared > 1200, `only ${compared} suite cases compared`);
});

// Containers large enough to skip in: arrays and objects of many values, failing anywhere.
const leaf = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom("good", "bad", null, true));
const value = fc.oneof(leaf, fc.array(leaf, { maxLength: 6 }), fc.dictionary(fc.constantFrom("a", "b", "c", "d", "e", "f", "g"), leaf, { maxKeys: 7 }));
const many = fc.oneof(fc.array(value, { minLength: 2, maxLength: 12 }), fc.dictionary(fc.constantFrom("a", "b", "c", "d", "e", "f", "g", "h", "k", "z"), value, { minKeys: 2 }));
const sub = fc.constantFrom<unknown>(
  { type: "integer" },
  { type: "string", format: "counted" },
  { items: { type: "integer", minimum: 0 } },
  { properties: { a: { type: "string" }, b: { type: "integer" }, c: { type: "null" }, d: {}, e: { type: "boolean" } }, required: ["a"] },
  { properties: { a: { type: "integer" } }, additionalProperties: { type: ["integer", "string"] } },
  { additionalProperties: { type: "integer" } },
  { anyOf: [{ type: "integer" }, { items: { type: "string" } }] },
);
const shape = fc.oneof(
  sub.map((s) => ({ items: s })),
  sub.map((s) => ({ additionalProperties: s })),
  fc.tuple(sub, sub).map(([s, t]) => ({ properties: { a: s, b: t, c: s, d: t, e: s }, additionalProperties: t })),
  fc.tuple(sub, sub).map(([s, t]) => ({ properties: { a: s, b: t, c: s, d: t, e: s, f: t }, required: ["z"] })),
  fc.tuple(sub, sub).map(([s, t]) => ({ allOf: [{ items: s }, { items: t }], anyOf: [{ additionalProperties: s }, { items: t }] })),
  fc.tuple(sub, sub).map(([s, t]) => ({ patternProperties: { "^[a-e]": s, "[d-k]$": t }, additionalProperties: t })),
  fc.tuple(sub, sub).map(([s, t]) => ({ properties: { a: s }, patternProperties: { "^[b-d]": t }, additionalProperties: s })),
  fc.tuple(sub, fc.constantFrom({ pattern: "^[a-e]" }, { maxLength: 0 }, { enum: ["a", "k", "z"] })).map(([s, names]) => ({ propertyNames: names, additionalProperties: s })),
  fc.tuple(sub, fc.constantFrom({}, { minContains: 2 }, { maxContains: 1 }, { minContains: 0, maxContains: 2 })).map(([s, bounds]) => ({ contains: s, ...bounds, items: { not: { const: "never" } } })),
);

test("property: containers failing anywhere: the same units with and without the witness", () => {
  const formats = { counted: (s: string) => s !== "bad" };
  check(
    fc.property(shape, fc.array(many, { minLength: 1, maxLength: 4 }), (schema, values) => {
      const both = pair(schema, { formats });
      if (both === undefined) return;
      for (const data of values) samePasses(both, data, JSON.stringify(schema));
    }),
    runs(300),
  );
});

test("a valid instance's validate() and every later call start from an empty witness", () => {
  const v = compile({ items: { type: "integer" } }, { cache: false });
  assert.ok(v.validate([1, 2, 3]).valid);
  const result = v.validate([1, "x", 2, "y"]);
  assert.equal(result.valid ? [] : result.errors.map((e) => e.instanceLocation), ["/1", "/3"]);
  // Another array, same schema: its own witness, not the last one's.
  const again = v.validate(["x", 1, 2]);
  assert.equal(again.valid ? [] : again.errors.map((e) => e.instanceLocation), ["/0"]);
});

test.run();
