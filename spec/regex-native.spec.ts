// Patterns on V8's own RegExp (src/regex/native.ts): linear is not enough, V8's backtrack stack
// and its compiler overflow on some of them. Captures are made plain groups, a pattern V8
// cannot compile runs on the VM, a string V8 cannot finish is tested on the VM, and a late
// lookahead that linear V8 would run thousands of steps per character goes to the VM.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../src/index.js";
import { compilePattern, VM_STATES } from "../src/regex/matcher.js";
import { NativeMatcher, withoutCaptures } from "../src/regex/native.js";
import { parseRegex } from "../src/regex/parse.js";
import { safeForBacktracking } from "../src/regex/safety.js";

const verdict = (pattern: string, s: string) => {
  const result = compile({ type: "string", pattern }).validate(s);
  return result.valid ? true : result.errors.map((unit) => unit.keyword).join();
};

test("captures in a loop: long strings are decided, not reported as data too deep", () => {
  // V8 keeps a backtrack entry per capture per iteration: these threw RangeError ($depth).
  assert.is(verdict("^(?:" + "()".repeat(1_000) + "a|b)*$", "ab".repeat(5_000)), true);
  assert.is(verdict("^([ab])*$", "ab".repeat(1_100_000)), true);
  assert.is(verdict("^([ab])*$", "ab".repeat(1_100_000) + "c"), "pattern");
});

test("a pattern V8 cannot compile runs on the VM", () => {
  // V8's compiler overflowed on the first test: every instance was invalid with `$data`.
  const pattern = "^" + "()".repeat(11_000) + "a$";
  assert.is(verdict(pattern, "a"), true);
  assert.is(verdict(pattern, "b"), "pattern");
});

test("a string V8 cannot finish is tested on the VM, or cut with $pattern", () => {
  const overflows = { test: (): boolean => { throw new RangeError("Maximum call stack size exceeded"); } } as unknown as RegExp;
  assert.is(new NativeMatcher(overflows, "^(?:a|b)*$", VM_STATES).test("abab"), true);
  assert.is(new NativeMatcher(overflows, "^(?:a|b)*$", VM_STATES).test("abc"), false);
  // An automaton too large for the VM: the result says the pattern could not be decided.
  const large = compile({ type: "string", pattern: "^a{20000}$" });
  assert.ok(safeForBacktracking(parseRegex("^a{20000}$").root));
  assert.throws(() => new NativeMatcher(overflows, "^a{20000}$", VM_STATES).test("a"), (error: unknown) => error instanceof Error && /too large for the linear VM/.test(error.message));
  assert.is(large.isValid("a".repeat(20_000)), true);
  // V8 overflows near ten million iterations of an alternation; the VM's budget then says so.
  const long = compile({ type: "string", pattern: "^(?:a|b)*$" }).validate("ab".repeat(5_000_000));
  assert.is(long.valid, false);
  assert.is(!long.valid && long.errors[0]!.keyword, "$pattern");
});

test("a late lookahead reached by many ways, with many ways of its own, runs on the VM", () => {
  // Linear on V8, but about a thousand steps per character: 4 s on a million characters.
  const slow = "(?:a|a)(?:a|a)(?=(?:a|a)(?:a|a)(?:a|a)a{26}b)";
  assert.not.ok(safeForBacktracking(parseRegex(slow).root));
  const started = performance.now();
  assert.is(compile({ type: "string", pattern: slow }).validate("a".repeat(1_000_000)).valid, false);
  assert.ok(performance.now() - started < 2_000);
  for (const safe of ["foo(?=bar)", "\\d(?=[a-z]{8})", "^(?=.*[A-Z])(?=.*\\d).{8,}$", "x(?=y|z)"]) {
    assert.ok(safeForBacktracking(parseRegex(safe).root), safe);
  }
});

test("withoutCaptures makes every capturing group plain, and nothing else", () => {
  const cases: [string, string][] = [
    ["(a)(b)", "(?:a)(?:b)"],
    ["(?<year>\\d{4})-(?<m>\\d\\d)", "(?:\\d{4})-(?:\\d\\d)"],
    ["(?:a)(?=b)(?!c)(?<=d)(?<!e)", "(?:a)(?=b)(?!c)(?<=d)(?<!e)"],
    ["[(]\\((x)[\\]()]", "[(]\\((?:x)[\\]()]"],
    ["(?<\\u0061b>x)", "(?:x)"],
    ["a|b", "a|b"],
  ];
  for (const [pattern, plain] of cases) {
    assert.is(withoutCaptures(pattern), plain, pattern);
    for (const s of ["ab", "2024-05", "(x]", "x", "bde", "dx"]) assert.is(new RegExp(plain, "u").test(s), new RegExp(pattern, "u").test(s), `${pattern} on ${s}`);
  }
  assert.ok(compilePattern("^(a|b)+$").matcher instanceof NativeMatcher);
});

test.run();
