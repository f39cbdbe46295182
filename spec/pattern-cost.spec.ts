// What a schema's patterns may cost to compile (src/regex/pattern-cost.ts): V8's RegExp parser
// expands each Unicode property escape anew, so a pattern of a few hundred kilobytes of `\p{L}`
// took it many seconds, and nothing bounded a document's patterns together. These schemas were
// accepted before, each after seconds of compiling: they are refused now, where the budget ran
// out, before either parser reads the pattern.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, SchemaError } from "../src/index.js";
import { compilePattern, UnsupportedRegex } from "../src/regex/matcher.js";
import { MAX_PATTERN_TEXT, MAX_PROPERTY_ESCAPES, PATTERN_OVERHEAD, PatternBudget, propertyEscapes } from "../src/regex/pattern-cost.js";

type Obj = Record<string, unknown>;

function refusal(schema: unknown): { code: string; at: string; message: string } | undefined {
  try {
    compile(schema, { cache: false });
    return undefined;
  } catch (error) {
    if (!(error instanceof SchemaError)) throw error;
    return { code: error.code, at: error.schemaLocation, message: error.message };
  }
}

test("property escapes are counted exactly: an escaped backslash escapes nothing after it", () => {
  assert.is(propertyEscapes("\\p{L}"), 1);
  assert.is(propertyEscapes("[\\p{L}\\P{Lu}]+"), 2);
  assert.is(propertyEscapes("\\\\p{L}"), 0, "a backslash, then the letters p{L}");
  assert.is(propertyEscapes("\\\\\\p{L}"), 1);
  assert.is(propertyEscapes("p{L}P{L}\\d\\w"), 0);
  assert.is(propertyEscapes("a\\"), 0, "a trailing backslash");
  assert.is(propertyEscapes("\\p\\p"), 2);
});

test("one pattern with more property escapes than the budget is refused where it stands", () => {
  const many = "[" + "\\p{L}".repeat(MAX_PROPERTY_ESCAPES + 1) + "]";
  const refused = refusal({ properties: { name: { type: "string", pattern: many } } });
  assert.is(refused?.code, "unsupported-regex");
  assert.is(refused?.at, "/properties/name/pattern");
  assert.match(refused!.message, /more than 512 Unicode property escapes/);
  // At the budget it compiles, and matches as the pattern says.
  const v = compile({ type: "string", pattern: "^[" + "\\p{L}".repeat(MAX_PROPERTY_ESCAPES) + "]+$" }, { cache: false });
  assert.ok(v.isValid("Straße"));
  assert.not.ok(v.isValid("x1"));
});

test("a document's distinct patterns are counted together, patternProperties' names included", () => {
  const patternProperties: Obj = {};
  for (let i = 0; i <= MAX_PROPERTY_ESCAPES; i++) patternProperties[`^k${String(i).padStart(4, "0")}\\p{L}$`] = { type: "string" };
  const refused = refusal({ type: "object", patternProperties });
  assert.is(refused?.code, "unsupported-regex");
  // Keys are walked in sorted order: the last one sorted crosses the budget.
  assert.is(refused?.at, `/patternProperties/^k${String(MAX_PROPERTY_ESCAPES).padStart(4, "0")}\\p{L}$`);
  assert.match(refused!.message, /patterns together are too costly to compile/);
  // Short distinct patterns count PATTERN_OVERHEAD characters each.
  const properties: Obj = {};
  const count = Math.floor(MAX_PATTERN_TEXT / PATTERN_OVERHEAD) + 1;
  for (let i = 0; i < count; i++) properties[`p${i}`] = { type: "string", pattern: `^${i}$` };
  assert.is(refusal({ properties })?.code, "unsupported-regex");
  delete properties[`p${count - 1}`];
  assert.is(refusal({ properties }), undefined);
});

test("a pattern repeated costs nothing more: it is compiled once", () => {
  const pattern = "^[\\p{L}\\p{N}_-]{1,64}$" + "(?:x)?".repeat(100);
  const properties: Obj = {};
  for (let i = 0; i < 2_000; i++) properties[`p${i}`] = { type: "string", pattern };
  assert.ok(pattern.length * 2_000 > MAX_PATTERN_TEXT && 4 * 2_000 > MAX_PROPERTY_ESCAPES, "the repeats together would pass the budget");
  assert.is(refusal({ properties }), undefined);
});

test("a long pattern is refused by its length, before it is parsed", () => {
  const long = "[" + "a".repeat(MAX_PATTERN_TEXT) + "]";
  const refused = refusal({ type: "string", pattern: long });
  assert.is(refused?.code, "unsupported-regex");
  assert.is(refused?.at, "/pattern");
  assert.match(refused!.message, /longer than 65536 characters/);
  assert.ok(compile({ type: "string", pattern: "[" + "a".repeat(MAX_PATTERN_TEXT - 2) + "]" }, { cache: false }).isValid("a"));
});

test("compilePattern bounds each pattern itself, wherever it comes from", () => {
  const budget = new PatternBudget();
  assert.is(budget.add("\\p{L}".repeat(MAX_PROPERTY_ESCAPES)), undefined);
  assert.is(budget.add("\\p{L}".repeat(MAX_PROPERTY_ESCAPES)), undefined, "the same pattern again");
  assert.match(budget.add("\\p{N}") ?? "", /more than 512/);
  assert.throws(() => compilePattern("\\p{L}".repeat(MAX_PROPERTY_ESCAPES + 1)), (e: unknown) => e instanceof UnsupportedRegex && /too costly/.test(e.message));
  assert.throws(() => compilePattern("a".repeat(MAX_PATTERN_TEXT + 1)), (e: unknown) => e instanceof UnsupportedRegex && /longer than/.test(e.message));
});

test.run();
