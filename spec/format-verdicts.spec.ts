// One validation call checks a long string against each format checker once
// (src/engine/format-verdicts.ts): a hundred anyOf branches of `format: "regex"` on a 1 MB
// string took 18 s in isValid and 48 s in validate, each branch parsing the string again.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { formats } from "../src/formats/index.js";
import { compile } from "../src/index.js";
import { LONG_FORMAT_TEXT } from "../src/engine/format-verdicts.js";
import { fastest } from "./helpers/timing.js";

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

test("a short string is checked each time, and nothing is kept from one call to the next", () => {
  const c = counted();
  const v = compile(branches(50), { formats: { counted: c.check }, cache: false });
  assert.not.ok(v.isValid(long("b", LONG_FORMAT_TEXT)));
  assert.is(c.calls, 50);
  c.calls = 0;
  const text = long("b");
  v.isValid(text);
  v.isValid(text);
  assert.is(c.calls, 2, "a second call checks again");
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

// Before format-verdicts.ts: about 200 times (each branch parsed the string as a pattern again).
test('200 branches of format "regex" on a 200,000-character string cost about what one does', () => {
  const text = "a.".repeat(100_000) + "(";
  const one = compile({ anyOf: [{ format: "regex" }, { type: "number" }] }, { formats, cache: false });
  const many = compile({ anyOf: [...Array.from({ length: 200 }, (_, i) => ({ format: "regex", title: `${i}` })), { type: "number" }] }, { formats, cache: false });
  const ratio = fastest(() => assert.not.ok(many.isValid(text))) / fastest(() => assert.not.ok(one.isValid(text)));
  assert.ok(ratio < 5, `${ratio.toFixed(1)} times`);
});

test.run();
