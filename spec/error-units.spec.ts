// The error units' types (src/output/units.ts) hold at runtime: for every keyword of ErrorParams a
// schema that fails on it gives units whose params have exactly the declared keys and value
// types; every keyword of every dialect table is either there or known never to report; and
// every unit of the official suite (five drafts, formats asserting) conforms.
import { resolve } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadCases, loadRemotes, SUITE_DRAFTS, suiteOptions } from "../src/cli/suite.js";
import { compile, type CompileOptions } from "../src/compile.js";
import type { OutputUnit } from "../src/engine/types.js";
import { SchemaError } from "../src/errors.js";
import { formats } from "../src/formats/index.js";
import { DIALECTS } from "../src/keywords/dialects.js";
import { ToolOutputSchema } from "../src/mcp/index.js";
import type { ErrorKeyword, ErrorParams } from "../src/output/units.js";
import type { ValidationResult } from "../src/validator.js";

type Guard<T> = (value: unknown) => value is T;
/** A guard per key; none for empty params (`{}` would take any key, so the type says so). */
type GuardsOf<P> = [keyof P] extends [never] ? Record<string, never> : { [K in keyof P]-?: Guard<P[K]> };

const isNumber: Guard<number> = (v): v is number => typeof v === "number";
const isString: Guard<string> = (v): v is string => typeof v === "string";
const literal =
  <const L extends readonly string[]>(...values: L): Guard<L[number]> =>
  (v): v is L[number] =>
    values.includes(v as string);
const arrayOf =
  <T>(item: Guard<T>): Guard<T[]> =>
  (v): v is T[] =>
    Array.isArray(v) && v.every(item);
/** A value of the schema the unit shares with the validator: frozen when it is an object or an array. */
const isFrozenValue: Guard<unknown> = (v): v is unknown => typeof v !== "object" || v === null || Object.isFrozen(v);
/** An array the unit shares with the validator (frozen): typed readonly. */
const frozenArrayOf =
  <T>(item: Guard<T>): Guard<readonly T[]> =>
  (v): v is readonly T[] =>
    Array.isArray(v) && Object.isFrozen(v) && v.every(item);
const either =
  <A, B>(a: Guard<A>, b: Guard<B>): Guard<A | B> =>
  (v): v is A | B =>
    a(v) || b(v);
const isNull: Guard<null> = (v): v is null => v === null;
const typeName = literal("null", "boolean", "object", "array", "number", "integer", "string");

/**
 * The params of each keyword's units: one guard per key. `satisfies` makes the keys exactly the
 * declared ones (none missing, none extra), and `Mismatch` below each guard's type the declared type.
 */
const PARAMS = {
  type: { type: either(typeName, frozenArrayOf(typeName)) },
  const: { allowedValue: isFrozenValue },
  enum: { allowedValues: frozenArrayOf(isFrozenValue) },
  maximum: { comparison: literal("<=", "<"), limit: isNumber },
  exclusiveMaximum: { comparison: literal("<"), limit: isNumber },
  minimum: { comparison: literal(">=", ">"), limit: isNumber },
  exclusiveMinimum: { comparison: literal(">"), limit: isNumber },
  multipleOf: { multipleOf: isNumber },
  maxLength: { limit: isNumber },
  minLength: { limit: isNumber },
  format: { format: isString },
  pattern: { pattern: isString },
  maxItems: { limit: isNumber },
  minItems: { limit: isNumber },
  maxProperties: { limit: isNumber },
  minProperties: { limit: isNumber },
  required: { missingProperty: isString },
  dependentRequired: { property: isString, missingProperty: isString },
  dependencies: { property: isString, missingProperty: isString },
  uniqueItems: { i: isNumber, j: isNumber },
  additionalProperties: { additionalProperty: isString },
  propertyNames: { propertyName: isString },
  contains: { minContains: isNumber },
  minContains: { minContains: isNumber },
  maxContains: { maxContains: isNumber },
  if: { failingKeyword: literal("then", "else") },
  oneOf: { passingSchemas: either(arrayOf(isNumber), isNull) },
  anyOf: {},
  not: {},
  unevaluatedProperties: { unevaluatedProperty: isString },
  unevaluatedItems: { unevaluatedItem: isNumber },
  false: {},
  $depth: {},
  $data: {},
  $pattern: {},
  $absent: {},
} satisfies { [K in ErrorKeyword]: GuardsOf<ErrorParams[K]> };

