// Regression: a pattern of 23 characters, `^(?:[a-z]{99}){99}0$`, has an automaton of 9,801
// states, under the 10,000 one pattern may have, and each state read a class of its own: a table
// of 128 bytes and its ranges tested anew per state. 64 such patterns took 5 s to compile and held
// 430 MB; the 2,048 a schema's pattern text allows would have held gigabytes. The copies of one
// class now share its set (and those of one lookaround its program), one compile's patterns hold
// at most COMPILE_VM_STATES together on the VM, and the backtracking analyses of one compile do at
// most COMPILE_ANALYSIS_WORK together (past it, patterns run on the VM unanalysed).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, SchemaCache, SchemaError } from "../../src/index.js";
import { COMPILE_ANALYSIS_WORK, COMPILE_VM_STATES } from "../../src/limits.js";
import { sharedMatcher } from "../../src/engine/regexes.js";
import type { KeptMatcher } from "../../src/engine/string-verdicts.js";
import { compilePattern } from "../../src/regex/matcher.js";
import { buildProgram } from "../../src/regex/nfa.js";
import { parseRegex } from "../../src/regex/parse.js";
import { PikeMatcher } from "../../src/regex/pike-vm.js";
import { AnalysisMeter, safeForBacktracking } from "../../src/regex/safety.js";

const LARGE = (i: number): string => `^(?:[a-z]{99}){99}${i}$`;

test("the copies of a repeated class share one set, and of a repeated lookaround one program", () => {
  const { program } = buildProgram(parseRegex("(?:[a-z]{99}){99}").root, { limit: 10_000 });
  assert.is(program.op.length, 9_802);
  assert.is(program.sets.length, 1);
  const looked = buildProgram(parseRegex("(?:(?=a)[ab]){50}").root, { limit: 10_000 });
  assert.is(looked.looks.length, 1);
  assert.is(looked.program.sets.length, 1);
  // And they still match as V8 does.
  const matcher = compilePattern("^(?:(?=a)[ab]){3}$").matcher;
  for (const s of ["aaa", "aab", "aba", "aa", "aaaa", ""]) assert.is(matcher.test(s), /^(?:(?=a)[ab]){3}$/u.test(s), s);
  const large = compilePattern(LARGE(0)).matcher;
  assert.ok(large.test("a".repeat(9_801) + "0"));
  assert.not.ok(large.test("a".repeat(9_800) + "0"));
});

test("one compile's patterns hold at most COMPILE_VM_STATES states on the VM together", () => {
  const fits = Math.floor(COMPILE_VM_STATES / 9_802);
  const cache = new SchemaCache();
  const v = compile({ anyOf: Array.from({ length: fits }, (_, i) => ({ pattern: LARGE(i) })) }, { cache });
  assert.ok(v.isValid("a".repeat(9_801) + "0"));
  assert.not.ok(v.isValid("nope"));
  // The cache counts what the validator keeps of them.
  assert.ok(cache.stats.bytes > 40 * fits * 9_802, `${cache.stats.bytes} bytes counted`);
  for (const [schema, at] of [
    [{ anyOf: Array.from({ length: fits + 1 }, (_, i) => ({ pattern: LARGE(i) })) }, `/anyOf/${fits}/pattern`],
    [{ patternProperties: Object.fromEntries(Array.from({ length: fits + 1 }, (_, i) => [LARGE(i), true])) }, "/patternProperties"],
    [{ $defs: Object.fromEntries(Array.from({ length: fits + 1 }, (_, i) => [`d${String(i).padStart(2, "0")}`, { pattern: LARGE(i) }])) }, `/$defs/d${fits}/pattern`],
  ] as const) {
    try {
      compile(schema, { cache: false });
      assert.unreachable(`compiled ${at}`);
    } catch (error) {
      assert.instance(error, SchemaError);
      assert.is((error as SchemaError).code, "unsupported-regex");
      assert.is((error as SchemaError).schemaLocation, at);
      assert.match((error as SchemaError).message, `need more than ${COMPILE_VM_STATES} automaton states together`);
    }
  }
  // Each compile has a budget of its own: the same patterns in many validators all compile.
  for (let k = 0; k < 3; k++) compile({ anyOf: Array.from({ length: fits }, (_, i) => ({ pattern: LARGE(i + 100 * k) })) }, { cache: false });
});

