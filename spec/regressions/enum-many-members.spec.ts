// Regression (hostile schemas): an enum's objects and arrays were compared with a value one by
// one, each comparison reading as much of the value as matched. An enum of 5,000 arrays (100
// zeros and a number) under `items`, against data whose items match its last member: 1,000 items
// (200 KB) took 3.2 s, the time growing with the data times the schema. Past eight such members
// a value is found by its canonical text, written only as far as the longest member reaches.
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { compile } from "../../src/index.js";
import { canonical, canonicalWithin, nesting } from "../../src/json/canonical.js";
import { equal } from "../../src/json/equal.js";
import { StructuredMembers } from "../../src/json/member-set.js";
import { EXPLAINED_INVALID } from "../../src/limits.js";
import { usedExplainer } from "../../src/validator.js";
import { check, jsonValue, lookalike, runs, shuffleKeys } from "../helpers/arbitraries.js";
import { fastest } from "../helpers/timing.js";

const keys = (object: object): readonly string[] => Object.keys(object);
const structured = jsonValue.filter((v) => typeof v === "object" && v !== null) as fc.Arbitrary<object>;
/** Values that are not JSON, alone and inside containers: they equal nothing. */
const notJson = fc.constantFrom<unknown>(NaN, Infinity, undefined, [undefined], { a: NaN }, [1, [Infinity]], new Date(0));

/** JSON values only, as JSON.stringify writes them with every object's keys sorted: an oracle apart from canonical.ts. */
function sortedJson(value: unknown): string | undefined {
  const isJson = (v: unknown): boolean =>
    typeof v === "string" || typeof v === "boolean" || v === null || (typeof v === "number" && Number.isFinite(v)) ||
    (Array.isArray(v) ? v.every(isJson) : typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype && Object.values(v as object).every(isJson));
  const sorted = (v: unknown): unknown => (typeof v !== "object" || v === null ? v : Array.isArray(v) ? v.map(sorted) : Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted((v as Record<string, unknown>)[k])])));
  return isJson(value) ? JSON.stringify(sorted(value)) : undefined;
}

test("canonicalWithin writes the value's sorted JSON when it fits its room and depth, else undefined; canonical() always", () => {
  check(
    fc.property(fc.oneof(jsonValue, lookalike, notJson), fc.nat(40), fc.nat(5), (value, extra, deeper) => {
      const text = sortedJson(value);
      assert.is(canonical(value), text, JSON.stringify(value));
      const depth = nesting(value);
      const length = text === undefined ? 0 : text.length;
      // Every room around the text's length, and every depth around the value's.
      for (const room of [0, 1, 2, length - 1, length, length + 1, extra]) {
        for (const d of [0, Math.max(0, depth - 1), depth, depth + deeper]) {
          const expected = text !== undefined && text.length <= room && depth <= d ? text : undefined;
          assert.is(canonicalWithin(value, room, d, keys), expected, `${JSON.stringify(value)} in ${room} characters, ${d} deep`);
        }
      }
    }),
    runs(500),
  );
});

test("StructuredMembers finds what comparing with each member finds (few members, and many)", () => {
  check(
    fc.property(fc.array(structured, { minLength: 1, maxLength: 24 }), fc.array(fc.oneof(jsonValue, notJson), { maxLength: 6 }), fc.nat(), (members, others, seed) => {
      const set = new StructuredMembers([...members, 1, "a", null]);
      assert.is(set.size, members.length);
      // The members themselves, their keys shuffled, and other values.
      const probes = [...members.map((m, i) => shuffleKeys(m, seed + i)), ...others];
      for (const probe of probes) {
        if (typeof probe !== "object" || probe === null) continue;
        const found = members.some((m) => equal(probe, m));
        assert.is(set.has(probe, keys), found, JSON.stringify(probe));
      }
    }),
    runs(500),
  );
});

test("an enum of many objects and arrays: isValid, the explainer, the closures and the output formats agree", () => {
  const members = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? { id: i, tags: ["a", i], nested: { on: i > 10 } } : [i, { x: [i] }]));
  const v = compile({ items: { enum: [...members, "plain", 3] } }, { cache: false });
  // Equal as JSON: key order, 1.0 and -0 aside.
  const same = [{ nested: { on: false }, tags: ["a", 4], id: 4.0 }, [1, { x: [1] }], { id: 0, tags: ["a", -0], nested: { on: false } }, "plain", 3];
  const others = [{ id: 4, tags: ["a", 4], nested: { on: true } }, [1, { x: [1], y: 0 }], { id: 0, tags: ["a", 0] }, [1], {}, [], "other"];
  assert.ok(v.isValid(same));
  for (let call = 0; call < EXPLAINED_INVALID + 2; call++) {
    const result = v.validate([...same, ...others]);
    assert.is(result.valid, false);
    if (!result.valid) assert.equal(result.errors.map((e) => e.instanceLocation), others.map((_, i) => `/${same.length + i}`), `call ${call + 1}`);
  }
  assert.ok(usedExplainer(v));
  const basic = v.validate([...same, ...others], { output: "basic" });
  assert.is(basic.valid, false);
});

/**
 * An enum of `count` arrays of 100 zeros and a number, under `items`; `hits`: items equal to its
 * last member; `misses`: items that match all but the last number of every member.
 */
function attack(count: number, items: number): { schema: unknown; hits: unknown[]; misses: unknown[] } {
  const member = (k: number): number[] => [...Array<number>(100).fill(0), k];
  return {
    schema: { items: { enum: Array.from({ length: count }, (_, k) => member(k)) } },
    hits: Array.from({ length: items }, () => member(count - 1)),
    misses: Array.from({ length: items }, () => member(-1)),
  };
}

test("eight times the enum's members cost about the same time: a lookup costs the value, not the enum", () => {
  const small = attack(250, 400);
  const large = attack(2_000, 400);
  const [a, b] = [compile(small.schema, { cache: false }), compile(large.schema, { cache: false })];
  assert.equal([a.isValid(small.hits), b.isValid(large.hits), a.isValid(small.misses), b.isValid(large.misses)], [true, true, false, false]);
  // A unit's params hold the whole enum (410,000 characters of JSON here): one list of 400 units
  // is cut at the output bound; one miss a call, each call reports its unit.
  const whole = b.validate(large.misses);
  assert.ok(!whole.valid && whole.truncated === true && whole.errors.length < 400);
  const each = (v: typeof a, items: readonly unknown[]) => () => items.reduce<number>((n, item) => n + (v.validate([item]).valid ? 0 : 1), 0);
  assert.is(each(b, large.misses)(), 400);
  // Before: proportional to the members, about 8x. Now about 1x.
  const ratio = fastest(() => b.isValid(large.hits)) / fastest(() => a.isValid(small.hits));
  assert.ok(ratio < 3, `8x the members cost ${ratio.toFixed(1)}x the time (isValid)`);
  const errors = fastest(each(b, large.misses)) / fastest(each(a, small.misses));
  assert.ok(errors < 3, `8x the members cost ${errors.toFixed(1)}x the time (validate)`);
});

test.run();
