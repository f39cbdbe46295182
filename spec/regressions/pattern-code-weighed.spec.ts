// Regression (hostile schemas): V8 compiles code for each pattern it runs, for one-byte and
// two-byte strings, about 100 to 160 bytes a character for lookarounds and groups, but a cache
// entry weighed a pattern by its text and the shared matcher table allowed a million characters.
// Schemas of fifty 2,900-character lookaround patterns held 16 to 28 times the bytes the cache
// counted (289 MB held with stats.bytes at 10 MB, 115 MB left in the shared table after clear()).
import { test } from "uvu";
import * as assert from "uvu/assert";
import v8 from "node:v8";
import vm from "node:vm";
import { compile, SchemaCache } from "../../src/index.js";
import { CACHE_BYTES_PER_PATTERN_CHARACTER } from "../../src/limits.js";

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

/** Fifty properties, each with a lookaround pattern of about 870 characters, distinct by `n`. */
function lookarounds(n: number): unknown {
  const properties: Record<string, unknown> = {};
  for (let k = 0; k < 50; k++) properties[`p${k}`] = { pattern: "^" + "(?=.*a)(?!.*d)".repeat(60) + `${n}_${k}` };
  return { type: "object", properties };
}

test("a cache entry weighs its patterns' characters", () => {
  const cache = new SchemaCache({ maxBytes: 64 * 1024 * 1024 });
  compile(lookarounds(0), { cache });
  assert.ok(cache.stats.bytes >= 50 * 840 * CACHE_BYTES_PER_PATTERN_CHARACTER, `${cache.stats.bytes} bytes`);
});

test("schemas of long lookaround patterns, compiled into a cache and run, leave a bounded heap", () => {
  const cache = new SchemaCache({ maxBytes: 16 * 1024 * 1024 });
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let n = 1; n <= 16; n++) {
    const data: Record<string, string> = {};
    for (let k = 0; k < 50; k++) data[`p${k}`] = `${n}_${k}a`;
    assert.ok(compile(lookarounds(n), { cache }).isValid(data));
  }
  gc();
  gc();
  const retained = (process.memoryUsage().heapUsed - before) / 1e6;
  // Before: about 7 MB a schema (115 MB for sixteen). Now the cache's 16 MiB and the shared table's share.
  assert.ok(retained < 50, `${retained.toFixed(1)} MB retained`);
});

test.run();
