// Patterns on V8's own RegExp (src/regex/native.ts): linear is not enough, V8's backtrack stack
// and its compiler overflow on some of them. Captures are made plain groups, a pattern V8
// cannot compile runs on the VM, a string V8 cannot finish is tested on the VM, and a late
// lookahead that linear V8 would run thousands of steps per character goes to the VM. And V8
// (Node 20) leaves U+10FFFF out of a negated class whose members end at U+10FFFE: such a
// pattern runs on the VM, whose classes with \p are tested as their members, negated.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { check } from "./helpers/arbitraries.js";
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

test("V8 compiles a pattern's native code for both string widths at compile, never on the data", () => {
  const tests: string[] = [];
  const original = RegExp.prototype.test;
  RegExp.prototype.test = function (this: RegExp, s: string) {
    tests.push(`${this.source} ${s.length} ${s.charCodeAt(0) > 0xff ? "two-byte" : "one-byte"}`);
    return original.call(this, s);
  };
  let compiled;
  try {
    compiled = compilePattern("^[a-z]+-(\\d{2})$");
  } finally {
    RegExp.prototype.test = original;
  }
  // 1,000 characters or more: V8 compiles native code at once (no tier-up left for the data).
  assert.equal(tests, ["^[a-z]+-(?:\\d{2})$ 1000 one-byte", "^[a-z]+-(?:\\d{2})$ 1000 two-byte"]);
  assert.ok(compiled.matcher instanceof NativeMatcher);
  assert.is(compiled.matcher.test("ab-12"), true);
  assert.is(compiled.matcher.test("\u0100b-12"), false);
});

/** Run as a child process by the spec below: prints the verdicts of validations made with the stack nearly spent. */
function validateAtTheStacksEdge(): void {
  const at = (depth: number, run: () => void): void => {
    const down = (k: number): void => (k === 0 ? run() : down(k - 1));
    down(depth);
  };
  const tally: Record<string, number> = {};
  let n = 0;
  for (let round = 0; round < 3; round++) {
    let low = 0;
    let high = 200_000; // the deepest recursion at which a call still runs
    while (high - low > 1) {
      const middle = (low + high) >> 1;
      let ran = false;
      try {
        at(middle, () => (ran = true));
      } catch {
        // past the edge
      }
      if (ran) low = middle;
      else high = middle;
    }
    for (let depth = low - 300; depth <= low; depth++) {
      const unsafe = round === 2; // a pattern on the VM, with a \p class V8 tests (an atom)
      const v = compile({ type: "string", pattern: unsafe ? `^(?:[\\p{L}\u0100]+)+$|q${n++}` : `^[a-z\u0100]+$|q${n++}` }, { cache: false });
      let verdict = "not reached";
      try {
        at(depth, () => {
          try {
            verdict = String(v.isValid(depth % 2 === 0 ? "ab\u0100" : "abc"));
          } catch (error) {
            verdict = `threw ${(error as Error).name}`;
          }
        });
      } catch {
        // the call did not start
      }
      tally[verdict] = (tally[verdict] ?? 0) + 1;
    }
  }
  process.stdout.write(JSON.stringify(tally));
}

if (process.argv[2] === "--at-the-stacks-edge") {
  validateAtTheStacksEdge();
  process.exit(0);
}

