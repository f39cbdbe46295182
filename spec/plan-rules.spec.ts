// Issue 18: every rule bit and kind of a plan (src/engine/plan.ts) mapped to the keyword that sets
// it and the interpreter branch that reads it (src/engine/run-plan.ts, run-object.ts). For each: a schema whose
// root plan holds that bit, and instances on both sides of it, decided by the plan interpreter
// alone (holds) and by the closures, alike. A bit added to plan.ts without a line here fails.
import { test } from "uvu";
import * as assert from "uvu/assert";
import * as PLAN from "../src/engine/plan.js";
import { Compiler } from "../src/engine/compiler.js";
import { Registry, type Target } from "../src/engine/registry.js";
import { holds } from "../src/engine/run-plan.js";
import { newState } from "../src/engine/state.js";
import { defaultUse } from "../src/engine/dialect-of.js";
import { walk } from "../src/gate/walk.js";
import { privateCopy } from "../src/gate/private-copy.js";
import { recursion } from "../src/gate/recursion.js";
import { schemaGraph } from "../src/gate/schema-graph.js";
import { DIALECT_2020_12 } from "../src/keywords/dialects.js";
import type { EvalState } from "../src/engine/types.js";
import { compileWithoutPlans } from "../src/compile.js";

// [bit's name in plan.ts, the keyword (the interpreter branch that reads it), schema, an instance it accepts, one it refuses]
const RULES: [string, string, unknown, unknown, unknown][] = [
  // A numeric bound is planned beside a `type`, which refuses NaN and the infinities first.
  ["MINIMUM", "minimum: numberHolds", { type: "number", minimum: 1 }, 1, 0],
  ["MAXIMUM", "maximum: numberHolds", { type: "number", maximum: 1 }, 1, 2],
  ["EXCLUSIVE_MINIMUM", "exclusiveMinimum: numberHolds", { type: "number", exclusiveMinimum: 1 }, 2, 1],
  ["EXCLUSIVE_MAXIMUM", "exclusiveMaximum: numberHolds", { type: "integer", exclusiveMaximum: 1 }, 0, 1],
  ["MIN_LENGTH", "minLength: stringHolds", { minLength: 2 }, "ab", "a"],
  ["MAX_LENGTH", "maxLength: stringHolds", { maxLength: 1 }, "a", "ab"],
  ["PATTERN", "pattern: stringHolds", { pattern: "^a" }, "ab", "ba"],
  ["MIN_ITEMS", "minItems: arrayHolds", { minItems: 1, uniqueItems: true }, [1], []],
  ["MAX_ITEMS", "maxItems: arrayHolds", { maxItems: 1, uniqueItems: true }, [1], [1, 2]],
  ["ITEMS", "items: arrayHolds", { items: { type: "object", required: ["a"] } }, [{ a: 1 }], [{}]],
  ["PREFIX_ITEMS", "prefixItems (and items after them): arrayHolds", { prefixItems: [{ type: "string" }], items: { type: "number" } }, ["a", 1], ["a", "b"]],
  ["UNIQUE_ITEMS", "uniqueItems: arrayHolds", { uniqueItems: true, minItems: 0 }, [1, 2], [1, 1]],
  ["MIN_PROPERTIES", "minProperties: objectHolds", { minProperties: 1 }, { a: 1 }, {}],
  ["MAX_PROPERTIES", "maxProperties: objectHolds", { maxProperties: 0 }, {}, { a: 1 }],
  ["PROPERTIES", "properties: declaredPropertiesHold", { properties: { a: { type: "string" } }, minProperties: 0 }, { a: "x" }, { a: 1 }],
  ["OWN_KEYS", "properties + additionalProperties: ownKeysHold", { properties: { a: {} }, additionalProperties: false, minProperties: 0 }, { a: 1 }, { b: 1 }],
  ["REQUIRED", "required: objectHolds", { required: ["a"], minProperties: 0 }, { a: 1 }, {}],
  ["ENUM", "enum: allowedValueHolds", { enum: [1, "a"] }, "a", 2],
  ["CONST", "const: allowedValueHolds", { const: 1 }, 1, 2],
  ["REF", "$ref (with siblings): inPlaceSubschemasHold", { $ref: "#/$defs/s", minLength: 0, $defs: { s: { type: "string" } } }, "a", 1],
  ["ALL_OF", "allOf: inPlaceSubschemasHold", { allOf: [{ type: "string" }, { minLength: 2 }] }, "ab", "a"],
  ["ANY_OF", "anyOf: inPlaceSubschemasHold", { anyOf: [{ type: "string" }, { type: "null" }] }, null, 1],
  ["ONE_OF", "oneOf: inPlaceSubschemasHold", { oneOf: [{ type: "string" }, { minLength: 1 }] }, "", "a"],
  ["NOT", "not: inPlaceSubschemasHold", { not: { type: "string" } }, 1, "a"],
  ["IF", "if/then/else: inPlaceSubschemasHold", { if: { type: "string" }, then: { minLength: 1 }, else: { type: "null" } }, null, ""],
  ["UNEVALUATED_PROPERTIES", "unevaluatedProperties: unevaluatedPropertiesHold", { allOf: [{ properties: { a: {} } }], unevaluatedProperties: false, minProperties: 0 }, { a: 1 }, { b: 1 }],
  ["CONTAINS", "contains (minContains, maxContains): containsHold", { contains: { type: "string" }, minContains: 2, maxContains: 3 }, ["a", 1, "b"], ["a", 1]],
  ["MULTIPLE_OF", "multipleOf: numberHolds", { multipleOf: 0.1 }, 0.3, 0.35],
  ["WHOLE", "a keyword plans cannot hold: rest", { dependentRequired: { a: ["b"] } }, { a: 1, b: 2 }, { a: 1 }],
];

