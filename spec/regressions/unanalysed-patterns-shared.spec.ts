// Regression (hostile schemas, red-team): past one compile's pattern-analysis work
// (COMPILE_ANALYSIS_WORK) its patterns go to the linear VM unanalysed, and the shared table kept
// them so for every later compile in the process. Two tool schemas of one server (the first
// clearing the table with 512 `\p{L}` patterns, the second spending the work on 1,000 costly
// patterns before a common base64 pattern) put that pattern on the VM for an unrelated validator
// compiled later: a valid 2,000,000-character base64 string became invalid (`$pattern`, the VM's
// step bound), and validation ran about 7 times slower. A compile with work left now analyses
// such a pattern again, and shares what it finds.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { sharedMatcher } from "../../src/engine/regexes.js";
import { NativeMatcher } from "../../src/regex/native.js";
import type { KeptMatcher } from "../../src/engine/string-verdicts.js";

const BASE64 = "^[A-Za-z0-9+/]*={0,2}$";
const onV8 = (pattern: string) => (sharedMatcher(pattern) as unknown as KeptMatcher).matcher instanceof NativeMatcher;

test("a pattern another compile left unanalysed runs on V8 for a later compile that can analyse it", () => {
  const victim = () => compile({ type: "object", properties: { image: { type: "string", pattern: BASE64 } } }, { cache: false });
  const data = { image: "QUJD".repeat(500_000) }; // valid base64, 2,000,000 characters
  assert.is(victim().validate(data).valid, true);
  assert.ok(onV8(BASE64));
  const escapes = (tag: string) => Array.from({ length: 512 }, (_, i) => ({ pattern: `\\p{L}${tag}${i}` }));
  const costly = (i: number) => `[a-h][b-i][c-j][d-k][e-l][f-m][g-n][h-o]x*${i}`;
  compile({ anyOf: escapes("x") }, { cache: false });
  compile({ anyOf: [...escapes("y"), ...Array.from({ length: 1000 }, (_, i) => ({ pattern: costly(i) })), { pattern: BASE64 }] }, { cache: false });
  const later = victim();
  assert.ok(onV8(BASE64), "analysed again by the later compile");
  assert.is(later.validate(data).valid, true);
  assert.is(later.isValid(data), true);
});

test.run();
