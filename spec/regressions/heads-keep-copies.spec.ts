// Regression: the process-wide message heads (engine/message-heads.ts, never cleared) kept a
// schema's short string as it came: a 40-character `required` name that is a V8 slice of an
// 8 MiB string of the caller's kept that whole string alive for good, past every validator. (A
// large schema's private copy shares the caller's strings; a small one's is parsed from its text.)
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { heapUsed } from "../helpers/heap.js";

const MB = 1 << 20;

test("a kept message head holds no caller string it was made from", () => {
  const before = heapUsed();
  for (let i = 0; i < 8; i++) {
    const big = String.fromCharCode(97 + i).repeat(8 * MB) + "heads-keep-copies";
    const name = big.slice(1000, 1040); // a slice: a view into `big`
    const v = compile({ type: "object", required: [name], description: "d".repeat(140_000) }, { cache: false });
    const result = v.validate({});
    assert.equal(result.valid ? [] : result.errors.map((e) => e.keyword), ["required"]);
  }
  const grown = (heapUsed() - before) / MB;
  assert.ok(grown < 16, `the heap grew by ${grown.toFixed(1)} MiB (8 MiB for each caller string kept)`);
});

test.run();
