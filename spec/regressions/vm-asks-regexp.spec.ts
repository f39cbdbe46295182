// Regression (hostile data and schema): the linear VM's budgets (MATCH_STEPS a test, CALL_STEPS a
// call) counted one step per state visited, but a code point above ASCII tested against a class
// with \p{…} is asked of V8's RegExp, several times a step's time: twelve patterns
// `\p{L}{500}$`… under `not`/`anyOf` on 19,000 CJK characters took 6.6 s within the budgets.
// Such a question now counts ASKED_STEPS more.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { compilePattern } from "../../src/regex/matcher.js";
import { PikeMatcher } from "../../src/regex/pike-vm.js";

test("a code point asked of a \\p class's RegExp counts four steps; an ASCII one, one (closures aside)", () => {
  const { matcher } = compilePattern("\\p{L}{50}$");
  assert.instance(matcher, PikeMatcher, "on the VM");
  matcher.test("a".repeat(1_000) + "!");
  const ascii = PikeMatcher.lastSteps;
  matcher.test("\u4e00".repeat(1_000) + "!");
  const asked = PikeMatcher.lastSteps;
  assert.ok(ascii > 40_000, `${ascii} steps`);
  // Each live state asked counts four; the states a step's closure visits count one, as before.
  assert.ok(asked > 3.5 * ascii && asked <= 4 * ascii, `${asked} steps against ${ascii}`);
  // A class without \p is answered from its ranges: one step.
  const { matcher: plain } = compilePattern("[\\u4e00-\\u9fff]{50}$");
  plain.test("\u4e00".repeat(1_000) + "!");
  assert.is(PikeMatcher.lastSteps, ascii);
});

test("twelve such patterns on 19,000 CJK characters end in $pattern well within seconds", () => {
  const v = compile({ not: { anyOf: Array.from({ length: 12 }, (_, i) => ({ pattern: `\\p{L}{${500 + i}}$` })) } }, { cache: false });
  const text = "\u4e00".repeat(19_000) + "!";
  const started = performance.now();
  const result = v.validate(text);
  assert.is(result.valid, false);
  if (!result.valid) assert.is(result.errors[0]!.keyword, "$pattern");
  assert.ok(performance.now() - started < 3_000, `${(performance.now() - started).toFixed(0)} ms`);
});

test.run();
