// Regression (hostile schemas): V8 compiles code for each pattern it runs, but the cache weighed a
// pattern by its text and the shared matcher table by its characters.
// - Unicode property escapes: kilobytes of code for each `\p{L}`. An MCP client's tools/list of
//   schemas holding twelve patterns of 38 `\p{L}` each grew the heap about 3.8 MB a schema, and at
//   about 85 schemas the process died of a fatal out-of-memory error.
// - Long lookaround patterns: about 100 to 160 bytes of code a character, for one-byte and two-byte
//   strings. Schemas of fifty 840-character lookaround patterns held 16 to 28 times the bytes the
//   cache counted (289 MB held at 10 MB counted, 115 MB left in the shared table after clear()).
// Both now count: each escape, and each character of a schema's distinct patterns.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, SchemaCache } from "../../src/index.js";
import { CACHE_BYTES_PER_PATTERN_CHARACTER, CACHE_BYTES_PER_PROPERTY_ESCAPE } from "../../src/limits.js";
import { megabytesRetainedBy } from "../helpers/heap.js";

interface Shape {
  readonly name: string;
  /** A schema of such patterns, distinct by `n`, and data it accepts. */
  readonly schema: (n: number) => unknown;
  readonly data: (n: number) => unknown;
  /** What one schema's entry weighs at least. */
  readonly weighs: number;
  /** How many go into the 16 MiB cache, and what they once retained. */
  readonly schemas: number;
}

const SHAPES: Shape[] = [
  {
    name: "twelve patterns of 38 property escapes",
    schema: (n) => ({ type: "object", patternProperties: Object.fromEntries(Array.from({ length: 12 }, (_, i) => ["^" + "\\p{L}".repeat(38) + (n * 100 + i).toString(36) + "$", true])) }),
    data: () => ({ a: 1 }),
    weighs: 12 * 38 * CACHE_BYTES_PER_PROPERTY_ESCAPE,
    schemas: 30, // about 3.6 MB a schema before: 108 MB
  },
  {
    name: "fifty patterns of sixty lookaround pairs",
    schema: (n) => ({ type: "object", properties: Object.fromEntries(Array.from({ length: 50 }, (_, k) => [`p${k}`, { pattern: "^" + "(?=.*a)(?!.*d)".repeat(60) + `${n}_${k}` }])) }),
    data: (n) => Object.fromEntries(Array.from({ length: 50 }, (_, k) => [`p${k}`, `${n}_${k}a`])),
    weighs: 50 * 840 * CACHE_BYTES_PER_PATTERN_CHARACTER,
    schemas: 16, // about 7 MB a schema before: 120 MB
  },
];

for (const shape of SHAPES) {
  test(`a cache entry weighs the code of its patterns: ${shape.name}`, () => {
    const cache = new SchemaCache({ maxBytes: 64 * 1024 * 1024 });
    compile(shape.schema(0), { cache });
    assert.ok(cache.stats.bytes >= shape.weighs, `${cache.stats.bytes} bytes`);
  });

  test(`schemas compiled into a cache and run leave a bounded heap: ${shape.name}`, () => {
    const cache = new SchemaCache({ maxBytes: 16 * 1024 * 1024 });
    const retained = megabytesRetainedBy(() => {
      for (let n = 1; n <= shape.schemas; n++) assert.ok(compile(shape.schema(n), { cache }).isValid(shape.data(n)));
    });
    // The cache's 16 MiB and the shared table's share.
    assert.ok(retained < 50, `${retained.toFixed(1)} MB retained`);
  });
}

test.run();
