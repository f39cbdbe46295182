// One validation call tests a long string once per pattern and per format checker, and counts
// its code points once (src/engine/string-verdicts.ts): a hundred anyOf branches of
// `format: "regex"` on a 1 MB string took 18 s in isValid and 48 s in validate, of a pattern the
// linear VM runs 4 s and 12 s, of maxLength 0.2 s and 0.7 s, each branch reading the string again.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { formats } from "../src/formats/index.js";
import { compile } from "../src/index.js";
import { FREE_CHECKS } from "../src/engine/string-verdicts.js";
import { fastest } from "./helpers/timing.js";
import { copyOf } from "./helpers/strings.js";

/** A checker that counts its calls: valid when the string ends in "b". */
function counted(): { check: (s: string) => boolean; calls: number } {
  const counter = { calls: 0, check: (s: string) => (counter.calls++, s.endsWith("b")) };
  return counter;
}

/** `n` anyOf branches that each check `format`, then fail (maxLength 1, after it), then one that fails on strings. */
const branches = (n: number): Record<string, unknown> => ({
  anyOf: [...Array.from({ length: n }, (_, i) => ({ allOf: [{ format: "counted" }, { maxLength: 1 }], title: `branch ${i}` })), { type: "number" }],
});

const long = (tail: string, length = 10_000): string => "a".repeat(length - 1) + tail;

test("a long string is checked once per call by each checker, however many subschemas ask", () => {
  const c = counted();
  const v = compile(branches(50), { formats: { counted: c.check }, cache: false });
  assert.not.ok(v.isValid(long("b")));
  assert.is(c.calls, 1, "isValid");
  c.calls = 0;
  assert.not.ok(v.validate(long("b")).valid);
  assert.is(c.calls, 1, "validate: the boolean pass and the error pass");
  c.calls = 0;
  v.validate(long("b"), { allErrors: false });
  assert.is(c.calls, 1, "validate, first error");
  c.calls = 0;
  v.validate(long("b"), { output: "verbose" });
  assert.is(c.calls, 1, "verbose");
  c.calls = 0;
  assert.ok(v.validate(1).valid);
  v.validate(long("b"), { output: "basic" });
  assert.is(c.calls, 1, "basic");
});

test("several long strings in turn: each is checked once", () => {
  const c = counted();
  // Every branch reads the three items in turn (then fails), so the strings alternate.
  const branch = (i: number) => ({ allOf: [{ items: { format: "counted" } }, { minItems: 4 }], title: `branch ${i}` });
  const v = compile({ anyOf: Array.from({ length: 40 }, (_, i) => branch(i)) }, { formats: { counted: c.check }, cache: false });
  const data = [long("b"), "c" + long("b").slice(1), long("b", 20_000)];
  assert.not.ok(v.isValid(data));
  assert.is(c.calls, 3);
});

test("a short string is checked once per call by each checker too, past the call's first FREE_CHECKS; nothing is kept from one call to the next", () => {
  const c = counted();
  const v = compile(branches(FREE_CHECKS + 100), { formats: { counted: c.check }, cache: false });
  assert.not.ok(v.isValid("ab"));
  assert.is(c.calls, FREE_CHECKS + 1, "the first FREE_CHECKS run as asked, then one more, kept");
  c.calls = 0;
  assert.not.ok(v.isValid("ab"));
  assert.is(c.calls, FREE_CHECKS + 1, "a second call counts afresh");
  c.calls = 0;
  const few = compile(branches(50), { formats: { counted: c.check }, cache: false });
  assert.not.ok(few.isValid("ab"));
  assert.is(c.calls, 50);
  c.calls = 0;
  const text = long("b");
  v.isValid(text);
  v.isValid(text);
  assert.is(c.calls, 2, "a long string is kept from the first check, and checked again by a second call");
});