// A guard narrower than its declared type would still satisfy the table: ask for equal types.
type Guarded<G> = G extends (value: unknown) => value is infer T ? T : never;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Table = typeof PARAMS;
type Mismatch = {
  [K in ErrorKeyword]: { [P in keyof ErrorParams[K] & keyof Table[K]]: Same<Guarded<Table[K][P]>, ErrorParams[K][P]> extends true ? never : `${K}.${P & string}` }[keyof ErrorParams[K] & keyof Table[K]];
}[ErrorKeyword];
export const guardsMatchTypes: [Mismatch] extends [never] ? true : Mismatch = true;

/** Why a unit breaks its type, or undefined. */
function mismatch(unit: OutputUnit): string | undefined {
  if (!Object.hasOwn(PARAMS, unit.keyword)) return `keyword "${unit.keyword}" is not in ErrorParams`;
  const guards: Record<string, Guard<unknown>> = PARAMS[unit.keyword as ErrorKeyword];
  const keys = Object.keys(unit.params).sort().join();
  if (keys !== Object.keys(guards).sort().join()) return `${unit.keyword}: params keys ${keys}, declared ${Object.keys(guards).sort().join()}`;
  for (const [key, guard] of Object.entries(guards)) if (!guard(unit.params[key])) return `${unit.keyword}: params.${key} is ${JSON.stringify(unit.params[key])}`;
  if (typeof unit.keywordLocation !== "string" || typeof unit.instanceLocation !== "string" || typeof unit.error !== "string") return `${unit.keyword}: a location or error is not a string`;
  return undefined;
}

function nested(levels: number): unknown {
  let data: unknown = [];
  for (let i = 0; i < levels; i++) data = [data];
  return data;
}

type Failing = { schema: unknown; data: unknown; options?: CompileOptions } | (() => ValidationResult);

/** For every keyword, instances that fail on it (and on each variant of its params). */
const FAILING = {
  type: [{ schema: { type: "string" }, data: 1 }, { schema: { type: ["string", "null"] }, data: 1 }],
  const: { schema: { const: { a: 1 } }, data: 2 },
  enum: { schema: { enum: [1, "a", null] }, data: 2 },
  maximum: [{ schema: { maximum: 1 }, data: 2 }, { schema: { maximum: 1, exclusiveMaximum: true }, data: 1, options: { dialect: "draft-04" } }],
  exclusiveMaximum: { schema: { exclusiveMaximum: 1 }, data: 1 },
  minimum: [{ schema: { minimum: 1 }, data: 0 }, { schema: { minimum: 1, exclusiveMinimum: true }, data: 1, options: { dialect: "draft-04" } }],
  exclusiveMinimum: { schema: { exclusiveMinimum: 1 }, data: 1 },
  multipleOf: { schema: { multipleOf: 0.5 }, data: 0.3 },
  maxLength: { schema: { maxLength: 1 }, data: "ab" },
  minLength: { schema: { minLength: 2 }, data: "a" },
  format: { schema: { format: "email" }, data: "no", options: { formats } },
  pattern: { schema: { pattern: "^a" }, data: "b" },
  maxItems: { schema: { maxItems: 1 }, data: [1, 2] },
  minItems: { schema: { minItems: 1 }, data: [] },
  maxProperties: { schema: { maxProperties: 0 }, data: { a: 1 } },
  minProperties: { schema: { minProperties: 1 }, data: {} },
  required: { schema: { required: ["a"] }, data: {} },
  dependentRequired: { schema: { dependentRequired: { a: ["b"] } }, data: { a: 1 } },
  dependencies: [{ schema: { dependencies: { a: ["b"] } }, data: { a: 1 }, options: { dialect: "draft-07" } }, { schema: { dependencies: { a: ["b"] } }, data: { a: 1 } }],
  uniqueItems: { schema: { uniqueItems: true }, data: [1, 2, 1] },
  additionalProperties: { schema: { additionalProperties: false }, data: { a: 1 } },
  propertyNames: { schema: { propertyNames: { maxLength: 1 } }, data: { ab: 1 } },
  contains: [{ schema: { contains: { type: "string" } }, data: [1] }, { schema: { contains: { type: "string" } }, data: [1], options: { dialect: "draft-06" } }],
  minContains: { schema: { contains: { type: "string" }, minContains: 2 }, data: ["a"] },
  maxContains: { schema: { contains: { type: "string" }, maxContains: 1 }, data: ["a", "b"] },
  if: [{ schema: { if: { type: "string" }, then: { minLength: 2 } }, data: "a" }, { schema: { if: { type: "string" }, else: { type: "null" } }, data: 1 }],
  oneOf: [{ schema: { oneOf: [{ type: "string" }, { type: "null" }] }, data: 1 }, { schema: { oneOf: [true, {}, { type: "number" }] }, data: 1 }],
  anyOf: { schema: { anyOf: [{ type: "string" }, { type: "null" }] }, data: 1 },
  not: { schema: { not: {} }, data: 1 },
  unevaluatedProperties: { schema: { unevaluatedProperties: false }, data: { a: 1 } },
  unevaluatedItems: { schema: { prefixItems: [true], unevaluatedItems: false }, data: [1, 2] },
  false: [{ schema: false, data: 1 }, { schema: { items: false }, data: [1] }, { schema: { items: [true], additionalItems: false }, data: [1, 2], options: { dialect: "draft-07" } }],
  $depth: { schema: { items: { $ref: "#" } }, data: nested(100_000) },
  $data: { schema: { properties: { a: true } }, data: Object.defineProperty({}, "a", { enumerable: true, get: () => { throw new Error("boom"); } }) },
  $pattern: { schema: { pattern: "[\\s\\S]{1000}$" }, data: "x".repeat(50_000) + "\n" },
  $absent: () => new ToolOutputSchema({ type: "object" }).validateResult(undefined),
} satisfies Record<ErrorKeyword, Failing | Failing[]>;

