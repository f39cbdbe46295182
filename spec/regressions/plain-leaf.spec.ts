// A DECLARED_ONLY plan (properties, required, type and nothing else) decides by its objects'
// prototype (engine/plain-objects.ts), whatever `constructor` says: an own "constructor" key, a
// null prototype, a class instance, a prototype that lies about its constructor. (A faster test
// that read `constructor` first was tried against these.)
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { compileWithoutPlans } from "../../src/compile.js";

const leaf = { type: "object", properties: { a: { type: "number" } }, required: ["a"] };
const schemas = { alone: leaf, items: { type: "array", items: leaf }, property: { type: "object", properties: { x: leaf } } };

class Point {
  a = 1;
}
const nullProto = (fields: Record<string, unknown>): object => Object.assign(Object.create(null) as object, fields);
const liar = Object.assign(Object.create({ constructor: Object }) as object, { a: 1 });

const objects: [string, unknown, boolean][] = [
  ["a JSON object", { a: 1 }, true],
  ["a JSON object with a \"constructor\" key", JSON.parse('{"a": 1, "constructor": 2}'), true],
  ["one whose \"constructor\" key is Object", { a: 1, constructor: Object }, true],
  ["a null-prototype object", nullProto({ a: 1 }), true],
  ["a null-prototype object whose \"constructor\" key is Object", nullProto({ a: 1, constructor: Object }), true],
  ["a class instance", new Point(), false],
  ["an object whose prototype says its constructor is Object", liar, false],
  ["a Date", new Date(0), false],
  ["a JSON object without the required key", { b: 1 }, false],
];

for (const [where, schema] of Object.entries(schemas)) {
  const planned = compile(schema, { cache: false });
  const closures = compileWithoutPlans(schema);
  for (const [what, value, valid] of objects) {
    test(`${where}: ${what} is ${valid ? "valid" : "invalid"}`, () => {
      const data = where === "items" ? [{ a: 2 }, value] : where === "property" ? { x: value } : value;
      assert.is(planned.isValid(data), valid);
      assert.is(closures.isValid(data), valid);
      assert.is(planned.validate(data).valid, valid);
      // Asked again: a kept state must not change the answer.
      assert.is(planned.isValid(data), valid);
    });
  }
}

test.run();