// Short strings are checked once too: idn-hostname takes about 20 us on 60 characters, and
// 1,000 branches over 400 of them took 20 ms per string before.
test('1,000 branches of format "idn-hostname" over 400 short strings cost about what one does', () => {
  const data = Array.from({ length: 400 }, (_, i) => "\u00fc".repeat(50) + `.example${i}.com`);
  const branch = (i: number) => ({ allOf: [{ format: "idn-hostname" }, { maxLength: 1 }], title: `${i}` });
  const one = compile({ items: { anyOf: [branch(0), { type: "string" }] } }, { formats, cache: false });
  const many = compile({ items: { anyOf: [...Array.from({ length: 1000 }, (_, i) => branch(i)), { type: "string" }] } }, { formats, cache: false });
  const ratio = fastest(() => assert.ok(many.isValid(data))) / fastest(() => assert.ok(one.isValid(data)));
  assert.ok(ratio < 30, `${ratio.toFixed(1)} times`);
});

test("verdicts are kept by checker: two formats on one string, each checked once, each its own verdict", () => {
  const yes = counted();
  const no = counted();
  const v = compile(
    { anyOf: Array.from({ length: 20 }, (_, i) => ({ allOf: [{ format: "yes" }, { format: "no" }], title: `branch ${i}` })) },
    { formats: { yes: yes.check, no: (s: string) => !no.check(s) }, cache: false },
  );
  assert.not.ok(v.isValid(long("b")));
  assert.equal([yes.calls, no.calls], [1, 1]);
});

test("a checker that validates inside itself leaves the outer call's verdicts right", () => {
  const inner = compile({ format: "counted" }, { formats: { counted: (s: string) => s.endsWith("b") }, cache: false });
  const v = compile(branches(10), { formats: { counted: (s: string) => inner.isValid(long("c")) === false && s.endsWith("b") }, cache: false });
  assert.not.ok(v.isValid(long("b")));
  const ok = compile({ anyOf: [{ format: "counted", minLength: 1e9 }, { format: "counted" }] }, { formats: { counted: (s: string) => inner.isValid(long("c")) === false && s.endsWith("b") }, cache: false });
  assert.ok(ok.isValid(long("b")));
  assert.not.ok(ok.isValid(long("c")));
});

test("many distinct patterns on one long string: each its own verdict, asked again by the error pass", () => {
  const text = "a".repeat(1_000) + "z";
  // Pattern i matches when the string ends in letter i: only "z" (i = 25) does.
  const letters = Array.from({ length: 26 }, (_, i) => String.fromCharCode(97 + i));
  const patterns = [...letters.map((c) => `${c}$`), ...letters.map((c) => `^a+${c}$`)];
  const v = compile({ anyOf: patterns.map((pattern) => ({ pattern })) }, { cache: false });
  assert.ok(v.isValid(text));
  const none = compile({ anyOf: patterns.filter((p) => !p.includes("z")).map((pattern) => ({ pattern })) }, { cache: false });
  assert.not.ok(none.isValid(text));
  const result = none.validate(text);
  assert.ok(!result.valid);
  assert.is(result.errors.filter((e) => e.keyword === "pattern").length, 50);
  assert.ok(none.validate(text.slice(0, -1) + "b").valid);
});

// Before string-verdicts.ts: about 180 times (each branch parsed the string as a pattern again).
test('200 branches of format "regex" on a 200,000-character string cost about what one does', () => {
  const text = "a.".repeat(100_000) + "(";
  const one = compile({ anyOf: [{ format: "regex" }, { type: "number" }] }, { formats, cache: false });
  const many = compile({ anyOf: [...Array.from({ length: 200 }, (_, i) => ({ format: "regex", title: `${i}` })), { type: "number" }] }, { formats, cache: false });
  const ratio = fastest(() => assert.not.ok(many.isValid(text))) / fastest(() => assert.not.ok(one.isValid(text)));
  assert.ok(ratio < 5, `${ratio.toFixed(1)} times`);
});

const ON_THE_VM = "^(a|a.)*$"; // not proven safe for V8's backtracking: runs on the Pike VM
const ON_V8 = "^[a.]*$";

