// The linear matcher (src/regex/): its parser accepts exactly what V8's `new RegExp(p, "u")`
// accepts, its Pike VM answers test() as V8 does, its classes are V8's, and the safety analysis
// sends the known blow-ups to the VM while the bench's patterns stay on V8.
// FUZZ_RUNS / FUZZ_SEED (scripts/fuzz.mjs) change the run count and replay a seed.
import fc from "fast-check";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compilePattern } from "../src/regex/matcher.js";
import { NativeMatcher } from "../src/regex/native.js";
import { buildProgram } from "../src/regex/nfa.js";
import { parseRegex, UnsupportedRegex } from "../src/regex/parse.js";
import { PikeMatcher } from "../src/regex/pike-vm.js";
import { safeForBacktracking } from "../src/regex/safety.js";
import { check, runs } from "./helpers/arbitraries.js";

/** The VM's matcher, whatever the safety analysis says. */
function vm(pattern: string): PikeMatcher {
  const { program, looks } = buildProgram(parseRegex(pattern).root, { limit: 10_000 });
  return new PikeMatcher(pattern, program, looks);
}

function v8Accepts(pattern: string): boolean {
  try {
    new RegExp(pattern, "u");
    return true;
  } catch {
    return false;
  }
}

function parserAccepts(pattern: string): boolean {
  try {
    parseRegex(pattern);
    return true;
  } catch {
    return false;
  }
}

// Pieces of syntax, valid or not on their own: joined at random they reach the corners.
const TOKENS = [
  "a", "b", "é", "😀", "\uD83D", "-", ",", "1", "0", "J", "_", "/", "=", "!", "<", ">", ":", "}", "{", "]", "[", "[^", ")", "(", "(?:", "(?=",
  "(?!", "(?<=", "(?<!", "(?<n>", "(?<m>", "(?<\\u0061>", "(?", "^", "$", ".", "|", "*", "+", "?", "*?", "{2}", "{1,}", "{0,2}", "{2,1}", "{,2}",
  "{99999999999}", "\\", "\\d", "\\D", "\\w", "\\s", "\\b", "\\B", "\\-", "\\/", "\\.", "\\a", "\\c", "\\cJ", "\\c1", "\\0", "\\00", "\\1",
  "\\2", "\\k", "\\k<n>", "\\k<x>", "\\x4", "\\x41", "\\u", "\\u00e9", "\\uD83D", "\\uDE00", "\\u{1F600}", "\\u{110000}", "\\u{}", "\\p{L}",
  "\\p{Lu}", "\\P{Script=Greek}", "\\p{sc=Grek}", "\\p{Foo}", "\\p{", "\\p", "\\pL", "\\p{General_Category=Letter}", "\\p{L=Letter}",
];

test("the parser accepts exactly the patterns V8 accepts with the u flag", () => {
  check(
    fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 8 }), (parts) => {
      const pattern = parts.join("");
      assert.is(parserAccepts(pattern), v8Accepts(pattern), JSON.stringify(pattern));
    }),
    runs(4_000),
  );
});

test("the parser on the corners V8 is particular about", () => {
  const corners = ["a{2147483648,2147483647}", "a{2147483647,2147483646}", "\\u{0000000041}", "[\\ud83d\\ude00-\\ud83d\\ude4f]", "(?<\\ud835\\udc9c>)",
    "(?<a\\u0062>)\\k<ab>", "\\k<a>(?<a>b)", "[--a]", "[a-b-c]", "[\\w-]", "[a-\\w]", "[\\b]", "[\\B]", "[]", "[^]", "(?=a)*", "(?<=a)?", "\\8(a)",
    "(?<a>x)|(?<a>y)", "(?i:a)", "[\\p{L}--a]", "\\p{RGI_Emoji}", "(?<𝒜>a)", "(?<1>)", "a{,}", "a{1,2", "\\01", "[\\0]", "[\\08]", "]", "}", "{", "x{1}{2}"];
  for (const pattern of corners) assert.is(parserAccepts(pattern), v8Accepts(pattern), pattern);
});

// Valid patterns built from parts (no backreferences), and short strings over a small alphabet.
// Quantifiers nest two levels at most and strings are short, so V8 decides each quickly.
const ATOMS = ["a", "b", "[ab]", "[^a]", ".", "\\d", "\\w", "\\s", "\\W", "[a-c]", "é", "😀", "\\u{1F600}", "[😀-😂]", "\\p{L}", "\\P{L}", "[\\p{Lu}b]",
  "[^\\p{Ll}]", "\\n", "-", "\\.", "\\b", "\\B", "^", "$", "(?:)"];
