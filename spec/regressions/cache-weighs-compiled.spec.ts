// Regression (hostile schemas): a cache entry counted its schema's text only, but a validator keeps
// a compiled form made per schema object. Sixty schemas of 2,000 small `$defs` entries (13 MB of
// text) kept 700 MB alive in a cache that counted 26 MB, and 150 of them fit its 64 MiB: an MCP
// server that lists many tools could fill a client's heap. An entry now counts
// CACHE_BYTES_PER_OBJECT for each JSON object of its schema too.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, SchemaCache } from "../../src/index.js";
import { CACHE_BYTES, CACHE_BYTES_PER_COMPARED, CACHE_BYTES_PER_KEYWORD, CACHE_BYTES_PER_OBJECT, CACHE_BYTES_PER_VALUE } from "../../src/limits.js";

test("two schemas of one text length weigh apart by their objects", () => {
  // In `default`, which no compiled form keeps a table of (`const` and `enum` values weigh more: below).
  const object = { default: { b: 1 } };
  const string = { default: "12345" };
  assert.is(JSON.stringify(object).length, JSON.stringify(string).length);
  const weigh = (schema: unknown): number => {
    const cache = new SchemaCache();
    compile(schema, { cache });
    return cache.stats.bytes;
  };
  // One object more, and one value more (the object and its 1, against the string).
  assert.is(weigh(object) - weigh(string), CACHE_BYTES_PER_OBJECT + CACHE_BYTES_PER_VALUE, "one object more");
});

test("every value weighs: a document of many small arrays is not weighed by its text alone", () => {
  const weigh = (schema: unknown, cache = new SchemaCache()): number => {
    compile(schema, { cache });
    return cache.stats.bytes;
  };
  // The same text length (an unknown keyword): four one-item arrays against a string; each array and its item are kept.
  const arrays = { x: [[1], [2], [3], [4]] };
  const text = { x: "123456789012345" };
  assert.is(JSON.stringify(arrays).length, JSON.stringify(text).length);
  assert.is(weigh(arrays) - weigh(text), 8 * CACHE_BYTES_PER_VALUE);
  // Two million one-item arrays (8 MB of text, inside the default bounds) weigh more than the
  // default cache holds, so it keeps none of them; by their text they weighed 15 MiB.
  const huge = { title: "tool", examples: Array.from({ length: 2_000_000 }, (_, i) => [i % 10]) };
  const cache = new SchemaCache();
  compile(huge, { cache });
  assert.is(cache.stats.size, 0);
  assert.is(cache.stats.bytes, 0);
});

test("the values of enum and const weigh apart: each compiled form keeps a table of them", () => {
  const weigh = (schema: unknown): number => {
    const cache = new SchemaCache();
    compile(schema, { cache });
    return cache.stats.bytes;
  };
  // The same text length: an unknown keyword holds the same values as data no form keeps apart.
  const members = [1.5, "two", [3], { four: 4 }];
  assert.is(JSON.stringify({ enum: members }).length, JSON.stringify({ enux: members }).length);
  // The array, its four members, 3 in [3] and 4 in { four: 4 }: 7 values (the object weighs on both sides).
  assert.is(weigh({ enum: members }) - weigh({ enux: members }), 7 * CACHE_BYTES_PER_COMPARED);
  assert.is(weigh({ const: members }) - weigh({ consT: members }), 7 * CACHE_BYTES_PER_COMPARED);
  // A 200,000-number enum: five times its text's two bytes a character, as it is kept.
  const big = { enum: Array.from({ length: 200_000 }, (_, i) => i + 0.5) };
  assert.ok(weigh(big) >= 200_000 * CACHE_BYTES_PER_COMPARED, String(weigh(big)));
});

test("schemas of thousands of objects fill the cache by their weight, not their text", () => {
  const schemaOf = (k: number) => {
    const $defs: Record<string, unknown> = {};
    for (let i = 0; i < 2_000; i++) $defs[`d${i}`] = { type: "object", properties: { a: { $ref: `#/$defs/d${(i + 1) % 2_000}` }, b: { type: "string", minLength: i + k } } };
    return { $defs, $ref: "#/$defs/d0" };
  };
  const cache = new SchemaCache(); // 64 MiB by default
  for (let k = 0; k < 12; k++) compile(schemaOf(k), { cache }).isValid({ b: "s" });
  const { size, bytes } = cache.stats;
  assert.ok(bytes <= CACHE_BYTES, `${bytes} bytes kept`);
  // Each weighs at least its 2,000 x 4 objects (the text adds about a quarter more).
  assert.ok(size <= Math.floor(CACHE_BYTES / (8_000 * CACHE_BYTES_PER_OBJECT)), `${size} of 12 kept`);
  assert.ok(size >= 1, "still cached");
});

test("the names of dependentRequired and dependencies weigh as keywords: each compiled form keeps a table of them (red-team probe)", () => {
  const weigh = (schema: unknown): number => {
    const cache = new SchemaCache();
    compile(schema, { cache });
    return cache.stats.bytes;
  };
  // The same text length: an unknown keyword holds the same map as data no form keeps apart.
  const names = { a: [], b: ["a"], c: [] };
  for (const [keyword, other, $schema] of [["dependentRequired", "dependentRequirex", undefined], ["dependencies", "dependenciex", "http://json-schema.org/draft-07/schema#"]] as const) {
    const with$schema = (schema: Record<string, unknown>) => ($schema === undefined ? schema : { $schema, ...schema });
    assert.is(weigh(with$schema({ [keyword]: names })) - weigh(with$schema({ [other]: names })), 3 * CACHE_BYTES_PER_KEYWORD, keyword);
  }
});

test.run();
