// Maps keyed by texts from the data key a long text by its token (src/json/text-keys.ts), and
// SchemaCache keys a long schema text by a stand-in (src/cache-keys.ts): V8 hashes a string of
// more than 16,383 characters by its length alone, so 1,000 distinct strings of one such length,
// differing only at the end, made uniqueItems, the reference memo and the cache compare each new
// string with every one before it (seconds, growing with the square of the count).
import { test } from "uvu";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { compile, SchemaCache } from "../src/index.js";
import { LongKeys } from "../src/cache-keys.js";
import { LONG_TEXT, TextKeys } from "../src/json/text-keys.js";
import { MemberSet } from "../src/json/member-set.js";
import { compileExplaining } from "../src/compile.js";
import { check, runs } from "./helpers/arbitraries.js";
import { fastest } from "./helpers/timing.js";
import { copyOf } from "./helpers/strings.js";

/** `count` distinct strings of `length` characters that differ only in their last six. */
function sameLength(count: number, length: number): string[] {
  const head = "a".repeat(length - 6);
  return Array.from({ length: count }, (_, i) => head + String(i).padStart(6, "0"));
}

/** Texts from a two-letter alphabet, which repeat pieces of 4 and 8 characters. */
const twoLetterTexts = fc.array(fc.string({ unit: fc.constantFrom("a", "b"), maxLength: 48 }), { maxLength: 12 });

test("TextKeys: equal texts get one key, different texts different keys (pieces of 4, 8 and LONG_TEXT)", () => {
  // With pieces of 4 characters a 40-character text's numbers are long too, so the keys of the
  // numbers are reached.
  check(
    fc.property(fc.constantFrom(4, 8), twoLetterTexts, (long, texts) => {
      const keys = new TextKeys(long);
      const first = texts.map((t) => keys.keyOf(t));
      const again = texts.map((t) => keys.keyOf(copyOf(t)));
      for (let i = 0; i < texts.length; i++) {
        const t = texts[i]!;
        assert.ok(t.length <= long ? first[i] === t : typeof first[i] === "object", "a short text is its own key, a long one has a token");
        assert.is(again[i], first[i], "the same text gets the same key");
        for (let j = 0; j < i; j++) assert.is(first[i] === first[j], t === texts[j], `texts ${j} and ${i}`);
      }
    }),
    runs(300),
  );
  const keys = new TextKeys();
  const [a, b] = sameLength(2, LONG_TEXT + 1);
  assert.is(keys.keyOf(a!), keys.keyOf(copyOf(a!)));
  assert.is.not(keys.keyOf(a!), keys.keyOf(b!));
  assert.is(keys.keyOf("a".repeat(LONG_TEXT)), "a".repeat(LONG_TEXT));
});

test("TextKeys.find: the key keyOf gave an equal text, or undefined, and it keeps nothing of the text", () => {
  check(
    fc.property(fc.constantFrom(4, 8), twoLetterTexts, twoLetterTexts, (long, keyed, probes) => {
      const keys = new TextKeys(long);
      const given = keyed.map((t) => keys.keyOf(t));
      for (const probe of [...probes, ...keyed.map(copyOf)]) {
        const i = keyed.indexOf(probe);
        assert.is(keys.find(probe), i >= 0 ? given[i] : probe.length <= long ? probe : undefined, JSON.stringify(probe));
      }
      // What find() met is not kept: a fresh TextKeys that keys the same texts gives the same answers.
      const fresh = new TextKeys(long);
      keyed.forEach((t) => fresh.keyOf(t));
      for (const probe of probes) assert.is(keys.find(probe) === undefined, fresh.find(probe) === undefined);
    }),
    runs(300),
  );
});

