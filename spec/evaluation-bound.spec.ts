// Issue 17, §2: evaluation work is polynomial in schema size × instance size for every schema the
// gate lets through, whatever the references do. Generated schemas wire $defs entries to each other
// through child applicators (properties, patternProperties, items, contains, …), in-place ones
// (allOf, anyOf, oneOf, not, if/then/else, dependentSchemas, unevaluatedProperties) and dynamic
// references across embedded resources; the data is small JSON over the keys they name. Every
// schema object's evaluation is counted (compileCounting: the closures, where the memo and the
// dynamic scope live; plans give the same verdicts, spec/plan.spec.ts) and must stay within the
// README's bound: (MEMO_AFTER + 11·s·d) · s · d for s schema objects and d data values (the memo
// may rest for up to 28/3 crossings per result it keeps: engine/memo.ts, and the last test here).
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { compileCounting } from "../src/compile.js";
import { SchemaError } from "../src/index.js";
import { MEMO_AFTER, MEMO_EPOCH, MEMO_REST } from "../src/limits.js";
import { memoAwake, remembered } from "../src/engine/memo.js";
import { newState } from "../src/engine/state.js";
import { check, runs } from "./helpers/arbitraries.js";

/** The stated bound (README "Hostile input"). */
const bound = (s: number, d: number): number => (MEMO_AFTER + 11 * s * d) * s * d;

const KEYS = ["a", "b", "ab"] as const;

/**
 * A reference from definition `i` of `k`: one applied to a child value may name any definition
 * (recursion through the data); one applied in place only a later one, so no generated schema is
 * an in-place cycle (refused at compile), and the in-place references form a DAG whose paths
 * multiply (2^k without the memo). Dynamic references land on any resource: child places only.
 */
function reference(k: number, i: number, dynamic: boolean, inPlace: boolean): fc.Arbitrary<Record<string, unknown>> {
  if (inPlace && i === k - 1) return fc.constant({ type: ["object", "array", "string"] });
  const target = inPlace ? fc.integer({ min: i + 1, max: k - 1 }) : fc.nat({ max: k - 1 });
  if (!dynamic) return target.map((j) => ({ $ref: `#/$defs/d${j}` }));
  const named = target.map((j) => ({ $ref: `d${j}` }));
  return inPlace ? named : fc.oneof(named, fc.constant({ $dynamicRef: "#node" }));
}

/** One keyword group of definition `i`, its subschemas all references. */
function group(k: number, i: number, dynamic: boolean): fc.Arbitrary<Record<string, unknown>> {
  const child = reference(k, i, dynamic, false);
  const here = reference(k, i, dynamic, true);
  const heres = fc.array(here, { minLength: 1, maxLength: 3 });
  return fc.oneof(
    fc.constantFrom<Record<string, unknown>>({ type: "object" }, { type: ["array", "object"] }, { minProperties: 1 }, { maxItems: 3 }, { required: ["a"] }),
    fc.record({ properties: fc.record({ a: child, b: child }, { requiredKeys: [] }) }),
    fc.record({ patternProperties: fc.record({ "^a": child, "b$": child, "": child }, { requiredKeys: [] }) }),
    fc.record({ additionalProperties: child }),
    fc.record({ propertyNames: fc.constant({ maxLength: 2 }) }),
    fc.record({ items: child }),
    fc.record({ prefixItems: fc.array(child, { minLength: 1, maxLength: 2 }) }),
    fc.record({ contains: child }),
    fc.record({ allOf: heres }),
    fc.record({ anyOf: heres }),
    fc.record({ oneOf: heres }),
    fc.record({ not: here }),
    fc.record({ if: here, then: here, else: here }, { requiredKeys: ["if"] }),
    fc.record({ dependentSchemas: fc.record({ a: here, b: here }, { requiredKeys: [] }) }),
    fc.record({ unevaluatedProperties: child }),
    fc.record({ unevaluatedItems: child }),
  );
}

/** A document of `k` definitions, entered at d0; with `dynamic`, each is a resource with a dynamic anchor. */
const documents: fc.Arbitrary<{ schema: unknown; dynamic: boolean }> = fc
  .tuple(fc.integer({ min: 1, max: 8 }), fc.boolean())
  .chain(([k, dynamic]) =>
    fc.tuple(
      fc.constant(dynamic),
      fc.tuple(...Array.from({ length: k }, (_, i) => fc.array(group(k, i, dynamic), { minLength: 1, maxLength: 3 }))),
    ),
  )
  .map(([dynamic, definitions]) => {
    const $defs: Record<string, unknown> = {};
    definitions.forEach((groups, i) => {
      const definition: Record<string, unknown> = Object.assign({}, ...groups) as Record<string, unknown>;
      if (dynamic) Object.assign(definition, { $id: `d${i}`, $dynamicAnchor: "node" });
      $defs[`d${i}`] = definition;
    });
    const schema = dynamic ? { $id: "https://example.test/root", $defs, $ref: "d0" } : { $defs, $ref: "#/$defs/d0" };
    return { schema, dynamic };
  });