const QUANTIFIERS = ["*", "+", "?", "{2}", "{0,2}", "{1,}", "*?", "{1,3}?", "??"];
/** Patterns whose quantified parts are drawn from `inner` (none without it). */
function level(inner: fc.Arbitrary<string> | undefined): fc.Arbitrary<string> {
  return fc.letrec<{ node: string }>((tie) => ({
    node: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.constantFrom(...ATOMS),
      fc.array(tie("node"), { minLength: 2, maxLength: 3 }).map((parts) => parts.join("")),
      fc.array(tie("node"), { minLength: 2, maxLength: 3 }).map((parts) => `(?:${parts.join("|")})`),
      fc.tuple(tie("node"), fc.constantFrom("(", "(?<g>", "(?=", "(?!", "(?<=", "(?<!")).map(([body, open]) => `${open}${body})`),
      ...(inner === undefined ? [] : [fc.tuple(inner, fc.constantFrom(...QUANTIFIERS)).map(([body, q]) => `(?:${body})${q}`)]),
    ),
  })).node;
}
const pattern = level(level(level(undefined)));
const text = fc.array(fc.constantFrom("a", "b", "c", "A", "é", "😀", "😁", "\uD83D", "\n", " ", "1", "-", ".", "_"), { maxLength: 6 }).map((parts) => parts.join(""));

test("the VM's test() agrees with V8's on generated patterns and strings", () => {
  check(
    fc.property(pattern, fc.array(text, { minLength: 1, maxLength: 6 }), (source, strings) => {
      if (!v8Accepts(source)) return; // a repeated group name
      const regex = new RegExp(source, "u");
      const matcher = vm(source);
      const chosen = compilePattern(source).matcher;
      for (const s of strings) {
        const expected = regex.test(s);
        assert.is(matcher.test(s), expected, `/${source}/u on ${JSON.stringify(s)}`);
        assert.is(chosen.test(s), expected, `/${source}/u on ${JSON.stringify(s)} (as compiled)`);
      }
    }),
    runs(3_000),
  );
});

test("the VM on hand-picked semantics: lookarounds, word edges, code points, anchors", () => {
  const cases: [string, string, boolean][] = [
    ["^(?!/)(?!.*\\.\\./).*$", "a/../b", false], ["^(?!/)(?!.*\\.\\./).*$", "a/./b", true], ["^(?!/)(?!.*\\.\\./).*$", "/a", false],
    ["^(?=.*[A-Z])(?=.*\\d).{8,}$", "abcdefG1", true], ["^(?=.*[A-Z])(?=.*\\d).{8,}$", "abcdefGh", false],
    ["(?<=a)b", "ab", true], ["(?<=a)b", "cb", false], ["(?<!a)b", "cb", true], ["(?<=(?<!x)a)b", "xab", false], ["(?<=(?<!x)a)b", "yab", true],
    ["(?=a(?!b))", "ab", false], ["(?=a(?!b))", "abac", true], ["\\bfoo\\b", "a foo.", true], ["\\bfoo\\b", "afoo", false], ["\\Bfoo", "afoo", true],
    ["^.$", "😀", true], ["^..$", "😀", false], ["^.$", "\uD83D", true], ["^\\uD83D", "😀", false], ["^[^a]$", "😀", true], ["^.$", "\n", false],
    ["^$", "", true], ["a$", "ab", false], ["^b", "ab", false], ["(?:^|,)x", "a,x", true], ["x(?:$|,)", "xa", false],
    ["^(a+)+$", "a".repeat(20) + "!", false], ["^\\p{Lu}\\P{Lu}$", "Ab", true], ["\\B", "a😀a", true], ["\\B(?=[\\s\\S])", "a😀", false],
    ["\\B(?<=[\\s\\S])", "a😀", true], ["(?<=a)\\B$", "a😀", false], ["\\B(?<!a)(?!$)", "a😀", true], ["^(?:(?!\\B).)+$", "😀😀", false], ["^(?:(?!\\b).)+$", "😀😀", true], ["^[\\p{Lu}\\d]+$", "A1é", false],
  ];
  for (const [source, s, expected] of cases) {
    assert.is(new RegExp(source, "u").test(s), expected, `V8: /${source}/u on ${JSON.stringify(s)}`);
    assert.is(vm(source).test(s), expected, `VM: /${source}/u on ${JSON.stringify(s)}`);
  }
  assert.is(vm("^(a+)+$").test("a".repeat(5_000) + "!"), false); // V8 would take longer than the universe
});

