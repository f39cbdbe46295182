// Regression: the safety analysis that decides whether V8 may run a pattern splits the code points
// into the letters its classes tell apart (char-set.ts alphabetOf): every cut point looked up in
// every class. That work was not counted against the analysis's budget: one 63,388-character
// pattern of 299 classes of 210 code points each (within every bound) took about a second to
// compile, several on a busy machine. It counts now, and past the budget the analysis gives up:
// the pattern runs on the linear-time VM, with V8's verdicts.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { compilePattern } from "../../src/regex/matcher.js";
import { alphabetOf } from "../../src/regex/char-set.js";
import { PikeMatcher } from "../../src/regex/pike-vm.js";

const classes = 299;
const members = 210;
const points: number[] = [];
for (let c = 0x100; points.length < classes * members; c++) if (c < 0xd800 || c > 0xdfff) points.push(c);
let pattern = "";
for (let i = 0; i < classes; i++) {
  let set = "[";
  for (let k = 0; k < members; k++) set += String.fromCodePoint(points[i + k * classes]!);
  pattern += set + "]";
}

test("the alphabet's work counts: past the analysis's room it is not made", () => {
  const sets = [[0x61, 0x61], [0x62, 0x63]];
  const done = { work: 0 };
  assert.equal(alphabetOf(sets, Infinity, done)?.length, 2);
  assert.is(done.work, 4 * 2); // cut points 0, a, b, d; two classes
  assert.is(alphabetOf(sets, 7, { work: 0 }), undefined);
});

test("a pattern of hundreds of large classes goes to the VM, untried by the analysis, and keeps V8's verdicts", () => {
  assert.instance(compilePattern(pattern).matcher, PikeMatcher);
  const v = compile({ pattern }, { cache: false });
  const native = new RegExp(pattern, "u");
  const hit = Array.from({ length: classes }, (_, i) => String.fromCodePoint(points[i]!)).join("");
  for (const text of ["x", hit, "a" + hit + "b", hit.slice(2)]) assert.is(v.isValid(text), native.test(text), text.slice(0, 8));
});

test.run();