for (const [keyword, cases] of Object.entries(FAILING)) {
  test(`${keyword}: its units carry the declared params`, () => {
    for (const failing of ([] as Failing[]).concat(cases)) {
      const result = typeof failing === "function" ? failing() : compile(failing.schema, { cache: false, ...failing.options }).validate(failing.data);
      assert.ok(!result.valid, `${keyword}: ${JSON.stringify(typeof failing === "function" ? "" : failing.schema)} passed`);
      assert.ok(result.errors.some((u) => u.keyword === keyword), `${keyword}: no unit of its own in ${JSON.stringify(result.errors)}`);
      for (const unit of result.errors) assert.is(mismatch(unit), undefined, JSON.stringify(unit));
    }
  });
}

/** Keywords of the dialect tables that never record a unit of their own, and why. */
const NEVER_REPORT: Record<string, readonly string[]> = {
  "their subschemas report (false ones as `false`)": ["properties", "patternProperties", "prefixItems", "items", "additionalItems", "allOf", "dependentSchemas"],
  "read by their owner (if, contains), which reports under their name when they fail": ["then", "else"],
  "references: the target's units are reported": ["$ref", "$dynamicRef", "$recursiveRef"],
  "identifiers and definitions": ["$id", "id", "$anchor", "$dynamicAnchor", "$recursiveAnchor", "$defs", "definitions"],
  annotations: ["title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly", "contentEncoding", "contentMediaType", "contentSchema"],
};
/** Units that no keyword of a table records: the false schema and the outcomes of an evaluation that cannot finish. */
const OUTSIDE_TABLES = ["false", "$depth", "$data", "$pattern", "$absent"];

test("every keyword of every dialect is in ErrorParams or known never to report, not both", () => {
  const silent = new Set(Object.values(NEVER_REPORT).flat());
  const inTables = new Set<string>();
  for (const dialect of DIALECTS) {
    for (const name of dialect.keywords.keys()) {
      inTables.add(name);
      assert.ok(Object.hasOwn(PARAMS, name) !== silent.has(name), `${dialect.name}: "${name}" must be either in ErrorParams (src/output/units.ts) or in NEVER_REPORT`);
    }
  }
  for (const name of [...Object.keys(PARAMS), ...silent]) assert.ok(inTables.has(name) !== OUTSIDE_TABLES.includes(name), `"${name}" is listed here but in no dialect table`);
});

test("every unit of the official suite, in every draft, is typed by ErrorParams", () => {
  const suiteDir = resolve(process.cwd(), "JSON-Schema-Test-Suite");
  const remotes = loadRemotes(suiteDir);
  const seen = new Set<string>();
  for (const { dialect } of SUITE_DRAFTS) {
    for (const [file, cases] of loadCases(suiteDir, dialect, true)) {
      for (const c of cases) {
        if (c.valid) continue; // no units (suite.spec.ts checks the verdicts)
        let validator;
        try {
          validator = compile(c.schema, suiteOptions(file, remotes, dialect));
        } catch (error) {
          if (error instanceof SchemaError) continue;
          throw error;
        }
        const result = validator.validate(c.data);
        if (result.valid) continue;
        for (const unit of result.errors) {
          seen.add(unit.keyword);
          assert.is(mismatch(unit), undefined, `${dialect} ${file} / ${c.group} / ${c.description}: ${JSON.stringify(unit)}`);
        }
      }
    }
  }
  assert.ok(seen.size >= 25, `only ${[...seen].join(", ")}`);
});

test.run();