// [kind's name in plan.ts, the function holds() picks, schema, accepted, refused]
const KINDS: [string, string, unknown, unknown, unknown][] = [
  ["KEYS_ONLY", "ownKeysObjectHolds", { type: "object", properties: { a: { type: "string" } }, additionalProperties: false }, { a: "x" }, { b: 1 }],
  ["DECLARED_ONLY", "declaredObjectHolds", { properties: { a: { type: "string" } } }, { a: "x" }, { a: 1 }],
  ["SCALAR", "scalarHolds", { type: "string", minLength: 1 }, "a", ""],
  ["SCALAR_ARRAY", "scalarArrayHolds", { type: "array", items: { type: "integer" } }, [1], [1.5]],
  ["SCALAR_TUPLE", "scalarTupleHolds", { type: "array", prefixItems: [{ type: "number" }, { type: "string" }], items: false }, [1, "a"], [1, "a", null]],
  ["COUNTED", "countedRefHolds (a recursive $ref)", { type: "array", items: { $ref: "#/$defs/node" }, $defs: { node: { type: "array", items: { $ref: "#/$defs/node" } } } }, [[]], [1]],
  [
    "COUNTED_BY_VALUE",
    "countedByValueHolds (a recursive $ref held in place by a recursive landing)",
    { type: "object", properties: { a: { $ref: "#/$defs/x" } }, $defs: { x: { $ref: "#/$defs/y" }, y: { $ref: "#" } } },
    { a: { a: {} } },
    { a: { a: 1 } },
  ],
];

/** The compiled node of the schema at `ptr` (root by default), through the same steps as compile(). */
function compiled(schema: unknown, ptr = ""): PLAN.Plan {
  const walked = walk(schema, false, false, "", defaultUse({ fallback: DIALECT_2020_12, lenient: false, checksFormats: false }));
  const registry = new Registry(() => undefined, () => undefined, { fallback: DIALECT_2020_12, lenient: false, checksFormats: false });
  const doc = registry.addDocument(privateCopy(walked), walked.marks, "");
  registry.link();
  const root: Target = { doc, ptr: "", resource: registry.resourceOf(doc, ""), schema: doc.root };
  if (registry.references > 0) registry.recursion = recursion(schemaGraph(registry, [root]));
  const compiler = new Compiler(registry, {});
  compiler.checkAt(root, false);
  const at = ptr === "" ? root : { ...root, ptr, schema: ptr.split("/").slice(1).reduce((v: any, k) => v[k], doc.root) };
  return compiler.node(at, false).plan;
}

/** Every plan reachable from `root` (its items, declared kids, applicators). */
function reachable(root: PLAN.Plan): PLAN.Plan[] {
  const seen = new Set<PLAN.Plan>([root]);
  const pending = [root];
  const add = (plan: PLAN.Plan | null | undefined): void => {
    if (plan && !seen.has(plan)) {
      seen.add(plan);
      pending.push(plan);
    }
  };
  while (pending.length > 0) {
    const plan = pending.pop()!;
    add(plan.items);
    for (const first of plan.bounds?.prefix ?? []) add(first);
    for (const kid of plan.shape?.kids ?? []) add(kid);
    add(plan.shape?.additional);
    add(plan.bounds?.contains?.plan);
    const applied = plan.applied;
    if (applied === undefined) continue;
    [applied.ref, applied.not, applied.condition, applied.then, applied.otherwise, ...applied.allOf, ...applied.anyOf, ...applied.oneOf].forEach(add);
  }
  return [...seen];
}

function state(): EvalState {
  return newState(undefined, false, 0, 256);
}