/** Small JSON over the keys the schemas name, a few levels deep. */
const data: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", maxDepth: 6 },
    fc.constantFrom(null, 0, 1.5, "a", "ab", true),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie("value"), { maxKeys: 3, noNullPrototype: true }).map((d) => JSON.parse(JSON.stringify(d)) as unknown),
  ),
})).value;

/** Schema objects (s) and data values (d): the sizes the bound is stated in. */
function size(value: unknown, objectsOnly: boolean): number {
  if (typeof value !== "object" || value === null) return objectsOnly ? 0 : 1;
  const own = Array.isArray(value) && objectsOnly ? 0 : 1;
  return own + Object.values(value).reduce((sum: number, v) => sum + size(v, objectsOnly), 0);
}

test("schema evaluations stay within (MEMO_AFTER + s·d)·s·d on generated schemas with references", () => {
  let compiled = 0;
  let tried = 0;
  check(
    fc.property(documents, fc.array(data, { minLength: 1, maxLength: 3 }), ({ schema, dynamic }, instances) => {
      const s = size(schema, true);
      for (const instance of instances) {
        const d = size(instance, false);
        const count = { evaluations: 0, limit: bound(s, d) };
        let validator;
        tried++;
        try {
          validator = compileCounting(schema, dynamic ? { refs: "document" } : {}, count);
        } catch (error) {
          if (error instanceof SchemaError && error.code === "ref-cycle") return; // never evaluated
          throw error;
        }
        compiled++;
        validator.isValid(instance);
        validator.validate(instance);
        assert.ok(count.evaluations <= count.limit, `${count.evaluations} evaluations for s=${s}, d=${d} (bound ${count.limit})`);
      }
    }),
    runs(300),
  );
  // Most generated schemas compile (in-place references only go forward); a few are refused for other reasons.
  assert.ok(compiled > tried * 0.8, `${compiled} of ${tried} compiled and evaluated`);
});

/** d0 … d(n-1), each applying the next twice to the same value or to one child: 2^n paths without the memo. */
function fanOut(n: number, shape: (next: Record<string, unknown>) => Record<string, unknown>): Record<string, unknown> {
  const $defs: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) $defs[`d${i}`] = shape({ $ref: `#/$defs/d${i + 1}` });
  $defs[`d${n}`] = { type: ["object", "string", "array"] };
  return { $defs, $ref: "#/$defs/d0" };
}

/** d0 … d(n-1), each reaching the next through its own child keyword and through an in-place subschema's (e0 … e(n-1)). */
function besideChildren(n: number, shape: (next: Record<string, unknown>, i: number) => Record<string, unknown>, inPlace?: (next: Record<string, unknown>) => Record<string, unknown>): Record<string, unknown> {
  const $defs: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    const next = { $ref: `#/$defs/d${i + 1}` };
    $defs[`d${i}`] = shape(next, i);
    if (inPlace !== undefined) $defs[`e${i}`] = inPlace(next);
  }
  $defs[`d${n}`] = { type: "integer" };
  return { $defs, $ref: "#/$defs/d0" };
}

test("the issue's exponential families (2^40 paths) stay within the bound", () => {
  const nested = (levels: number, make: (inner: unknown) => unknown): unknown => {
    let value: unknown = "x";
    for (let i = 0; i < levels; i++) value = make(value);
    return value;
  };
  const cases: [string, unknown, unknown][] = [
    ["allOf twice", fanOut(40, (next) => ({ allOf: [next, next] })), nested(3, (v) => ({ a: v }))],
    ["anyOf failing twice", fanOut(40, (next) => ({ anyOf: [{ allOf: [next, { type: "null" }] }, next] })), "x"],
    ["properties and patternProperties", { properties: { a: { $ref: "#" } }, patternProperties: { "^a$": { $ref: "#" } } }, nested(40, (v) => ({ a: v }))],
    ["items and contains", { items: { $ref: "#" }, contains: { $ref: "#" } }, nested(40, (v) => [v])],
    // An in-place subschema applies its own properties or items to the values its neighbours reach.
    ["$ref beside properties", besideChildren(40, (next, i) => ({ properties: { a: next }, $ref: `#/$defs/e${i}` }), (next) => ({ properties: { a: next } })), nested(40, (v) => ({ a: v }))],
    ["allOf of one beside items", besideChildren(40, (next) => ({ items: next, allOf: [{ items: next }] })), nested(40, (v) => [v])],
  ];
  for (const [name, schema, instance] of cases) {
    const count = { evaluations: 0, limit: bound(size(schema, true), size(instance, false)) };
    const validator = compileCounting(schema, {}, count);
    validator.isValid(instance);
    validator.validate(instance);
    assert.ok(count.evaluations <= count.limit, `${name}: ${count.evaluations} evaluations (bound ${count.limit})`);
  }
});

