// Regression (hostile schemas): a cache entry counted its schema's text only, but a validator keeps
// a compiled form made per schema object. Sixty schemas of 2,000 small `$defs` entries (13 MB of
// text) kept 700 MB alive in a cache that counted 26 MB, and 150 of them fit its 64 MiB: an MCP
// server that lists many tools could fill a client's heap. An entry now counts
// CACHE_BYTES_PER_OBJECT for each JSON object of its schema too.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, SchemaCache } from "../../src/index.js";
import { CACHE_BYTES, CACHE_BYTES_PER_OBJECT } from "../../src/limits.js";

test("two schemas of one text length weigh apart by their objects", () => {
  const object = { const: { b: 1 } };
  const string = { const: "12345" };
  assert.is(JSON.stringify(object).length, JSON.stringify(string).length);
  const weigh = (schema: unknown): number => {
    const cache = new SchemaCache();
    compile(schema, { cache });
    return cache.stats.bytes;
  };
  assert.is(weigh(object) - weigh(string), CACHE_BYTES_PER_OBJECT, "one object more");
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

test.run();