test("patterns: each long string keeps its own verdict, in every pass and through patternProperties", () => {
  for (const pattern of [ON_THE_VM, ON_V8]) {
    const v = compile({ items: { anyOf: [{ pattern, minLength: 1e9 }, { pattern }] } }, { cache: false });
    const yes = "a.".repeat(5_000);
    const no = yes + "!";
    assert.ok(v.isValid([yes, yes.slice(0, 9_000), copyOf(yes)]), pattern);
    assert.not.ok(v.isValid([yes, no, yes]), pattern);
    const result = v.validate([yes, no, yes, no]);
    assert.ok(!result.valid);
    assert.equal([...new Set(result.errors.map((e) => e.instanceLocation))], ["/1", "/3"], pattern);
    const keys = compile({ anyOf: [{ patternProperties: { [pattern]: false }, minProperties: 9 }, { patternProperties: { [pattern]: { type: "string" } } }] }, { cache: false });
    assert.ok(keys.isValid({ [yes]: "s", [no]: 1 }), pattern);
    assert.not.ok(keys.isValid({ [no]: 1, [yes]: 1 }), pattern);
  }
});

// Before: about 200 times on the VM and 60 on V8 (each branch ran the pattern again).
test("200 branches of one pattern on a 200,000-character string cost about what one does, on the VM and on V8", () => {
  const text = "a.".repeat(100_000) + "!";
  for (const pattern of [ON_THE_VM, ON_V8]) {
    const one = compile({ anyOf: [{ pattern }, { type: "number" }] }, { cache: false });
    const many = compile({ anyOf: [...Array.from({ length: 200 }, (_, i) => ({ pattern, title: `${i}` })), { type: "number" }] }, { cache: false });
    const ratio = fastest(() => assert.not.ok(many.isValid(text))) / fastest(() => assert.not.ok(one.isValid(text)));
    assert.ok(ratio < 5, `${pattern}: ${ratio.toFixed(1)} times`);
  }
});

test("minLength and maxLength: strings of one UTF-16 length and other code point counts, in turn", () => {
  const astral = "\u{1F600}".repeat(5_000); // 10,000 UTF-16 units, 5,000 code points
  const plain = "a".repeat(10_000);
  const v = compile({ items: { anyOf: [{ maxLength: 6_000, minLength: 1e9 }, { maxLength: 6_000, minLength: 4_000 }] } }, { cache: false });
  assert.ok(v.isValid([astral, copyOf(astral)]));
  assert.not.ok(v.isValid([astral, plain, astral]));
  const result = v.validate([astral, plain, astral, plain]);
  assert.ok(!result.valid);
  const units = result.errors.filter((e) => e.keyword === "maxLength" && e.instanceLocation !== "");
  assert.equal([...new Set(units.map((e) => e.instanceLocation))], ["/1", "/3"]);
  assert.match(units[0]!.error, "but has 10000");
  const short = compile({ items: { anyOf: [{ minLength: 1e9 }, { minLength: 5_001 }] } }, { cache: false }).validate([astral]);
  assert.ok(!short.valid && short.errors.some((e) => e.error.endsWith("but has 5000")));
});

// Before: about 200 times (each branch counted the code points again).
test("200 branches of maxLength on a 200,000-character string cost about what one does", () => {
  const text = "\u00e9".repeat(200_000);
  const branch = (i: number) => ({ maxLength: 150_000 + i });
  const one = compile({ anyOf: [branch(0), { type: "number" }] }, { cache: false });
  const many = compile({ anyOf: [...Array.from({ length: 200 }, (_, i) => branch(i)), { type: "number" }] }, { cache: false });
  const ratio = fastest(() => assert.not.ok(many.isValid(text))) / fastest(() => assert.not.ok(one.isValid(text)));
  assert.ok(ratio < 5, `${ratio.toFixed(1)} times`);
});

test.run();
