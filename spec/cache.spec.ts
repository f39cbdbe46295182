// SchemaCache: hits, misses, evictions, the bound, what is in the key, and that a hit behaves
// exactly like a fresh compile.
import fc from "fast-check";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, defaultCache, SchemaCache, SchemaError, type Validator } from "../src/index.js";
import { astralString, check, jsonValue, rootSchema, runs } from "./helpers/arbitraries.js";
import { formats } from "../src/formats/index.js";

const tool = (n: number) => ({ type: "object", properties: { [`p${n}`]: { type: "string" } }, required: [`p${n}`] });

/** The counts of stats; its bytes are checked apart (they follow the key's length). */
function counts(cache: SchemaCache): Omit<SchemaCache["stats"], "bytes"> {
  const { bytes, ...rest } = cache.stats;
  assert.ok(rest.size === 0 ? bytes === 0 : bytes > 0, `${bytes} bytes for ${rest.size} entries`);
  return rest;
}

test("hits, misses and LRU evictions are counted", () => {
  const cache = new SchemaCache({ maxEntries: 2 });
  const a = compile(tool(1), { cache });
  assert.equal(counts(cache), { hits: 0, misses: 1, evictions: 0, size: 1 });
  assert.is(compile(tool(1), { cache }), a);
  assert.equal(counts(cache), { hits: 1, misses: 1, evictions: 0, size: 1 });
  compile(tool(2), { cache });
  compile(tool(1), { cache }); // tool(1) is now the most recently used
  compile(tool(3), { cache }); // evicts tool(2)
  assert.equal(counts(cache), { hits: 2, misses: 3, evictions: 1, size: 2 });
  assert.is(compile(tool(1), { cache }), a);
  compile(tool(2), { cache });
  assert.is(cache.stats.misses, 4);
  cache.clear();
  assert.is(cache.stats.size, 0);
});

test("the schema just compiled is kept when every other entry has been used since its turn", () => {
  for (const maxEntries of [1, 2, 5]) {
    const cache = new SchemaCache({ maxEntries });
    for (let n = 0; n < maxEntries; n++) compile(tool(n), { cache });
    for (let n = 0; n < maxEntries; n++) compile(tool(n), { cache }); // every entry used
    const added = compile(tool(maxEntries), { cache });
    assert.is(compile(tool(maxEntries), { cache }), added, `maxEntries ${maxEntries}`);
    assert.is(cache.stats.size, maxEntries);
    assert.is(cache.stats.evictions, 1);
    // The sweep cleared the marks and evicted the oldest, tool(0): the others are still there.
    const { hits } = cache.stats;
    for (let n = 1; n < maxEntries; n++) compile(tool(n), { cache });
    assert.is(cache.stats.hits, hits + maxEntries - 1);
  }
});

test("50,000 distinct schemas through one cache never hold more entries than the bound", () => {
  const cache = new SchemaCache({ maxEntries: 100 });
  let largest = 0;
  for (let i = 0; i < 50_000; i++) {
    compile({ type: "integer", minimum: i }, { cache });
    largest = Math.max(largest, cache.stats.size);
  }
  assert.is(largest, 100);
  assert.is(cache.stats.evictions, 49_900);
});

test("key order does not change the key", () => {
  const cache = new SchemaCache();
  const a = compile({ type: "object", properties: { x: { minimum: 1, type: "integer" } }, required: ["x"] }, { cache });
  const b = compile({ required: ["x"], properties: { x: { type: "integer", minimum: 1 } }, type: "object" }, { cache });
  assert.is(a, b);
  assert.is(cache.stats.hits, 1);
});

test("the compile-relevant options are part of the key", () => {
  const cache = new SchemaCache();
  const schema = { format: "ipv4", $ref: "#/$defs/a", $defs: { a: { type: "string" } } };
  const plain = compile(schema, { cache });
  const asserting = compile(schema, { cache, formats });
  assert.is.not(plain, asserting);
  assert.ok(plain.isValid("not an ip"));
  assert.not.ok(asserting.isValid("not an ip"));
  assert.is.not(compile(schema, { cache, refs: "document" }), plain);
  assert.is.not(compile(schema, { cache, bounds: { maxDepth: 10 } }), plain);
  assert.is.not(compile(schema, { cache, bounds: false }), plain);
  const withDocs = compile(schema, { cache, schemas: { "https://example.com/x": { type: "null" } } });
  assert.is.not(withDocs, plain);
  assert.is(compile(schema, { cache, schemas: { "https://example.com/x": { type: "null" } } }), withDocs);
  assert.is.not(compile(schema, { cache, schemas: { "https://example.com/x": { type: "string" } } }), withDocs);
});