test("MemberSet has what a Set of the same primitives has (pieces of 4, 8 and LONG_TEXT)", () => {
  const others = fc.constantFrom<unknown>(0, -0, 1, NaN, null, true, false, undefined, { a: 1 }, ["a"]);
  check(
    fc.property(fc.constantFrom(4, 8), twoLetterTexts, fc.array(others, { maxLength: 4 }), twoLetterTexts, (long, texts, extra, probes) => {
      const values = [...texts, ...extra];
      const members = new MemberSet(values, long);
      const set = new Set(values.filter((v) => typeof v !== "object" || v === null));
      for (const probe of [...probes, ...texts.map(copyOf), ...extra, -0, 0, NaN, { a: 1 }]) {
        assert.is(members.has(probe), set.has(probe), JSON.stringify(probe));
      }
    }),
    runs(300),
  );
  const [a, b] = sameLength(2, LONG_TEXT + 1);
  const members = new MemberSet([a, "x"]);
  assert.ok(members.has(copyOf(a!)) && !members.has(b) && !members.has(a + "x") && members.has("x"));
});

test("uniqueItems finds equal long strings and long objects, however far apart they are", () => {
  const v = compile({ uniqueItems: true }, { cache: false });
  const texts = sameLength(40, LONG_TEXT + 100);
  assert.ok(v.isValid(texts));
  assert.ok(v.isValid(texts.map((s) => ({ s }))));
  const withCopy = [...texts, copyOf(texts[7]!)];
  assert.not.ok(v.isValid(withCopy));
  const result = v.validate(withCopy);
  assert.ok(!result.valid);
  assert.equal(result.errors.map((e) => [e.keyword, e.params]), [["uniqueItems", { i: 7, j: 40 }]]);
  assert.not.ok(v.isValid([...texts.map((s) => ({ s })), { s: copyOf(texts[39]!) }]));
  // A long string and an object whose canonical text is that string are not equal.
  const text = JSON.stringify({ s: texts[0] });
  assert.ok(v.isValid([...texts.slice(1), text, JSON.parse(text)]));
});

test("the reference memo tells long strings apart", () => {
  // Two references to one definition per item: past 4,096 crossings each item's result is remembered.
  const v = compile({ $defs: { s: { type: "string", pattern: "[02468]$" } }, items: { anyOf: [{ $ref: "#/$defs/s", minLength: 1e9 }, { $ref: "#/$defs/s" }] } }, { cache: false });
  const short = Array.from({ length: 4200 }, (_, i) => "s" + 2 * i);
  const texts = sameLength(20, LONG_TEXT + 100); // ends in 0…19: every other one fails the pattern
  const data = [...short, ...texts, ...texts.map(copyOf)];
  assert.not.ok(v.isValid(data));
  assert.ok(v.isValid([...short, ...texts.filter((_, i) => i % 2 === 0), ...texts.filter((_, i) => i % 2 === 0).map(copyOf)]));
  const result = v.validate(data);
  assert.ok(!result.valid);
  const failing = new Set(result.errors.filter((e) => e.keyword === "pattern").map((e) => e.instanceLocation));
  const odd = [...texts.keys()].filter((i) => i % 2 === 1);
  const expected = new Set([...odd.map((i) => `/${4200 + i}`), ...odd.map((i) => `/${4220 + i}`)]);
  assert.equal(failing, expected);
});

/**
 * How much longer `count` strings just past LONG_TEXT take than as many just below it. Each run
 * makes its strings anew: V8 keeps a string's hash once computed, so strings hashed before cost
 * nothing the next time.
 */
function pastOverBelow(validate: (texts: string[]) => unknown, count: number): number {
  validate(sameLength(count, LONG_TEXT - 383));
  validate(sameLength(count, LONG_TEXT + 617));
  return fastest(() => validate(sameLength(count, LONG_TEXT + 617))) / fastest(() => validate(sameLength(count, LONG_TEXT - 383)));
}