test("validations with the stack nearly spent never have V8 compile a pattern (it aborts the process)", () => {
  // V8 aborted the process (FATAL "RegExpCompiler Allocation failed", SIGABRT) when a pattern's
  // first test of a string width, or its tier-up to native code, came with the stack nearly spent.
  const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--at-the-stacks-edge"], { encoding: "utf8", timeout: 120_000 });
  assert.is(child.signal, null, `the process was killed: ${/FATAL ERROR[^\n]*/.exec(child.stderr)?.[0] ?? child.stderr.slice(0, 300)}`);
  assert.is(child.status, 0, child.stderr.slice(0, 300));
  // Each string matches. Called with too little stack to start, isValid throws the RangeError
  // (nothing can catch it inside); deeper in, it may end in `$depth` (false).
  const tally = JSON.parse(child.stdout) as Record<string, number>;
  assert.ok((tally.true ?? 0) > 500, child.stdout);
  for (const verdict of Object.keys(tally)) assert.ok(["true", "false", "not reached", "threw RangeError"].includes(verdict), child.stdout);
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

const LAST = "\u{10FFFF}";

test("a negated class whose members end at U+10FFFE holds U+10FFFF, on V8's path and on the VM's", () => {
  for (const [pattern, string, expected] of [
    ["^[^\\u{10FFFE}]$", LAST, true],
    ["^[^\\u{0}-\\u{10FFFE}]$", LAST, true],
    ["^[^\\u{0}-\\u{10FFFE}]$", "a", "pattern"],
    ["^[^a-\\u{10FFFE}]$", LAST, true],
    ["^[^\\p{Lu}\\u{10FFFE}]$", LAST, true],
    ["^[^\\p{Lu}\\u{10FFFE}]$", "A", "pattern"],
    ["^[^\\p{Lu}\\u{10FFFE}]$", "\u{10FFFE}", "pattern"],
    ["^[^\\p{Lu}\\u{10FFFE}]$", "a", true],
    ["^[^^\\p{Lu}\\u{10FFFE}]$", "^", "pattern"],
    ["^[^^\\p{Lu}\\u{10FFFE}]$", LAST, true],
    // Unsafe for V8's backtracking: the VM, with the class as an atom.
    ["^(?:[^\\p{Lu}\\u{10FFFE}]+)+$", LAST + "a" + LAST, true],
    ["^(?:[^\\p{Lu}\\u{10FFFE}]+)+$", LAST + "A", "pattern"],
  ] as const) {
    assert.is(verdict(pattern, string), expected, `${pattern} on ${JSON.stringify(string)}`);
  }
  // Classes V8 reads right keep V8's path.
  assert.ok(compilePattern("^[^\\p{Lu}]+$").matcher instanceof NativeMatcher);
  assert.ok(compilePattern("^[^a-z]+$").matcher instanceof NativeMatcher);
});

/** Members of a negated class: a code point, a range, or a property (only read by V8 un-negated, which it reads right). */
const member = fc.oneof(
  fc.constantFrom(0, 0x61, 0xffff, 0x10000, 0x10fffd, 0x10fffe, 0x10ffff).map((cp) => ({ source: `\\u{${cp.toString(16)}}`, has: (c: number) => c === cp })),
  fc.tuple(fc.constantFrom(0, 0x41, 0x10000, 0x10fff0), fc.constantFrom(0x5a, 0xffff, 0x10fffe, 0x10ffff)).map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const).map(([lo, hi]) => ({ source: `\\u{${lo.toString(16)}}-\\u{${hi.toString(16)}}`, has: (c: number) => c >= lo && c <= hi })),
  fc.constantFrom("\\p{Lu}", "\\p{Co}", "\\P{L}", "\\d").map((source) => {
    const positive = new RegExp(`^[${source}]$`, "u");
    return { source, has: (c: number) => positive.test(String.fromCodePoint(c)) };
  }),
);

test("property: a negated class holds what none of its members holds, on V8's path and on the VM's", () => {
  const probes = [0, 0x41, 0x61, 0x5a, 0x31, 0xffff, 0x10000, 0x10fffd, 0x10fffe, 0x10ffff];
  check(
    fc.property(fc.array(member, { minLength: 1, maxLength: 4 }), fc.boolean(), (members, unsafe) => {
      const body = `[^${members.map((m) => m.source).join("")}]`;
      const pattern = unsafe ? `^(?:${body}+)+$` : `^${body}$`;
      const v = compile({ type: "string", pattern }, { cache: false });
      for (const cp of probes) {
        const expected = !members.some((m) => m.has(cp));
        if (v.isValid(String.fromCodePoint(cp)) !== expected) throw new Error(`${pattern} on U+${cp.toString(16)}: expected ${expected}`);
      }
    }),
    300,
  );
});

test.run();