function decides(name: string, plan: PLAN.Plan, schema: unknown, accepted: unknown, refused: unknown): void {
  const closures = compileWithoutPlans(schema);
  for (const [instance, expected] of [[accepted, true], [refused, false]] as const) {
    assert.is(closures.isValid(instance), expected, `${name}: the closures on ${JSON.stringify(instance)}`);
    assert.is(holds(plan, instance, state()), expected, `${name}: the plan on ${JSON.stringify(instance)}`);
  }
}

test("every rule bit: its keyword sets it, and its branch decides as the closures do", () => {
  for (const [name, , schema, accepted, refused] of RULES) {
    const bit = (PLAN as unknown as Record<string, number>)[name]!;
    assert.type(bit, "number", name);
    const plan = compiled(schema);
    assert.ok((plan.rules & bit) !== 0, `${name} is set for ${JSON.stringify(schema)} (rules ${plan.rules.toString(2)})`);
    decides(name, plan, schema, accepted, refused);
  }
});

test("a numeric bound without a type stays a closure, which refuses an infinity the comparison would pass", () => {
  for (const [name, schema, infinity] of [["MINIMUM", { minimum: 1 }, Infinity], ["MAXIMUM", { maximum: 1 }, -Infinity], ["EXCLUSIVE_MINIMUM", { exclusiveMinimum: 1 }, Infinity], ["EXCLUSIVE_MAXIMUM", { exclusiveMaximum: 1 }, -Infinity]] as const) {
    const plan = compiled(schema);
    assert.is(plan.rules & (PLAN as unknown as Record<string, number>)[name]!, 0, name);
    assert.is(holds(plan, infinity, state()), false, name);
    assert.is(holds(plan, 5 * (infinity > 0 ? 1 : -1), state()), true, name);
  }
});

test("before 2020-12, an array-form items plans as the prefix, and additionalItems as the items after it", () => {
  for (const uri of ["http://json-schema.org/draft-07/schema#", "https://json-schema.org/draft/2019-09/schema", "http://json-schema.org/draft-04/schema#"]) {
    // draft-04 has no boolean schemas.
    const schema = { $schema: uri, items: [{ type: "string" }, uri.includes("draft-04") ? { not: {} } : false], additionalItems: { type: "number" } };
    const plan = compiled({ ...schema, items: [{ type: "string" }] });
    assert.is(plan.rules & (PLAN.PREFIX_ITEMS | PLAN.ITEMS), PLAN.PREFIX_ITEMS | PLAN.ITEMS, `${uri}: rules ${plan.rules.toString(2)}`);
    assert.is(plan.rest, undefined, `${uri}: no closure left`);
    decides(`${uri} items + additionalItems`, plan, { ...schema, items: [{ type: "string" }] }, ["a", 1, 2], ["a", "b"]);
    // A second prefix schema that refuses everything: its plan found at its own place (items/1).
    decides(`${uri} items with false`, compiled(schema), schema, ["a"], ["a", 1]);
  }
});

test("every kind: finishPlan or the compiler gives it, and holds() runs it as the closures decide", () => {
  for (const [name, , schema, accepted, refused] of KINDS) {
    const kind = (PLAN as unknown as Record<string, number>)[name]!;
    // The kind may sit below the root (a tree's items, a counted reference in place of a $ref).
    assert.ok(reachable(compiled(schema)).some((plan) => plan.kind === kind), `${name} for ${JSON.stringify(schema)}`);
    decides(name, compiled(schema), schema, accepted, refused);
  }
});

test("the tables name every bit and kind plan.ts exports; the kind is a field of its own, so rule bits are free", () => {
  const exported = Object.entries(PLAN as unknown as Record<string, unknown>).filter(([name, value]) => typeof value === "number" && /^[A-Z_]+$/.test(name));
  const kindNames: readonly string[] = PLAN.KIND_NAMES;
  const kinds = exported.filter(([name]) => kindNames.includes(name));
  const rules = exported.filter(([name, value]) => !kindNames.includes(name) && (value as number) > 0 && ((value as number) & ((value as number) - 1)) === 0);
  assert.equal(rules.map(([name]) => name).sort(), RULES.map(([name]) => name).sort());
  // Each kind's value is its place in KIND_NAMES; GENERAL (runPlan) needs no line of its own.
  for (const [name, value] of kinds) assert.is(kindNames[value as number], name);
  assert.equal(kinds.map(([name]) => name).filter((name) => name !== "GENERAL").sort(), KINDS.map(([name]) => name).sort());
  const used = rules.reduce((bits, [, value]) => bits | (value as number), 0);
  assert.is(used, (1 << 29) - 1, "bits 0 to 28 are rules; bit 29 is free");
  // A new plan is of kind GENERAL until finishPlan says otherwise.
  assert.is(new PLAN.Plan(undefined).kind, PLAN.GENERAL);
});

test.run();
