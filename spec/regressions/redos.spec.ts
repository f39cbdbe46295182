// Regression (issue 17, §1): patterns ran on V8's backtracking engine, so a schema's pattern and
// the data it checks could hang the validator: `^(a+)+$` on "a"×28 + "!" took 25 s, `(\w+\s?)*$`
// in propertyNames on a 28-character key 31 s, `a*a*a*b` on 50k characters over a minute, `\s*#`
// on 50k spaces 3.9 s, and `format: "regex"` built a RegExp from the data (a 1 MB class of \p{…}:
// 31.8 s). Patterns now run on V8 only when proven linear there (src/regex/safety.ts), else on
// the Pike VM (src/regex/pike-vm.ts). No time is asserted: on a backtracking engine these specs
// would not finish, which is the failure signal; the VM's step counts are asserted instead.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { formats } from "../../src/formats/index.js";
import { compile, SchemaError } from "../../src/index.js";
import { compilePattern } from "../../src/regex/matcher.js";
import { NativeMatcher } from "../../src/regex/native.js";
import { CALL_STEPS, MATCH_STEPS, PikeMatcher, RegexBudgetExceeded } from "../../src/regex/pike-vm.js";

function verdict(schema: unknown, instance: unknown, options = {}): boolean {
  const validator = compile(schema, { cache: false, ...options });
  const valid = validator.isValid(instance);
  assert.is(validator.validate(instance).valid, valid, "isValid and validate agree");
  return valid;
}

test("^(a+)+$ on a×28 + '!' is invalid, and a×28 valid", () => {
  assert.is(verdict({ type: "string", pattern: "^(a+)+$" }, "a".repeat(28) + "!"), false);
  assert.is(verdict({ type: "string", pattern: "^(a+)+$" }, "a".repeat(28)), true);
  assert.is(verdict({ type: "string", pattern: "^(a+)+$" }, "a".repeat(50_000) + "!"), false);
});

test("(\\w+\\s?)*$ in propertyNames on a 28-character key (it matches: the empty string at the end)", () => {
  const schema = { propertyNames: { pattern: "(\\w+\\s?)*$" } };
  assert.is(verdict(schema, { ["a".repeat(27) + "!"]: 1 }), true);
  assert.is(verdict({ propertyNames: { pattern: "^(\\w+\\s?)*$" } }, { ["a".repeat(27) + "!"]: 1 }), false);
  assert.is(verdict({ propertyNames: { pattern: "^(\\w+\\s?)*$" } }, { ["ab cd ".repeat(7_000)]: 1 }), true);
});

test("a*a*a*b on 50k characters, \\s*# on 50k spaces", () => {
  assert.is(verdict({ pattern: "a*a*a*b" }, "a".repeat(50_000)), false);
  assert.is(verdict({ pattern: "a*a*a*b" }, "a".repeat(50_000) + "b"), true);
  assert.is(verdict({ pattern: "\\s*#" }, " ".repeat(50_000)), false);
  assert.is(verdict({ pattern: "\\s*#" }, " ".repeat(50_000) + "#"), true);
  assert.is(verdict({ pattern: "\\s+$" }, " ".repeat(50_000) + "x"), false);
});

test("a 40k-character key against patternProperties, with additionalProperties reading the patterns", () => {
  const schema = { patternProperties: { "^(a|aa)+$": { type: "number" }, "(x+x+)+y": { type: "string" } }, additionalProperties: false };
  assert.is(verdict(schema, { ["a".repeat(40_000)]: 1 }), true);
  assert.is(verdict(schema, { ["a".repeat(40_000)]: "1" }), false);
  assert.is(verdict(schema, { ["a".repeat(40_000) + "!"]: 1 }), false); // matches no pattern: additional
  assert.is(verdict(schema, { ["x".repeat(40_000)]: 1 }), false);
  assert.is(verdict(schema, { ["x".repeat(40_000) + "y"]: "s" }), true);
});

test("each test takes at most (code points + 1) × states steps, and the VM's known blow-ups take a few", () => {
  for (const [pattern, s] of [["^(a+)+$", "a".repeat(30_000) + "!"], ["(\\w+\\s?)*$", "a".repeat(30_000) + "!"], ["a*a*a*b", "a".repeat(30_000)], ["\\s*#", " ".repeat(30_000)]] as const) {
    const { matcher } = compilePattern(pattern);
    assert.instance(matcher, PikeMatcher, pattern);
    matcher.test(s);
    assert.ok(PikeMatcher.lastSteps <= (s.length + 1) * 20, `${pattern}: ${PikeMatcher.lastSteps} steps`);
  }
});

test("lookarounds: on V8 when proven safe, on the VM (linear) otherwise", () => {
  const path = { pattern: "^(?!/)(?!.*\\.\\./)[\\w./-]+$" };
  assert.instance(compilePattern(path.pattern).matcher, NativeMatcher);
  assert.is(verdict(path, "a/".repeat(25_000)), true);
  assert.is(verdict(path, "a/".repeat(25_000) + "../b"), false);
  const everyChar = { pattern: "^(?:(?=[^x]*y).)*$" }; // quadratic on V8: the lookahead reads ahead at every step
  assert.instance(compilePattern(everyChar.pattern).matcher, PikeMatcher);
  assert.is(verdict(everyChar, "a".repeat(40_000) + "y"), true);
  assert.is(verdict(everyChar, "a".repeat(40_000)), false);
  assert.is(verdict({ pattern: "(?<=a+)b" }, "a".repeat(40_000) + "c"), false);
});

