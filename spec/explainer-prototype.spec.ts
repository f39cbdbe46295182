// The explainer (src/engine/explain.ts) reads the schema's own objects, which JSON.parse made with
// Object.prototype: a keyword name set there (by another library's prototype pollution, or by a
// getter of the data for the length of one call) must not stand in for a sibling the schema lacks.
// Every suite case of every dialect is validated by a validator compiled before the pollution,
// whose explainer is made and runs while every keyword name is on Object.prototype, and its
// units must be those of a validator that never saw it.
import fc from "fast-check";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compileExplaining } from "../src/compile.js";
import { SchemaError, type CompileOptions, type ValidationResult, type Validator } from "../src/index.js";
import { usedExplainer } from "../src/validator.js";
import { DIALECTS } from "../src/keywords/dialects.js";
import { loadCases, loadRemotes, suiteOptions } from "../src/cli/suite.js";
import { whileOnPrototype } from "./helpers/pollution.js";
import { check, documentSchema, instance, jsonValue, rootSchema, runs, schemaValues } from "./helpers/arbitraries.js";

const SUITE = "JSON-Schema-Test-Suite";
const NAMES = [...new Set(DIALECTS.flatMap((d) => [...d.keywords.keys()]))];

/** What a polluted name holds: a subschema that refuses everything, a list of it, a map of it (names the suite's schemas use). */
const VALUES: readonly unknown[] = [false, [false], { "": false, a: false, foo: false }];

/** A schema and the data validated against it (a suite group, or a generated schema). */
interface Case {
  what: string;
  schema: unknown;
  options: CompileOptions;
  data: unknown[];
}

function suiteCases(): Case[] {
  const remotes = loadRemotes(SUITE);
  const cases: Case[] = [];
  for (const dialect of DIALECTS.map((d) => d.name)) {
    for (const [file, tests] of loadCases(SUITE, dialect)) {
      const groups = new Map<string, Case>();
      for (const t of tests) {
        const what = `${dialect} ${file} / ${t.group}`;
        let group = groups.get(what);
        if (group === undefined) groups.set(what, (group = { what, schema: t.schema, options: suiteOptions(file, remotes, dialect), data: [] }));
        group.data.push(t.data);
      }
      cases.push(...groups.values());
    }
  }
  return cases;
}

function compiled(c: Case): Validator | undefined {
  try {
    return compileExplaining(c.schema, c.options);
  } catch (error) {
    if (error instanceof SchemaError) return undefined;
    throw error;
  }
}

/** The units of each datum, all errors and first error. */
const units = (v: Validator, c: Case): string[] => c.data.flatMap((data) => [true, false].map((allErrors) => JSON.stringify(v.validate(data, { allErrors }) satisfies ValidationResult)));

test("every suite case: keyword names on Object.prototype change none of the explainer's units", () => {
  const cases = suiteCases().filter((c) => compiled(c) !== undefined);
  const clean = cases.map((c) => units(compiled(c)!, c));
  assert.ok(cases.length > 1500, `only ${cases.length} suite groups`);
  for (const value of VALUES) {
    for (const enumerable of [false, true]) {
      // Compiled before the pollution; the explainer is made at the first invalid instance, during it.
      const validators = cases.map((c) => compiled(c)!);
      const seen = whileOnPrototype(NAMES, value, () => cases.map((c, i) => units(validators[i]!, c)), enumerable);
      let explained = 0;
      cases.forEach((c, i) => {
        assert.equal(seen[i], clean[i], `${c.what}, every keyword name = ${JSON.stringify(value)} (${enumerable ? "enumerable" : "hidden"})`);
        if (usedExplainer(validators[i]!)) explained++;
      });
      assert.ok(explained > 1100, `the explainer served only ${explained} of ${cases.length} suite groups while the prototype was polluted`);
    }
  }
});

test("property: generated schemas and data: keyword names on Object.prototype change none of the explainer's units", () => {
  check(
    fc.property(fc.oneof(rootSchema, documentSchema), fc.array(fc.oneof(instance, jsonValue), { minLength: 1, maxLength: 4 }), fc.constantFrom(...VALUES), fc.boolean(), (schema, values, value, enumerable) => {
      const c: Case = { what: JSON.stringify(schema), schema, options: { refs: "document" }, data: [...values, ...schemaValues(schema).slice(0, 4)] };
      const clean = compiled(c);
      const explaining = compiled(c);
      if (clean === undefined || explaining === undefined) return;
      const seen = whileOnPrototype(NAMES, value, () => units(explaining, c), enumerable);
      assert.equal(seen, units(clean, c), `${c.what} on ${JSON.stringify(c.data)}, every keyword name = ${JSON.stringify(value)} (${enumerable ? "enumerable" : "hidden"})`);
    }),
    runs(300),
  );
});

test.run();
