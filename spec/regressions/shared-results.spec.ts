// Regression: results handed out values the validator keeps. `params.type` was the array of the
// explainer's schema copy, so a caller that pushed "integer" onto it made later validate() calls
// of that validator (and of every caller sharing it through the cache) drop the type error;
// `params.allowedValues` / `allowedValue` of the collecting closures were the arrays and objects
// their messages are built from, and annotations (`default`, `examples`) the annotating copy's
// values. What a result shares with the validator is now frozen.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compileExplaining } from "../../src/compile.js";
import { compile, type CompileOptions, type Validator } from "../../src/index.js";
import { usedExplainer } from "../../src/validator.js";

const SCHEMA = {
  properties: {
    t: { type: ["string", "null"] },
    e: { enum: [1, "a", { k: [1] }] },
    p: { enum: ["x", "y"] },
    c: { const: { k: [1] } },
  },
};
const DATA = { t: 1, e: 2, p: "z", c: 1 };

/** Every way a caller could change what it was handed; each throws on a frozen value. */
function tamper(params: Record<string, unknown>): number {
  let refused = 0;
  const attempts: Array<() => void> = [];
  for (const value of Object.values(params)) {
    if (Array.isArray(value)) attempts.push(() => value.push("integer"), () => (value[0] = "integer"), () => value.splice(0));
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      const inner = (value as { k?: unknown[] }).k;
      attempts.push(() => ((value as Record<string, unknown>)["k"] = "changed"));
      if (Array.isArray(inner)) attempts.push(() => inner.push(2));
    }
  }
  for (const attempt of attempts) {
    try {
      attempt();
    } catch (error) {
      assert.instance(error, TypeError);
      refused++;
    }
  }
  return refused;
}

const PASSES: ReadonlyArray<[string, (schema: unknown, options: CompileOptions) => Validator]> = [
  ["explainer", (schema, options) => compileExplaining(schema, options)],
  ["closures", (schema, options) => compileExplaining(schema, options, 0)],
];

for (const [kind, make] of PASSES) {
  test(`${kind}: a caller changing a unit's params changes no later result`, () => {
    const v = make(SCHEMA, {});
    const first = v.validate(DATA);
    assert.is(usedExplainer(v), kind === "explainer");
    const before = JSON.stringify(first);
    assert.ok(!first.valid);
    const keywords = first.errors.map((e) => e.keyword);
    assert.equal(keywords, ["type", "enum", "enum", "const"]);
    // 3 for the type array, 3 for each enum array, 1 + 1 for the const object and its array.
    assert.is(first.errors.map((e) => tamper(e.params as Record<string, unknown>)).reduce((a, b) => a + b), 3 + 3 + 3 + 2);
    assert.is(JSON.stringify(first), before, "the unit itself is unchanged");
    assert.is(JSON.stringify(v.validate(DATA)), before, "the next result is the same");
  });
}

test("a cached validator: what one caller is handed cannot change another caller's results", () => {
  const a = compile(SCHEMA);
  const b = compile(structuredClone(SCHEMA));
  assert.is(a, b);
  for (let i = 0; i < 20; i++) a.validate(DATA); // past the explainer's turn: the closures' units too
  const before = JSON.stringify(b.validate(DATA));
  const result = a.validate(DATA);
  if (!result.valid) for (const unit of result.errors) tamper(unit.params as Record<string, unknown>);
  assert.is(JSON.stringify(b.validate(DATA)), before);
});

test("annotations (default, examples) are frozen: a later output is the same", () => {
  const v = compile({ properties: { a: { default: { deep: [1] }, examples: [{ e: 1 }] } } }, { cache: false });
  const output = v.validate({ a: 1 }, { output: "basic" }) as { annotations: Array<{ keyword: string; annotation: unknown }> };
  const before = JSON.stringify(output);
  const byKeyword = new Map(output.annotations.map((a) => [a.keyword, a.annotation]));
  const defaults = byKeyword.get("default") as { deep: unknown[] };
  const examples = byKeyword.get("examples") as unknown[];
  assert.throws(() => defaults.deep.push("changed"), TypeError);
  assert.throws(() => examples.push("changed"), TypeError);
  assert.is(JSON.stringify(v.validate({ a: 1 }, { output: "basic" })), before);
});

test("a long enum: the message lists what fits in 200 characters, as before, without showing every value", () => {
  const values = Array.from({ length: 20_000 }, (_, i) => i);
  for (const [kind, make] of PASSES) {
    const v = make({ enum: values }, {});
    const result = v.validate(-1);
    const full = values.join(", ");
    assert.equal(result.valid ? [] : result.errors.map((e) => e.error), [`must be one of ${full.slice(0, 199)}…, but is -1`], kind);
  }
});

// The cache hands one validator to every caller of a schema (red-team): `mine.validate = …` or
// `mine.dialect = …` by one caller changed what the others got, ~standard and the MCP provider
// included. A validator is frozen.
test("a validator shared through the cache cannot be changed by one of its callers", () => {
  const schema = () => ({ type: "object", properties: { n: { type: "integer" } }, required: ["n"] });
  const mine = compile(schema());
  const loose = mine as unknown as Record<string, unknown>;
  assert.ok(Object.isFrozen(mine));
  assert.throws(() => {
    loose.validate = () => ({ valid: true });
  }, TypeError);
  assert.throws(() => {
    loose.dialect = "draft-04";
  }, TypeError);
  const theirs = compile(schema());
  assert.is(theirs, mine);
  assert.is(theirs.validate("oops").valid, false);
  assert.is(theirs.dialect, "2020-12");
  assert.ok("issues" in theirs["~standard"].validate("oops"));
});

// Past the validator, its prototype: `Object.getPrototypeOf(v).isValid = () => true` made every
// validator of the process accept anything (a README audit).
test("the methods every validator shares cannot be replaced through one of them", () => {
  const mine = compile({ type: "string" });
  const shared = Object.getPrototypeOf(mine) as Record<string, unknown>;
  assert.ok(Object.isFrozen(shared));
  for (const name of ["isValid", "validate", "assert"]) {
    assert.throws(() => {
      shared[name] = () => true;
    }, TypeError);
  }
  assert.throws(() => Object.defineProperty(shared, "isValid", { value: () => true }), TypeError);
  assert.is(compile({ type: "string" }).isValid(42), false);
  assert.is(compile({ type: "number" }, { cache: false }).isValid("x"), false);
});

test.run();
