// Regression: a non-enumerable own property (Object.defineProperty) was present to `required`,
// `dependentRequired` and `dependencies` (Object.hasOwn) but absent to every key loop, and
// `properties` checked it or not by the object's size (read by name past 12 keys, scanned with
// for…in below). `{ required: ["a"] }` accepted an object whose JSON text has no "a"; with
// `properties` and `additionalProperties` beside it, the boolean pass failed and validate()
// reported "the data changed while it was validated". The README says keywords of objects read
// own enumerable properties only: an object validates as its JSON text does. Found by a
// red-team probe of the README.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { ToolInputSchema } from "../../src/mcp/index.js";

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";
const SCHEMAS: object[] = [
  { required: ["a"] },
  { required: ["a", "b", "c", "d", "e", "k0"] },
  { properties: { a: { type: "string" } } },
  { properties: { a: { type: "string" } }, required: ["a"] },
  { properties: { a: { type: "string" }, b: {}, c: {}, d: {}, e: {} }, required: ["a"] },
  { properties: { a: { type: "string" } }, additionalProperties: false, required: ["a"] },
  { dependentRequired: { k0: ["a"] } },
  { dependentSchemas: { a: false } },
  { $schema: DRAFT_07, dependencies: { k0: ["a"] } },
  { $schema: DRAFT_07, dependencies: { a: false } },
  { anyOf: [{ properties: { a: { type: "string" } } }], unevaluatedProperties: false },
  { const: { a: 1 } },
  { const: { k0: 0 } },
  { items: { required: ["a"] }, uniqueItems: true },
];

/** An object with `extra` plain keys and a non-enumerable own "a". */
function withHiddenA(extra: number, value: unknown = 1): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (let i = 0; i < extra; i++) object[`k${i}`] = i;
  Object.defineProperty(object, "a", { value, enumerable: false, writable: true, configurable: true });
  return object;
}

/** What each way of asking says of `data`: the verdicts, and the locations of the errors. */
function answers(schema: object, data: unknown): unknown {
  const v = compile(schema, { cache: false });
  const all = v.validate(data);
  const first = v.validate(data, { allErrors: false });
  const basic = v.validate(data, { output: "basic" });
  return {
    isValid: v.isValid(data),
    all: all.valid ? [] : all.errors.map((e) => [e.keywordLocation, e.instanceLocation]),
    first: first.valid ? [] : first.errors.map((e) => [e.keywordLocation, e.instanceLocation]),
    basic: basic.valid,
  };
}

test("an object with a non-enumerable property validates as its JSON text does, whatever its size", () => {
  for (const schema of SCHEMAS) {
    for (const extra of [0, 1, 12, 40]) {
      const hidden = withHiddenA(extra);
      const data = "items" in schema ? [hidden, { ...hidden }] : hidden;
      const text = JSON.parse(JSON.stringify(data)) as unknown;
      assert.equal(answers(schema, data), answers(schema, text), `${JSON.stringify(schema)} with ${extra} keys`);
      // Each validator's first invalid instances take the explainer, the later ones the closures.
      const v = compile(schema, { cache: false });
      for (let i = 0; i < 20; i++) assert.is(v.validate(data).valid, v.isValid(text), `${JSON.stringify(schema)} call ${i}`);
    }
  }
});

test("a non-enumerable property shadows an enumerable one of a polluted Object.prototype: both are absent", () => {
  const proto = Object.prototype as Record<string, unknown>;
  proto["a"] = "inherited";
  try {
    for (const schema of [{ required: ["a"] }, { properties: { a: { type: "number" } }, required: ["a"] }, { dependentRequired: { k0: ["a"] } }]) {
      for (const extra of [1, 40]) assert.not.ok(compile(schema, { cache: false }).isValid(withHiddenA(extra)), JSON.stringify(schema));
    }
  } finally {
    delete proto["a"];
  }
});

// `properties` read a declared name directly (Object.hasOwn only when its value was undefined), so
// an inherited value was checked: under `if`, `not`, `oneOf` or `anyOf` an added error is a
// verdict flipped to valid. Found by a red-team probe of exotic data.
test("an inherited value is no member: a polluted prototype or a class's getter cannot flip a verdict", () => {
  const rejectsObjects = compile({ if: { properties: { a: { type: "string" } } }, then: false }, { cache: false });
  const wide = (object: Record<string, unknown>): Record<string, unknown> => {
    for (let i = 0; i < 40; i++) object[`k${i}`] = i;
    return object;
  };
  class WithGetter {
    get a(): number {
      return 1;
    }
  }
  for (const data of [new WithGetter(), Object.create({ a: 1 }) as object, wide(Object.create({ a: 1 }) as Record<string, unknown>)]) {
    assert.not.ok(rejectsObjects.isValid(data));
    assert.not.ok(rejectsObjects.validate(data).valid);
  }
  const proto = Object.prototype as Record<string, unknown>;
  proto["a"] = 1;
  try {
    for (const data of [{}, { b: 1 }, wide({})]) {
      assert.not.ok(rejectsObjects.isValid(data), JSON.stringify(data));
      assert.not.ok(rejectsObjects.validate(data).valid);
      assert.not.ok(rejectsObjects.validate(data, { output: "basic" }).valid);
      assert.not.ok(compile({ not: { properties: { a: { type: "string" } } } }, { cache: false }).isValid(data));
    }
  } finally {
    delete proto["a"];
  }
});

test("missingRequiredArguments counts as required does: a non-enumerable argument is missing", () => {
  const input = new ToolInputSchema({ properties: { a: { type: "number" } }, required: ["a"] });
  assert.equal(input.missingRequiredArguments(withHiddenA(1)), ["a"]);
  assert.not.ok(input.validateArguments(withHiddenA(1)).valid);
  assert.equal(input.missingRequiredArguments({ a: 1 }), []);
});

test.run();