test("cache: false compiles afresh and leaves the cache alone; the default cache is shared", () => {
  const before = defaultCache.stats;
  const a = compile(tool(7), { cache: false });
  const b = compile(tool(7), { cache: false });
  assert.is.not(a, b);
  assert.equal(defaultCache.stats, before);
  assert.is(compile(tool(8)), compile(tool(8)));
  assert.is(defaultCache.stats.hits, before.hits + 1);
});

test("invalid schemas are never cached", () => {
  const cache = new SchemaCache();
  for (let i = 0; i < 2; i++) assert.throws(() => compile({ type: "strng" }, { cache }), (e: unknown) => e instanceof SchemaError);
  assert.is(cache.stats.size, 0);
});

test("a compiled validator never aliases the caller's schema", () => {
  const cache = new SchemaCache();
  const schema = { type: "object", properties: { tags: { enum: [["a"]] } }, required: ["tags"] } as Record<string, any>;
  const v = compile(schema, { cache });
  schema.properties.tags.enum[0].push("b");
  schema.required.push("other");
  assert.ok(v.isValid({ tags: ["a"] }), "mutating the schema changed the existing validator");
  const w = compile(schema, { cache });
  assert.is.not(w, v);
  assert.not.ok(w.isValid({ tags: ["a"] }));
  assert.ok(w.isValid({ tags: ["a", "b"], other: 1 }));
  // What the validator hands out is a copy too.
  (v.schema as Record<string, any>).properties.tags.enum[0].push("c");
  assert.ok(v.isValid({ tags: ["a"] }));
});

test("property: a cache hit behaves exactly like a fresh compile", () => {
  const cache = new SchemaCache();
  check(
    fc.property(rootSchema, fc.array(jsonValue, { minLength: 1, maxLength: 4 }), (schema, data) => {
      let fresh;
      try {
        fresh = compile(schema, { cache: false });
      } catch (error) {
        if (!(error instanceof SchemaError)) throw error;
        assert.throws(() => compile(schema, { cache }), (e: unknown) => e instanceof SchemaError && e.code === error.code);
        return;
      }
      compile(structuredClone(schema), { cache });
      const hit = compile(schema, { cache });
      for (const x of data) {
        assert.is(hit.isValid(x), fresh.isValid(x));
        // JSON text, not assert.equal: uvu's deep equality reads an own "constructor" key as the class.
        assert.is(JSON.stringify(hit.validate(x)), JSON.stringify(fresh.validate(x)));
      }
    }),
    runs(300),
  );
  assert.ok(cache.stats.hits > 0);
});

// A hit finds its key by a sampled digest first (cache.ts); schemas whose keys share one are
// found by the whole key. These differ in one character of a long string: most pairs share a digest.
const SAME_LENGTH = 400;
const variant = fc.record({ at: fc.nat(SAME_LENGTH - 1), letter: fc.constantFrom("a", "b", "c") });
const constOf = ({ at, letter }: { at: number; letter: string }) => ({ const: "x".repeat(at) + letter + "x".repeat(SAME_LENGTH - 1 - at) });

test("property: keys that share a digest: every hit is the schema's own validator, and the index stays bounded", () => {
  let crowded = 0;
  check(
    fc.property(fc.array(variant, { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 8 }), (variants, maxEntries) => {
      const cache = new SchemaCache({ maxEntries });
      for (const v of variants) {
        const schema = constOf(v);
        const validator = compile(schema, { cache });
        assert.equal(validator.schema, schema);
        assert.ok(validator.isValid(schema.const) && !validator.isValid(schema.const.slice(1) + "x"));
        assert.is(compile(structuredClone(schema), { cache }), validator, "a compile right after is a hit");
        const { size } = cache.stats;
        assert.ok(cache.digests <= size, `${cache.digests} digests for ${size} entries`);
        if (cache.digests < size) crowded++;
      }
      cache.clear();
      assert.is(cache.digests, 0);
    }),
    runs(300),
  );
  assert.ok(crowded > 0, "no run had two keys with one digest");
});

