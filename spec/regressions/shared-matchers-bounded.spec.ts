// Regression (hostile schemas): the shared pattern matchers were bounded by count (4,096) and by
// VM states, but a pattern on V8's RegExp counted nothing, and V8 keeps several bytes of compiled
// code per character of a large class: a thousand compiles of distinct 44,000-character patterns,
// with `cache: false`, left 375 MB behind. The matchers' characters are bounded too.
import { test } from "uvu";
import * as assert from "uvu/assert";
import v8 from "node:v8";
import vm from "node:vm";
import { compile } from "../../src/index.js";

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

test("distinct large patterns compiled and let go leave a bounded amount behind", () => {
  const points: number[] = [];
  for (let c = 0x100; points.length < 16_000; c += 2) points.push(c);
  const members = String.fromCodePoint(...points);
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < 200; i++) assert.is(compile({ pattern: `^${i}[${members}]` }, { cache: false }).isValid(`${i}\u0100`), true);
  gc();
  gc();
  const retained = (process.memoryUsage().heapUsed - before) / 1e6;
  // Before: about 27 MB (200 × 16,000 characters); the bound keeps about a million characters' worth.
  assert.ok(retained < 14, `${retained.toFixed(1)} MB retained`);
});

test.run();