/**
 * Crossings past MEMO_AFTER as ref.ts makes them, over a sequence of values (numbers stand for
 * instance values; one node): how many looked up and how many the memo spent resting.
 */
function cross(values: readonly number[]): { looked: number; resting: number; kept: number } {
  const state = newState(undefined, false, 0, 256);
  const node = { check: () => true };
  let looked = 0;
  let resting = 0;
  const seen = new Set<number>();
  for (const value of values) {
    if (++state.calls <= MEMO_AFTER) continue;
    if (!memoAwake(state)) {
      resting++;
      continue;
    }
    looked++;
    seen.add(value);
    remembered(node, false, undefined, value, state, undefined);
  }
  return { looked, resting, kept: seen.size };
}

test("the memo rests after a run of lookups that mostly miss, and resting stays within 28/3 crossings per result kept", () => {
  const before = Array.from({ length: MEMO_AFTER }, () => 0);
  // Every value new: after one run of MEMO_EPOCH lookups, MEMO_REST crossings pass without one.
  const fresh = cross([...before, ...Array.from({ length: MEMO_EPOCH + MEMO_REST }, (_, i) => i + 1)]);
  assert.is(fresh.looked, MEMO_EPOCH);
  assert.is(fresh.resting, MEMO_REST);
  // A third of the lookups finding a result keeps it awake.
  const third = cross([...before, ...Array.from({ length: 3 * MEMO_EPOCH }, (_, i) => (i % 3 === 0 ? 0 : i + 1))]);
  assert.is(third.resting, 0);
  assert.is(third.looked, 3 * MEMO_EPOCH);
  // Any mix of new and repeated values: each rest follows a run that kept over 3/4 · MEMO_EPOCH
  // new results, so the crossings spent resting are at most 28/3 times the results kept.
  const mix = fc.record({ runs: fc.array(fc.record({ length: fc.integer({ min: 1, max: 3 * MEMO_EPOCH }), repeatEvery: fc.integer({ min: 1, max: 8 }) }), { minLength: 1, maxLength: 8 }) });
  check(
    fc.property(mix, ({ runs: parts }) => {
      const values = [...before];
      let next = 1;
      for (const { length, repeatEvery } of parts) for (let i = 0; i < length; i++) values.push(i % repeatEvery === 0 ? 0 : next++);
      const { resting, kept } = cross(values);
      assert.ok(resting <= (28 / 3) * kept, `${resting} crossings resting for ${kept} results kept`);
    }),
    runs(40),
  );
});

test("values that put the memo to rest, then a 2^30-path chain: the chain costs at most the rest, then the memo wakes", () => {
  // 8,190 distinct strings each cross one branching reference once: past MEMO_AFTER, a run of
  // MEMO_EPOCH lookups finds nothing and the memo rests. The last item then enters a chain in which
  // each definition refers to the next twice, none of which holds: unremembered, 2^30 paths.
  const levels = 30;
  const $defs: Record<string, unknown> = { fresh: { type: "string", maxLength: 12 } };
  for (let i = 0; i < levels; i++) $defs[`c${i}`] = { anyOf: [{ $ref: `#/$defs/c${i + 1}` }, { $ref: `#/$defs/c${i + 1}` }] };
  $defs[`c${levels}`] = { type: "integer" };
  const schema = { $defs, type: "array", items: { anyOf: [{ $ref: "#/$defs/fresh" }, { $ref: "#/$defs/c0" }] } };
  const values = MEMO_AFTER + MEMO_EPOCH - 2;
  const data = [...Array.from({ length: values }, (_, i) => `v${i}`), "longer than twelve"];
  // A few evaluations per item and per crossing of the rest, then linear in the chain's length
  // (past the limit, evaluation stops with a RangeError instead of running the 2^30 paths).
  const count = { evaluations: 0, limit: 4 * values + 4 * MEMO_REST };
  assert.is(compileCounting(schema, {}, count).isValid(data), false);
  assert.ok(count.evaluations <= count.limit, `${count.evaluations} evaluations`);
});

test.run();