test("a test that would take more than MATCH_STEPS ends in one $pattern unit: invalid, never a hang", () => {
  const validator = compile({ properties: { s: { pattern: "[\\s\\S]{1000}$" } } }, { cache: false });
  const long = "x".repeat(50_000) + "\n";
  assert.ok((long.length * 1000) / 2 > MATCH_STEPS);
  assert.is(validator.isValid({ s: long }), false);
  const result = validator.validate({ s: long });
  assert.is(result.valid, false);
  if (!result.valid) {
    assert.is(result.errors.length, 1);
    assert.is(result.errors[0]!.keyword, "$pattern");
    assert.is(result.errors[0]!.keywordLocation, "");
  }
  assert.is(validator.isValid({ s: "x".repeat(1_000) }), true);
  assert.is(validator.isValid({ s: "x".repeat(999) }), false);
});

// A lookaround's empty match is closed again at each place inside a surrogate pair (nothing can be
// read there), and those closures counted their steps but never checked the budget: a lookbehind
// whose body is a chain of thousands of states, held off the code point boundaries by a lookahead,
// took about 6 s on 100,000 emoji (40,000,000 steps on 5,000 of them).
test("closures inside surrogate pairs count against MATCH_STEPS: a $pattern unit, not seconds", () => {
  const pattern = "(?<=(?!\\uD83D\\uDE00)(?:a?){4000})";
  const matcher = compilePattern(pattern).matcher;
  assert.instance(matcher, PikeMatcher);
  const long = "\u{1F600}".repeat(5_000);
  assert.throws(() => matcher.test(long), (error: unknown) => error instanceof RegexBudgetExceeded);
  assert.ok(PikeMatcher.lastSteps <= MATCH_STEPS + 20_000, `${PikeMatcher.lastSteps} steps`);
  const validator = compile({ pattern }, { cache: false });
  const result = validator.validate("\u{1F600}".repeat(100_000));
  assert.equal(result.valid ? [] : result.errors.map((e) => e.keyword), ["$pattern"]);
  // A short one still matches, as V8 says.
  assert.is(validator.isValid("\u{1F600}".repeat(10)), new RegExp(pattern, "u").test("\u{1F600}".repeat(10)));
});

// Each test stayed under MATCH_STEPS, but a schema holds up to 2,048 distinct patterns: 2,000 of
// them on 100,000 characters took 13 s, and 2 minutes on 1 MB.
test("the tests of one call take at most CALL_STEPS together: many distinct patterns end in one $pattern unit", () => {
  const branches = (n: number) => ({ anyOf: [...Array.from({ length: n }, (_, i) => ({ pattern: `^(a|a.|b${i})*$` })), { type: "number" }] });
  const text = "a.".repeat(50_000) + "!";
  const one = compile(branches(1), { cache: false });
  assert.is(one.isValid(text), false);
  const steps = PikeMatcher.lastSteps;
  assert.ok(steps < MATCH_STEPS && steps * 400 > CALL_STEPS, `one test: ${steps} steps`);
  const many = compile(branches(400), { cache: false });
  for (const run of [() => many.validate(text), () => many.validate(text, { allErrors: false }), () => many.validate(text, { output: "basic" })]) {
    const result = run() as { valid: boolean; errors?: { keyword: string; error: string }[] };
    assert.is(result.valid, false);
    assert.equal(result.errors!.map((e) => e.keyword), ["$pattern"]);
    assert.match(result.errors![0]!.error, `more than ${CALL_STEPS} steps in all`);
  }
  assert.is(many.isValid(text), false);
  // The budget is the call's: a call after it starts afresh, and a short string costs little.
  assert.is(many.isValid("a.a."), true);
  assert.is(one.isValid("a.".repeat(50_000)), true);
  // Outside a call (a matcher tested on its own) only MATCH_STEPS applies.
  const alone = compilePattern("^(a|a.|b0)*$").matcher;
  for (let i = 0; i < (1.2 * CALL_STEPS) / steps; i++) assert.is(alone.test(text), false);
});

test("backreferences are refused at compile time with unsupported-regex", () => {
  for (const schema of [{ pattern: "(a)\\1" }, { patternProperties: { "(?<n>a)\\k<n>": true } }, { propertyNames: { pattern: "^(.)\\1$" } }]) {
    try {
      compile(schema, { cache: false });
      assert.unreachable(JSON.stringify(schema));
    } catch (error) {
      assert.instance(error, SchemaError);
      assert.is((error as SchemaError).code, "unsupported-regex");
    }
  }
});

test("format regex checks a 1 MB string with the linear parser, never building a RegExp from it", () => {
  const validator = compile({ format: "regex" }, { cache: false, formats });
  const big = "[^\\p{Lu}\\p{Ll}]".repeat(70_000);
  assert.ok(big.length > 1_000_000);
  assert.is(validator.isValid(big), true);
  assert.is(validator.isValid(big + "["), false);
  assert.is(validator.isValid("(".repeat(300_000)), false);
  assert.is(validator.isValid("\\p{Lu}".repeat(100_000) + "\\p{Nope}"), false);
});

test.run();