test("the backtracking analyses of one compile share COMPILE_ANALYSIS_WORK; past it patterns run on the VM", () => {
  const costly = (i: number): string => `[a-h][b-i][c-j][d-k][e-l][f-m][g-n][h-o]x*${i}`;
  const meter = new AnalysisMeter(COMPILE_ANALYSIS_WORK);
  let analysed = 0;
  for (; safeForBacktracking(parseRegex(costly(analysed)).root, meter); analysed++) assert.is(meter.cut, false);
  // The pattern the meter ran out on is cut, and so is every one after it, unanalysed.
  assert.ok(meter.cut);
  assert.ok(analysed > 1 && analysed < 1_000, `${analysed} analysed`);
  assert.not.ok(safeForBacktracking(parseRegex(costly(-1)).root, meter));
  // Without a meter (or with one of its own) the same pattern is safe for V8.
  assert.ok(safeForBacktracking(parseRegex(costly(-1)).root));
  // A compile of many of them: the ones past the meter run on the VM, with V8's answers.
  const count = analysed + 50;
  const v = compile({ anyOf: Array.from({ length: count }, (_, i) => ({ pattern: costly(i) })) }, { cache: false });
  for (const s of ["abcdefghx0", `abcdefghxx${count - 1}`, "abcdefgh", `zzz${count + 5}`]) {
    assert.is(v.isValid(s), Array.from({ length: count }, (_, i) => new RegExp(costly(i), "u").test(s)).some(Boolean), s);
  }
  // A pattern put on the VM unanalysed is shared so: the explainer and the variants, compiled later, analyse nothing.
  const shared = sharedMatcher(costly(count - 1)) as KeptMatcher;
  assert.instance(shared.matcher, PikeMatcher);
  assert.ok(shared.matcher.test(`abcdefghx${count - 1}`));
  assert.is(v.validate(`zzz${count + 5}`).valid, false);
});

test("a pattern refused for its automaton's size says what makes one large: long text as well as counts", () => {
  // A literal of 11,000 characters and an alternation of 2,000 names were refused as "large
  // counted repetitions", which they have none of.
  const names = Array.from({ length: 2_000 }, (_, i) => `item${i}`).join("|");
  for (const pattern of [`^${"a".repeat(11_000)}$`, `^(?:${names})$`]) {
    try {
      compile({ pattern }, { cache: false });
      assert.unreachable("refused");
    } catch (error) {
      assert.ok(error instanceof SchemaError && error.code === "unsupported-regex");
      assert.match((error as SchemaError).message, "a long pattern, such as a literal or an alternation of thousands of characters, or a large count");
    }
  }
});

test("the explainer finds each pattern's matcher once, however many patterns the schema holds", () => {
  // More distinct patterns than the shared table held (1,000): looked up at every unit, each was
  // compiled and analysed again at every invalid instance (1.3-3.6 s each for these 1,400).
  const costly = (i: number): string => `[a-h][b-i][c-j][d-k][e-l][f-m][g-n][h-o]x*${i}`;
  const started = performance.now();
  const v = compile({ anyOf: Array.from({ length: 1_400 }, (_, i) => ({ pattern: costly(i) })) }, { cache: false });
  const compiling = performance.now() - started;
  const explaining = performance.now();
  for (let i = 0; i < 16; i++) assert.is(v.validate("zzz").valid, false);
  const explained = performance.now() - explaining;
  assert.ok(explained < 3 * compiling + 200, `16 invalid instances took ${explained.toFixed(0)} ms, the compile ${compiling.toFixed(0)} ms`);
});

test.run();
