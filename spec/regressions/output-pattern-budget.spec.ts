// Regression (red-team): the output formats' annotating pass runs every anyOf branch, so it can
// run out of the call's pattern steps (CALL_STEPS) where validate(), which stops at the first
// branch that passes, does not. A valid instance's annotations then all vanished without
// `truncated`, and an invalid instance's basic/detailed/verbose list was one `$pattern` unit in
// place of the error validate() gives. The output is now validate()'s errors (the outermost
// call's steps renewed once for that pass), and a valid instance's annotations are marked cut.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";

const anyOf: unknown[] = [{ title: "plain" }];
for (let i = 0; i < 14; i++) anyOf.push({ pattern: `[\\s\\S]{200}${String.fromCharCode(97 + i)}$` }); // each on the linear VM
const v = compile({ properties: { s: { anyOf }, n: { type: "integer", title: "N" } } }, { cache: false });
const s = "z".repeat(40_000);

test("an invalid instance's output formats give validate()'s errors, not a $pattern unit", () => {
  const expected = v.validate({ s, n: 1.5 });
  assert.equal(expected.valid ? [] : expected.errors.map((e) => e.keyword), ["type"]);
  for (const output of ["basic", "detailed", "verbose"] as const) {
    const text = JSON.stringify(v.validate({ s, n: 1.5 }, { output }));
    assert.ok(text.includes("must be integer, but is 1.5") && !text.includes("$pattern"), `${output}: ${text.slice(0, 300)}`);
  }
});

test("a valid instance whose annotations could not be collected says so", () => {
  assert.is(v.isValid({ s, n: 1 }), true);
  const basic = v.validate({ s, n: 1 }, { output: "basic" });
  assert.equal([basic.valid, basic.truncated], [true, true]);
  // A short string leaves room: its annotations are there, not cut.
  const short = v.validate({ s: "z", n: 1 }, { output: "basic" });
  assert.ok(short.valid && short.truncated === undefined && (short.annotations?.length ?? 0) >= 2);
});

test.run();