// The `formats` option is read at each compile (a frozen object, like schemagate/formats, once:
// it cannot change); the checkers' identities are in the cache key, and a validator keeps the
// checkers it was compiled with.
const CHECKERS: Record<string, (value: string) => boolean> = {
  startsWithA: (value) => value.startsWith("a"),
  oneCharacter: (value) => [...value].length === 1,
  never: () => false,
  always: () => true,
};
const FORMAT_NAMES = ["f1", "f2", "date"] as const;
const checkerName = fc.constantFrom(...Object.keys(CHECKERS));
/** One change in place: a name set to another checker, or deleted (undefined). */
const formatChange = fc.record({ name: fc.constantFrom(...FORMAT_NAMES), to: fc.option(checkerName, { nil: undefined }) });

/** The verdict by hand: every format of the schema passes, or has no checker. */
const expectedFormats = (formats: Readonly<Record<string, (value: string) => boolean>>, value: string) =>
  FORMAT_NAMES.every((name) => !Object.hasOwn(formats, name) || formats[name]!(value));

test("property: a formats object changed in place between compiles: the next compile uses the new checkers, an earlier validator keeps its own", () => {
  const cache = new SchemaCache();
  const schema = { allOf: FORMAT_NAMES.map((name) => ({ format: name })) };
  const strings = fc.array(fc.oneof(fc.constantFrom("a", "", "ab", "b", "2024-01-01", "\u{10FFFF}", "a\u{10FFFF}"), astralString), { minLength: 1, maxLength: 6 });
  check(
    fc.property(fc.dictionary(fc.constantFrom(...FORMAT_NAMES), checkerName), fc.array(formatChange, { minLength: 1, maxLength: 4 }), strings, fc.boolean(), (initial, changes, data, cached) => {
      const formats: Record<string, (value: string) => boolean> = {};
      for (const [name, checker] of Object.entries(initial)) formats[name] = CHECKERS[checker]!;
      const options = { formats, cache: cached ? cache : (false as const) };
      const validators: [Validator, Record<string, (value: string) => boolean>][] = [[compile(schema, options), { ...formats }]];
      for (const { name, to } of changes) {
        if (to === undefined) delete formats[name];
        else formats[name] = CHECKERS[to]!;
        validators.push([compile(schema, options), { ...formats }]);
        // Every validator so far answers with the checkers it was compiled with; so does a frozen copy's.
        for (const [v, checkers] of validators) {
          for (const value of data) assert.is(v.isValid(value), expectedFormats(checkers, value), `${JSON.stringify(value)} with ${Object.keys(checkers).join(",")}`);
        }
        const frozen = compile(schema, { formats: Object.freeze({ ...formats }), cache: false });
        for (const value of data) assert.is(frozen.isValid(value), expectedFormats(formats, value));
      }
    }),
    runs(200),
  );
  assert.ok(cache.stats.hits > 0);
});


// A document past LARGE_TEXT characters is keyed by a digest of its text (gate/walk-text.ts): a
// long string adds only a sample of its characters, so two documents can share a key, and a hit
// by it is one only for the same document.
test("large documents that share a digest key each get a validator of their own", () => {
  const cache = new SchemaCache();
  const long = "a".repeat(200_000);
  const other = "ab" + "a".repeat(199_998); // the second character is not sampled: the same key
  // A container after the long string: the walk turns to copying at one (gate/walk.ts LARGE_TEXT).
  const schemaOf = (value: string) => ({ properties: { x: { const: value }, y: { type: "string" } }, $comment: "written out of order" });
  const a = compile(schemaOf(long), { cache });
  assert.ok(a.isValid({ x: long }) && !a.isValid({ x: other }));
  const b = compile(schemaOf(other), { cache });
  assert.is.not(b, a);
  assert.ok(b.isValid({ x: other }) && !b.isValid({ x: long }), "served the other document's validator");
  assert.equal(counts(cache), { hits: 0, misses: 2, evictions: 0, size: 1 });
  // The same document again is a hit, whether its text was read in between or not.
  assert.is(compile(schemaOf(other), { cache }), b);
  assert.equal(b.schema, schemaOf(other));
  assert.is(compile(structuredClone(schemaOf(other)), { cache }), b);
  assert.equal(counts(cache), { hits: 2, misses: 2, evictions: 0, size: 1 });
  // A cache entry counts the document's text (two bytes a character), not the short key.
  assert.ok(cache.stats.bytes > 400_000, `${cache.stats.bytes} bytes`);
});

