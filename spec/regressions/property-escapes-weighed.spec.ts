// Regression (hostile schemas): V8 keeps kilobytes of compiled code for each Unicode property
// escape (`\p{L}`) of a pattern it runs, but the cache weighed a pattern by its text and the
// shared matcher table by its characters. An MCP client's tools/list of schemas holding twelve
// patterns of 38 `\p{L}` each grew the heap about 3.8 MB a schema, and at about 85 schemas the
// process died of a fatal out-of-memory error. Both now count each escape.
import { test } from "uvu";
import * as assert from "uvu/assert";
import v8 from "node:v8";
import vm from "node:vm";
import { compile, SchemaCache } from "../../src/index.js";
import { CACHE_BYTES_PER_PROPERTY_ESCAPE } from "../../src/limits.js";

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

/** A schema of twelve patterns, each of 38 `\p{L}`, distinct by `n`. */
function escapes(n: number): unknown {
  const patterns: Record<string, unknown> = {};
  for (let i = 0; i < 12; i++) patterns["^" + "\\p{L}".repeat(38) + (n * 100 + i).toString(36) + "$"] = true;
  return { type: "object", patternProperties: patterns };
}

test("a cache entry weighs its patterns' property escapes", () => {
  const cache = new SchemaCache({ maxBytes: 64 * 1024 * 1024 });
  compile(escapes(0), { cache });
  assert.ok(cache.stats.bytes >= 12 * 38 * CACHE_BYTES_PER_PROPERTY_ESCAPE, `${cache.stats.bytes} bytes`);
});

test("schemas of many property escapes, compiled into a cache, leave a bounded heap", () => {
  const cache = new SchemaCache({ maxBytes: 16 * 1024 * 1024 });
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let n = 1; n <= 30; n++) assert.ok(compile(escapes(n), { cache }).isValid({ a: 1 }));
  gc();
  gc();
  const retained = (process.memoryUsage().heapUsed - before) / 1e6;
  // Before: about 3.6 MB a schema (108 MB). Now the cache's 16 MiB and the shared table's share.
  assert.ok(retained < 50, `${retained.toFixed(1)} MB retained`);
});

test.run();
