// The metaschema check compiles the built-in metaschemas with nothing branching (compiler.ts
// `fixedPaths`: references planned, never memoized). That is safe only while no two of a
// metaschema's subschemas descend into one value of the schema it checks: then each schema object
// of the metaschema evaluates each value at most once, and the check is linear in the schema's
// size. Counted here on closures (every schema object's evaluation), in every dialect: the count
// stays within the metaschema's schema objects × the values checked, and a chain of any
// applicator twice as deep costs about twice as much (two paths into one value would double it
// at every level); generated schemas stay within the bound too.
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { countedMetaschema } from "../src/gate/metaschema-check.js";
import { DIALECTS } from "../src/keywords/dialects.js";
import type { EvaluationCount } from "../src/engine/node-wrappers.js";
import { check, runs, schema } from "./helpers/arbitraries.js";

/** Every value of a JSON document: objects, arrays and primitives. */
function values(value: unknown): number {
  if (typeof value !== "object" || value === null) return 1;
  let n = 1;
  for (const member of Object.values(value)) n += values(member);
  return n;
}

/** The evaluations a metaschema makes for `document`, and the bound: its schema objects × the document's values. */
function measure(dialect: (typeof DIALECTS)[number], document: unknown): { evaluations: number; bound: number } {
  const count: EvaluationCount = { evaluations: 0, limit: Number.MAX_SAFE_INTEGER };
  const validator = countedMetaschema(dialect, count);
  const nodes = count.compiled ?? 0;
  count.evaluations = 0;
  validator.isValid(document);
  return { evaluations: count.evaluations, bound: nodes * values(document) };
}

/** A chain of `depth` levels, each nesting the next in one applicator of the schema (and its old spellings). */
function chain(depth: number, level: (inner: Record<string, unknown>, i: number) => Record<string, unknown>): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: "string" };
  for (let i = 0; i < depth; i++) schema = level(schema, i);
  return schema;
}

/** Each level puts the next one in one subschema place; its siblings are small leaves (no value is shared). */
const LEVELS: readonly ((inner: Record<string, unknown>, i: number) => Record<string, unknown>)[] = [
  (inner) => ({ allOf: [{ type: "object" }, inner] }),
  (inner) => ({ anyOf: [inner, { not: { minimum: 1 } }] }),
  (inner) => ({ oneOf: [{}], if: { required: ["a"] }, then: inner, else: true }),
  (inner) => ({ properties: { a: {} }, additionalProperties: inner, patternProperties: { "^b": false } }),
  (inner) => ({ items: inner, additionalItems: false, contains: { type: "string" } }),
  (inner) => ({ items: [true, inner], dependencies: { a: ["c"] }, dependentSchemas: { b: {} } }),
  (inner, i) => ({ $defs: { [`d${i}`]: inner }, definitions: { x: {} }, propertyNames: { maxLength: 3 } }),
  (inner) => ({ not: inner, unevaluatedProperties: false, prefixItems: [{}] }),
];

for (const dialect of DIALECTS) {
  test(`${dialect.name}: the metaschema check of deep applicator chains is linear`, () => {
    for (const [k, level] of LEVELS.entries()) {
      // Two subschemas per level that both descend into one value would double the count at every level.
      const { evaluations, bound } = measure(dialect, chain(24, level));
      const twice = measure(dialect, chain(48, level)).evaluations;
      assert.ok(twice <= 2.5 * evaluations, `level kind ${k}: 24 levels took ${evaluations} evaluations, 48 took ${twice}: not linear`);
      const mixed = measure(dialect, chain(48, (inner, i) => LEVELS[i % LEVELS.length]!(inner, i)));
      assert.ok(mixed.evaluations <= mixed.bound, `mixed levels: ${mixed.evaluations} evaluations, more than ${mixed.bound}`);
      assert.ok(evaluations <= bound, `level kind ${k}: ${evaluations} evaluations, more than ${bound}`);
      assert.ok(evaluations > 0, "the metaschema ran");
    }
  });

  test(`${dialect.name}: the metaschema check of generated schemas stays within schema objects × values`, () => {
    check(
      fc.property(schema, (document) => {
        const { evaluations, bound } = measure(dialect, document);
        return evaluations <= bound;
      }),
      runs(100),
    );
  });
}

test.run();