test("a large document's validator gives its schema back after every kind of evaluation (its copy is never changed)", () => {
  const schema = {
    $defs: { word: { type: "string", pattern: "^[a-z]+$", description: "d".repeat(150_000) }, list: { type: "array", items: { $ref: "#/$defs/word" }, uniqueItems: true } },
    type: "object",
    properties: { z: { $ref: "#/$defs/list" }, a: { enum: [1, [2], { b: 3 }] }, m: { oneOf: [{ minimum: 1 }, { maximum: 0 }] }, ["__proto__"]: { const: { ["__proto__"]: 1 } } },
    required: ["z"],
    additionalProperties: false,
    unevaluatedProperties: false,
  };
  const text = JSON.stringify(schema);
  const v = compile(structuredClone(schema), { cache: new SchemaCache() });
  for (const x of [{ z: ["ab", "ab", "C"], a: 2, m: 0.5, q: 1 }, { z: ["ab"] }, 1]) {
    v.isValid(x);
    for (let i = 0; i < 20; i++) v.validate(x); // the explainer, then the closures
    v.validate(x, { allErrors: false });
    v.validate(x, { output: "verbose" });
  }
  assert.is(JSON.stringify(v.schema), text);
  // Each read is a fresh copy with its own "__proto__" keys (as JSON.parse makes them).
  const first = v.schema as { properties: Record<string, { const?: object }> };
  assert.ok(Object.hasOwn(first.properties, "__proto__") && Object.getPrototypeOf(first.properties) === Object.prototype);
  first.properties["__proto__"]!.const = {};
  assert.is(JSON.stringify(v.schema), text);
  assert.ok(v.isValid({ z: [], ["__proto__"]: JSON.parse('{"__proto__":1}') }) && !v.isValid(JSON.parse('{"z":[],"__proto__":2}')));
});

test("an entry weighs what its validator will keep once its variants are compiled: keywords and locations", () => {
  // A probe found entries kept 6 to 320 times what they counted: the variants that collect errors
  // and annotations are compiled after the entry is weighed, and keep each subschema's location
  // (a long key above 60 levels: 113 MB an entry, counted 0.35 MB) and per keyword closures.
  let chain: Record<string, unknown> = { type: "string" };
  for (let i = 0; i < 60; i++) chain = { required: ["a"], additionalProperties: chain };
  const longKey = { $id: "https://example.test/s", properties: { ["語".repeat(150_000)]: chain } };
  const cache = new SchemaCache();
  compile(longKey, { cache });
  assert.is(cache.stats.size, 0, "its locations alone weigh more than the whole cache: compiled every time");
  // 100 properties of 20 keywords each: 2,000 keywords at least 512 bytes each.
  const dense = { properties: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`p${i}`, { type: "string", minLength: 1, maxLength: 9, pattern: "^a", format: "email", title: "t", description: "d", default: "a", examples: ["a"], deprecated: false, readOnly: false, writeOnly: false, $comment: "c", contentMediaType: "text/plain", contentEncoding: "base64", const: "a", enum: ["a"], not: false, if: true, then: true }])) };
  const counted = new SchemaCache();
  compile(dense, { cache: counted });
  assert.ok(counted.stats.bytes >= 2_000 * 512, `${counted.stats.bytes} bytes`);
});

test("SchemaCache's options: a misspelt one is refused, a value is named", () => {
  // `maxentries` left the cache at its default 1,000 entries without a word.
  assert.throws(() => new SchemaCache({ maxentries: 1 } as never), (e: unknown) => e instanceof TypeError && e.message === 'SchemaCache has no option "maxentries": its options are maxEntries and maxBytes');
  assert.throws(() => new SchemaCache({ maxEntries: "5" } as never), (e: unknown) => e instanceof TypeError && e.message === "SchemaCache maxEntries must be a positive integer, not string");
  assert.throws(() => new SchemaCache({ maxBytes: 0 }), (e: unknown) => e instanceof RangeError && e.message === "SchemaCache maxBytes must be a positive integer, not 0");
  assert.is(new SchemaCache({ maxEntries: 3, maxBytes: 1024 }).maxEntries, 3);
});

test.run();