test("\\d \\w \\s . and their negations hold the code points V8's do (the whole BMP, and a few above)", () => {
  for (const source of ["\\d", "\\D", "\\w", "\\W", "\\s", "\\S", ".", "[\\s\\d]", "[^\\s]", "[\\S\\s]"]) {
    const regex = new RegExp(`^${source}$`, "u");
    const matcher = vm(`^${source}$`);
    for (let cp = 0; cp <= 0xffff; cp++) {
      const s = String.fromCharCode(cp);
      if (regex.test(s) !== matcher.test(s)) assert.unreachable(`/${source}/u on U+${cp.toString(16)}`);
    }
    for (const cp of [0x10000, 0x1f600, 0x10ffff]) assert.is(matcher.test(String.fromCodePoint(cp)), regex.test(String.fromCodePoint(cp)), source);
  }
});

test("the safety analysis: the bench's and metaschemas' patterns stay on V8", () => {
  for (const source of ["^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$", "^tpl_[a-z0-9]{4,32}$", "^[a-z][a-z0-9-]*$", "^[^#]*#?$", "^[A-Za-z_][-A-Za-z0-9._]*$",
    "^[A-Za-z][-A-Za-z0-9.:_]*$", "^(?!/)(?!.*\\.\\./)[\\w./-]+$", "^\\p{L}+$", "^\\d{4}-\\d{2}-\\d{2}$", "a", "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$",
    "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$", "^https?://", "\\.json$", "^[a-z]{1,100000}$"]) {
    assert.ok(safeForBacktracking(parseRegex(source).root), source);
  }
});

test("the safety analysis: patterns V8 backtracks on badly go to the VM", () => {
  for (const source of ["^(a+)+$", "(\\w+\\s?)*$", "a*a*a*b", "\\s*#", "\\s+$", "(a|a)*", "^(a|a){20}$", "^(a*)*$", "(?:a|ab)*c", "^(.*,){11}P",
    "^.*(?=.*x)", "(?<=a+)b", "^(a|a)(a|a)(a|a)(a|a)(a|a)(a|a)(a|a)(a|a)$", "[a-z]+@", "^(\\d+)*$", "^(?:a?){30}a{30}$"]) {
    assert.not.ok(safeForBacktracking(parseRegex(source).root), source);
  }
});

test("`x{n,}` is n copies of x, the last looping: nested `+` does not double the program", () => {
  // Written as n copies and a star, 13 nested `+` (92 characters) needed more than 10,000 states
  // and were refused as "large counted repetitions".
  let nested = "a";
  for (let level = 0; level < 13; level++) nested = `(?:${nested}b?)+`;
  const { matcher, states } = compilePattern(`^${nested}$`);
  assert.ok(states < 100, `${states} states`);
  for (const [source, strings] of [[`^${nested}$`, ["", "a", "ab", "aab", "ba", "abab", "aabbb", "bb"]], ["^(?:ab){3,}$", ["abab", "ababab", "abababab", "ababa"]], ["^(?:a|bc){2,}d$", ["ad", "abcd", "bcbcd", "aaad", "d"]]] as const) {
    const chosen = source === `^${nested}$` ? matcher : vm(source);
    for (const s of strings) assert.is(chosen.test(s), new RegExp(source, "u").test(s), `/${source}/u on ${JSON.stringify(s)}`);
  }
});

test("backreferences are refused; huge automata are refused only when V8 cannot take them", () => {
  for (const source of ["(a)\\1", "(?<n>a)\\k<n>", "(?:a|b){3000}(?:a|b){3000}x*x", "^(?:a{1000}){1000}$"]) {
    assert.throws(() => compilePattern(source), (error: unknown) => error instanceof UnsupportedRegex, source);
  }
  assert.ok(compilePattern("^[\\s\\S]{0,100000}$").matcher instanceof NativeMatcher);
});

test("a matcher keeps no string after a test: it is shared by every validator of its pattern and outlives the call", () => {
  // A probe found each matcher kept the last string it read, and a table of its length per
  // lookaround: 50 calls on distinct 10M-character strings left 478 MB, after the validators were gone.
  for (const pattern of ["^(a+)+b$", "(?<=a)(?<!b)(?=c)c", "x"]) {
    const m = vm(pattern);
    for (const s of ["c".repeat(100_000), "ac" + "a".repeat(50_000), ""]) {
      m.test(s);
      assert.is(m.held, 0, `${pattern} on ${s.length} characters`);
    }
  }
});

test.run();
