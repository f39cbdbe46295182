// Regression (hostile schemas): dependentRequired, dependentSchemas and dependencies asked each
// object for every one of their rules' names, as did `properties` beside an unevaluated keyword.
// 9,000 rules under `items` against 20,000 small objects (240 KB) took 6.3 s in isValid and
// 2.7 s in validate: the data times the schema. Past a few rules, the rules an object sets off
// are found among its keys, in the schema's order.
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { compile, type ValidateOptions, type ValidationResult } from "../../src/index.js";
import { compileExplaining } from "../../src/compile.js";
import { check, runs } from "../helpers/arbitraries.js";
import { fastest } from "../helpers/timing.js";

const NAMES = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "__proto__", "constructor", "x y"];
const name = fc.constantFrom(...NAMES);

/** A JSON object (own `__proto__` keys included, as JSON.parse makes them). */
function objectOf(entries: readonly [string, unknown][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

const value = fc.constantFrom<unknown>(1, "s", null, true, [], {});
const instance = fc.uniqueArray(fc.tuple(name, value), { maxLength: NAMES.length, selector: ([k]) => k }).map(objectOf);
const subschema = fc.constantFrom<unknown>(true, false, { required: ["c"] }, { properties: { b: { type: "string" } } }, { minProperties: 4 }, { not: { required: ["d"] } }, { type: "integer" });
/** Nine or more rules (more than a few), by name in a random order. */
const ruleNames = fc.uniqueArray(name, { minLength: 9, maxLength: NAMES.length });

/** The same keyword with one rule per allOf entry: each entry asks for its one name, as before. */
const oneByOne = (keyword: string, rules: Record<string, unknown>): unknown[] => Object.keys(rules).map((n) => ({ [keyword]: objectOf([[n, rules[n]]]) }));

const cases = fc.oneof(
  fc.tuple(ruleNames, fc.array(fc.uniqueArray(name, { maxLength: 2 }), { minLength: NAMES.length, maxLength: NAMES.length })).map(([names, lists]) => {
    const rules = objectOf(names.map((n, i) => [n, lists[i]!]));
    return { wide: { dependentRequired: rules }, narrow: { allOf: oneByOne("dependentRequired", rules) } };
  }),
  fc.tuple(ruleNames, fc.array(subschema, { minLength: NAMES.length, maxLength: NAMES.length }), fc.boolean()).map(([names, schemas, closed]) => {
    const rules = objectOf(names.map((n, i) => [n, schemas[i]!]));
    const uneval = closed ? { unevaluatedProperties: false } : {};
    return { wide: { dependentSchemas: rules, ...uneval }, narrow: { allOf: oneByOne("dependentSchemas", rules), ...uneval } };
  }),
  fc.tuple(ruleNames, fc.array(fc.oneof(subschema, fc.uniqueArray(name, { maxLength: 2 })), { minLength: NAMES.length, maxLength: NAMES.length })).map(([names, rules]) => {
    const map = objectOf(names.map((n, i) => [n, rules[i]!]));
    const draft07 = { $schema: "http://json-schema.org/draft-07/schema#" };
    // Its name lists are checked before its schemas (as dependentRequired before dependentSchemas).
    const lists = objectOf(names.filter((n) => Array.isArray(map[n])).map((n) => [n, map[n]]));
    const schemas = objectOf(names.filter((n) => !Array.isArray(map[n])).map((n) => [n, map[n]]));
    return { wide: { ...draft07, dependencies: map }, narrow: { ...draft07, allOf: [...oneByOne("dependencies", lists), ...oneByOne("dependencies", schemas)] } };
  }),
  // `properties` beside unevaluatedProperties: tracked, every declared key counts as evaluated.
  fc.tuple(ruleNames, fc.array(subschema, { minLength: NAMES.length, maxLength: NAMES.length })).map(([names, schemas]) => {
    const rules = objectOf(names.map((n, i) => [n, schemas[i]!]));
    return { wide: { properties: rules, unevaluatedProperties: false }, narrow: { allOf: oneByOne("properties", rules), unevaluatedProperties: false } };
  }),
);

/** What a unit says, wherever in the schema it comes from. */
function said(result: ValidationResult): unknown {
  return result.valid ? [] : result.errors.map((e) => [e.instanceLocation, e.keyword, e.error, e.params]);
}

test("many rules give the verdicts and units (in order) of the same rules asked one by one", () => {
  check(
    fc.property(cases, fc.array(instance, { minLength: 1, maxLength: 6 }), ({ wide, narrow }, instances) => {
      // The explainer's turn never ends, or it never begins: both error passes are held to it.
      const explained = compileExplaining(wide, { cache: false }, Infinity);
      const closures = compileExplaining(wide, { cache: false }, 0);
      const oracle = compile(narrow, { cache: false });
      for (const data of instances) {
        const label = `${JSON.stringify(wide)} on ${JSON.stringify(data)}`;
        assert.is(closures.isValid(data), oracle.isValid(data), label);
        for (const options of [{}, { allErrors: false }] as ValidateOptions[]) {
          const expected = said(oracle.validate(data, options));
          assert.equal(said(closures.validate(data, options)), expected, `closures, ${label} ${JSON.stringify(options)}`);
          assert.equal(explained.validate(data, options), closures.validate(data, options), `explainer, ${label} ${JSON.stringify(options)}`);
        }
      }
    }),
    runs(300),
  );
});

test("an own property that is not enumerable sets off no rule, however many rules there are", () => {
  // Few rules were asked with Object.hasOwn (which sees it), many found among Object.keys (which does not).
  const hidden = {};
  Object.defineProperty(hidden, "p0", { value: 1, enumerable: false });
  for (const count of [1, 8, 9, 20]) {
    const names = Array.from({ length: count }, (_, i) => `p${i}`);
    const required = Object.fromEntries(names.map((n) => [n, ["q"]]));
    const schemas = Object.fromEntries(names.map((n) => [n, false]));
    const draft07 = { $schema: "http://json-schema.org/draft-07/schema#", dependencies: required };
    for (const schema of [{ dependentRequired: required }, { dependentSchemas: schemas }, draft07, { allOf: oneByOne("dependentRequired", required) }]) {
      for (const first of [Infinity, 0]) {
        const v = compileExplaining(schema, { cache: false }, first);
        assert.is(v.isValid(hidden), true, `${count} rules: ${JSON.stringify(schema).slice(0, 60)}`);
        assert.is(v.validate(hidden).valid, true);
        assert.is(v.isValid({ p0: 1 }), false, "an enumerable one does");
      }
    }
  }
});

/** `count` rules under items, and `items` objects each setting off the last rule. */
function attack(keyword: "dependentRequired" | "dependentSchemas" | "properties", count: number, items: number): { schema: unknown; valid: unknown[]; invalid: unknown[] } {
  const rules: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) rules[`p${i}`] = keyword === "dependentRequired" ? [`q${i}`] : keyword === "dependentSchemas" ? { required: [`q${i}`] } : { type: "integer" };
  const last = `p${count - 1}`;
  const extra = keyword === "properties" ? { unevaluatedProperties: false } : {};
  return {
    schema: { items: { [keyword]: rules, ...extra } },
    valid: Array.from({ length: items }, () => (keyword === "properties" ? { [last]: 1 } : { [last]: 1, [`q${count - 1}`]: 1 })),
    invalid: Array.from({ length: items }, () => (keyword === "properties" ? { [last]: "x" } : { [last]: 1 })),
  };
}

for (const keyword of ["dependentRequired", "dependentSchemas", "properties"] as const) {
  test(`${keyword}: nine times the rules cost about the same time per object`, () => {
    const [small, large] = [attack(keyword, 500, 2_000), attack(keyword, 4_500, 2_000)];
    const [a, b] = [compile(small.schema, { cache: false }), compile(large.schema, { cache: false })];
    assert.equal([a.isValid(small.valid), b.isValid(large.valid), a.isValid(small.invalid), b.isValid(large.invalid)], [true, true, false, false]);
    const result = b.validate(large.invalid);
    assert.is(result.valid ? 0 : result.errors.length, 1_000, "one unit per item, up to maxErrors");
    // Before: proportional to the rules, about 9x. Now about 1x.
    const ratio = fastest(() => b.isValid(large.valid)) / fastest(() => a.isValid(small.valid));
    assert.ok(ratio < 3, `9x the rules cost ${ratio.toFixed(1)}x the time (isValid)`);
    // Each error pass on its own (the explainer's, the closures'), warmed up first.
    for (const first of [Infinity, 0]) {
      const [x, y] = [compileExplaining(small.schema, { cache: false }, first), compileExplaining(large.schema, { cache: false }, first)];
      const calls = (v: typeof x, data: unknown) => () => {
        for (let i = 0; i < 8; i++) v.validate(data);
      };
      calls(x, small.invalid)();
      calls(y, large.invalid)();
      const errors = fastest(calls(y, large.invalid)) / fastest(calls(x, small.invalid));
      assert.ok(errors < 3, `9x the rules cost ${errors.toFixed(1)}x the time (validate, ${first === 0 ? "closures" : "explainer"})`);
    }
  });
}

test.run();
