// The README's reading of non-JSON values by keywords other than type/const/enum: numbers'
// keywords compare NaN and ±Infinity (and fail them), a BigInt is no number, and objects' keywords
// read any non-array object by its own enumerable members. Every evaluator reads them alike.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";

class Point {
  x = 1;
}

const CASES: [schema: object, value: unknown, valid: boolean][] = [
  [{ required: ["a"] }, new Date(0), false],
  [{ required: ["a"] }, new Map([["a", 1]]), false],
  [{ minProperties: 1 }, new Point(), true],
  [{ properties: { a: false } }, new Date(0), true],
  [{ additionalProperties: false }, new Point(), false],
  [{ propertyNames: { const: "x" } }, new Point(), true],
  [{ maxLength: 1 }, new String("abc"), true],
  [{ maxProperties: 1 }, new String("abc"), false],
  [{ maximum: 10 }, Infinity, false],
  [{ minimum: 0 }, -Infinity, false],
  [{ exclusiveMinimum: 0 }, NaN, false],
  [{ multipleOf: 2 }, NaN, false],
  [{ minimum: 5 }, 1n, true],
  [{ type: "object" }, new Point(), false],
];

test("non-JSON values: keywords read them by their JavaScript kind, every evaluator alike", () => {
  for (const [schema, value, valid] of CASES) {
    const v = compile(schema, { cache: false });
    const label = `${JSON.stringify(schema)} on ${Object.prototype.toString.call(value)}`;
    assert.is(v.isValid(value), valid, label);
    for (let call = 0; call < 20; call++) assert.is(v.validate(value).valid, valid, `${label}, call ${call}`);
    assert.is((v.validate(value, { output: "basic" }) as { valid: boolean }).valid, valid, label);
    assert.is((v.validate(value, { output: "verbose" }) as { valid: boolean }).valid, valid, label);
  }
});

test.run();
