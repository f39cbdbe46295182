// Regressions (issue 17, "the gate's holes"):
// - a schema built in JS from shared arrays (`a = [a, a]` 24 times, as YAML aliases produce) was
//   walked whole, alias by alias, until the process aborted out of memory: arrays did not count
//   towards the bounds. The canonical text the walk writes is now bounded (bounds.maxSize, which
//   scales with maxSubschemas): past it, SchemaError "size".
// - the cache was bounded by entries only: 1,000 schemas with 1 MB descriptions kept about 1 GB
//   alive. It is bounded by approximate bytes too (maxBytes), shown in stats.bytes.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, SchemaCache, SchemaError } from "../../src/index.js";

function refusedCode(schema: unknown, options: Parameters<typeof compile>[1] = {}): string {
  try {
    compile(schema, { cache: false, ...options });
  } catch (error) {
    assert.instance(error, SchemaError);
    return (error as SchemaError).code;
  }
  return "compiled";
}

test("aliased arrays: 24 levels of a = [a, a] inside enum are refused by size, quickly", () => {
  let a: unknown[] = [1];
  for (let i = 0; i < 24; i++) a = [a, a];
  assert.is(refusedCode({ enum: [a] }), "size");
  assert.is(refusedCode({ const: a }, { bounds: { maxDepth: 100 } }), "size");
});

test("one aliased 1 MB string many times over is refused by size; the same text once is not", () => {
  const big = "x".repeat(1 << 20);
  assert.is(refusedCode({ enum: Array.from({ length: 64 }, () => big) }), "size");
  assert.is(refusedCode({ description: big.slice(0, 500_000) }), "compiled");
});

test("maxSize follows maxSubschemas unless given, and can be lifted with the other bounds", () => {
  const text = "y".repeat(3 << 20); // 3 MiB: under the default 10 MiB, over a given 2 MiB
  assert.is(refusedCode({ description: text }), "compiled");
  assert.is(refusedCode({ description: text }, { bounds: { maxSize: 2 << 20 } }), "size");
  assert.is(refusedCode({ description: text.repeat(4) }), "size");
  assert.is(refusedCode({ description: text.repeat(4) }, { bounds: { maxSubschemas: 100_000 } }), "compiled");
  assert.is(refusedCode({ description: text.repeat(4) }, { bounds: false }), "compiled");
});

test("the cache keeps at most maxBytes of schemas, and says how much in stats.bytes", () => {
  const cache = new SchemaCache({ maxBytes: 8 << 20 });
  for (let i = 0; i < 40; i++) compile({ description: String(i).padEnd(500_000, "z"), type: "string" }, { cache });
  const { bytes, size, evictions } = cache.stats;
  assert.ok(bytes <= 8 << 20, `${bytes} bytes kept`);
  assert.ok(size >= 1 && size < 40, `${size} entries`);
  assert.is(evictions, 40 - size);
  // A schema larger than the whole cache is compiled every time, never kept.
  const small = new SchemaCache({ maxBytes: 1_000 });
  compile({ description: "w".repeat(1_000) }, { cache: small });
  assert.equal([small.stats.size, small.stats.bytes], [0, 0]);
  assert.ok(new SchemaCache().maxBytes > 0);
});

test.run();