// Before text-keys.ts: 70-130 times (each new string compared with every one before it).
test("uniqueItems on 1,000 distinct long strings of one length costs about what shorter ones cost", () => {
  const v = compile({ uniqueItems: true }, { cache: false });
  const strings = pastOverBelow((texts) => assert.ok(v.isValid(texts)), 1000);
  const objects = pastOverBelow((texts) => assert.ok(v.isValid(texts.map((s) => ({ s })))), 1000);
  assert.ok(strings < 8, `strings: ${strings.toFixed(1)} times`);
  assert.ok(objects < 8, `objects: ${objects.toFixed(1)} times`);
});

test("the reference memo on 1,000 distinct long strings of one length costs about what shorter ones cost", () => {
  const v = compile({ $defs: { s: { type: "string" } }, items: { anyOf: [{ $ref: "#/$defs/s", minLength: 1e9 }, { $ref: "#/$defs/s" }] } }, { cache: false });
  const short = Array.from({ length: 4200 }, (_, i) => "s" + i);
  const ratio = pastOverBelow((texts) => assert.ok(v.isValid([...short, ...texts])), 1000);
  assert.ok(ratio < 8, `${ratio.toFixed(1)} times`);
});

/** The units of validate([value]) for each value, together. */
const unitsEach = (v: { validate(x: unknown): { valid: boolean } }, values: readonly unknown[]): number =>
  values.reduce<number>((n, value) => n + ((v.validate([value]) as { errors?: unknown[] }).errors?.length ?? 0), 0);

// Before member-set.ts: each lookup compared the string with every member of its length (30-70 times).
test("an enum of 580 long strings of one length looks up such a string in about the time 9 members take", () => {
  const length = LONG_TEXT + 617;
  const texts = sameLength(800, length);
  const members = texts.slice(0, 580);
  const values = texts.slice(600); // none is a member: each differs from every member in its last characters only
  const enumOf = (count: number) => ({ items: { enum: members.slice(0, count) } });
  for (const [what, make] of [
    // Every value looked up (none is a member), where `enum` alone would stop at the first.
    ["isValid", (count: number) => { const v = compile({ items: { not: enumOf(count).items } }, { cache: false }); return () => assert.ok(v.isValid(values)); }],
    // One value a call: a unit's params hold the whole enum (millions of characters), so one list
    // of 200 units is cut at the output bound after its first; 200 calls still look each up.
    ["validate, the explainer", (count: number) => { const v = compileExplaining(enumOf(count), { cache: false }, Infinity); return () => assert.is(unitsEach(v, values), 200); }],
    ["validate, the closures", (count: number) => { const v = compileExplaining(enumOf(count), { cache: false }, 0); return () => assert.is(unitsEach(v, values), 200); }],
  ] as const) {
    const many = make(580);
    const few = make(9);
    many();
    few();
    const ratio = fastest(many) / fastest(few);
    assert.ok(ratio < 4, `${what}: ${ratio.toFixed(1)} times`);
  }
});

test("LongKeys: equal keys get one stand-in, different keys different ones, and released pieces go (pieces of 4 and 8)", () => {
  check(
    fc.property(fc.constantFrom(4, 8), twoLetterTexts, (long, texts) => {
      const keys = new LongKeys(long);
      const kept = texts.map((t) => keys.keep(t));
      for (let i = 0; i < texts.length; i++) {
        assert.is(keys.find(copyOf(texts[i]!)), kept[i], "a kept key is found");
        for (let j = 0; j < i; j++) assert.is(kept[i] === kept[j], texts[i] === texts[j], `keys ${j} and ${i}`);
      }
      for (const t of texts) keys.release(t);
      assert.is(keys.size, 0, "every piece is let go with the last key that uses it");
      for (const t of texts) if (t.length > 0) assert.is(keys.find(t), undefined);
    }),
    runs(300),
  );
});

