// Regression: unevaluatedProperties passed every object that is not a plain JSON object (a class
// instance, a Date or an Object.create({}) object with own properties), where
// additionalProperties and every other object keyword read its own enumerable properties:
// { unevaluatedProperties: false } accepted `new C()` with an own "extra" that
// { additionalProperties: false } refused. Found by a red-team probe of exotic data.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";

class WithExtra {
  extra = 1;
}

function objects(): object[] {
  const date = new Date(0) as Date & { extra?: number };
  date.extra = 1;
  return [new WithExtra(), date, Object.assign(Object.create({}) as object, { extra: 1 })];
}

test("unevaluatedProperties reads any object's own enumerable properties, as additionalProperties does", () => {
  const cases: [schema: object, valid: boolean][] = [
    [{ unevaluatedProperties: false }, false],
    [{ allOf: [{ properties: { x: true } }], unevaluatedProperties: false }, false],
    [{ unevaluatedProperties: { type: "string" } }, false],
    [{ properties: { extra: true }, unevaluatedProperties: false }, true],
    [{ anyOf: [{ properties: { extra: true } }], unevaluatedProperties: false }, true],
    [{ dependentSchemas: { extra: { properties: { extra: true } } }, unevaluatedProperties: false }, true],
  ];
  for (const [schema, valid] of cases) {
    for (const data of objects()) {
      const v = compile(schema, { cache: false });
      const label = `${JSON.stringify(schema)} on ${data.constructor?.name ?? "object"}`;
      assert.is(v.isValid(data), valid, label);
      // The explainer (a validator's first invalid instances), then the closures.
      for (let i = 0; i < 20; i++) assert.is(v.validate(data).valid, valid, `${label} call ${i}`);
      assert.is(v.validate(data, { allErrors: false }).valid, valid, label);
      assert.is(v.validate(data, { output: "detailed" }).valid, valid, label);
      assert.is(compile({ additionalProperties: false, ...schema }, { cache: false }).isValid(data), valid && "properties" in schema, label);
    }
  }
});

test.run();