test("SchemaCache: long schemas of one length are told apart, and an evicted one lets go of its pieces", () => {
  const cache = new SchemaCache({ maxEntries: 2 });
  const [a, b, c] = sameLength(3, LONG_TEXT + 100);
  const va = compile({ const: a }, { cache });
  const vb = compile({ const: b }, { cache });
  assert.is.not(va, vb);
  assert.is(compile({ const: copyOf(a!) }, { cache }), va);
  assert.ok(vb.isValid(b) && !vb.isValid(a));
  const pieces = cache.longPieces;
  compile({ const: c }, { cache }); // evicts b (a was used since it was queued)
  assert.is(cache.stats.evictions, 1);
  assert.is(compile({ const: copyOf(a!) }, { cache }), va);
  assert.ok(cache.longPieces <= pieces, `${cache.longPieces} pieces kept, ${pieces} before`);
  cache.clear();
  assert.is(cache.longPieces, 0);
});

// Before cache-keys.ts: 30 times (each lookup, and each requeue of the eviction that follows a
// hit on every entry, compared the text with every entry of its length).
test("a cache of 1,000 long schemas of one length, each hit, then one more, costs about what shorter ones cost", () => {
  const fill = (texts: string[]) => {
    // Bounded by entries alone: 1,000 long keys pass 64 MiB at four bytes a character.
    const cache = new SchemaCache({ maxEntries: texts.length - 1, maxBytes: 2 ** 30 });
    for (const text of texts.slice(1)) compile({ description: text }, { cache });
    for (const text of texts.slice(1)) compile({ description: text }, { cache });
    compile({ description: texts[0] }, { cache });
    assert.is(cache.stats.evictions, 1);
  };
  const ratio = pastOverBelow(fill, 1001);
  assert.ok(ratio < 8, `${ratio.toFixed(1)} times`);
});

// Before the compiler's nodes and the registry's identifiers and references were keyed by token:
// 12 times (properties), 13 ($defs) and 18 (anchors), growing with the count; each place, $ref
// and anchor was compared with every one before it of its length.
test("a schema of 800 long property names, $defs or anchors of one length compiles in about the time of shorter ones", () => {
  const bounds = { maxSize: 64 * 1024 * 1024 };
  const anchor = (t: string) => "A" + t.replace(/0/g, "b");
  const schemas: Record<string, (texts: string[]) => object> = {
    properties: (texts) => ({ properties: Object.fromEntries(texts.map((t) => [t, { type: "string" }])) }),
    $defs: (texts) => ({ $defs: Object.fromEntries(texts.map((t) => [t, { type: "string" }])), allOf: texts.map((t) => ({ $ref: "#/$defs/" + t })) }),
    anchors: (texts) => ({ $defs: Object.fromEntries(texts.map((t, i) => ["d" + i, { $anchor: anchor(t), type: "string" }])), allOf: texts.map((t) => ({ $ref: "#" + anchor(t) })) }),
  };
  for (const [name, schemaOf] of Object.entries(schemas)) {
    const ratio = pastOverBelow((texts) => assert.ok(compile(schemaOf(texts), { cache: false, bounds }).isValid("x")), 800);
    assert.ok(ratio < 8, `${name}: ${ratio.toFixed(1)} times`);
  }
});

test("a long key's pieces do not keep an evicted schema's text alive", () => {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  const caches: SchemaCache[] = [];
  // In each cache a schema of 1 MB, then one that shares its first piece: the first is evicted,
  // the piece stays for the second. Kept as a slice, it would keep the evicted 1 MB text.
  const fill = (count: number) => {
    for (let i = 0; i < count; i++) {
      const cache = new SchemaCache({ maxEntries: 1 });
      const head = String(i).padStart(6, "0") + "a".repeat(LONG_TEXT);
      compile({ description: head + "b".repeat(1_000_000) }, { cache });
      compile({ description: head + "c" }, { cache });
      assert.is(cache.stats.evictions, 1);
      caches.push(cache);
    }
  };
  gc();
  const before = process.memoryUsage().heapUsed;
  fill(20);
  gc();
  const grown = process.memoryUsage().heapUsed - before;
  assert.ok(grown < 8_000_000, `${(grown / 1e6).toFixed(1)} MB kept by 20 caches of one small schema`);
  assert.is(caches.length, 20);
});

test.run();
