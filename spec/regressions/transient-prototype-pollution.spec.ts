// Regression (issue 17, "transient prototype pollution poisons the cache"): with
// Object.prototype.$schema = ".../meta/core" set during one compile (even non-enumerable),
// {"type":"string","maxLength":3} compiled to accept-all and stayed cached after the pollution was
// removed. Keywords are now read as own members only. This defines each keyword name of every
// dialect on Object.prototype during a compile, removes it, and checks that compile's validator
// (cached) and a fresh one give the right verdicts.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, SchemaCache } from "../../src/index.js";
import { DIALECTS } from "../../src/keywords/dialects.js";

const NAMES = [...new Set(DIALECTS.flatMap((d) => [...d.keywords.keys()])), "$schema", "$vocabulary", "$comment"];
const VALUES: unknown[] = [true, false, {}, { type: "null" }, "https://json-schema.org/draft/2020-12/meta/core", "#", 0, 2, [], [{ type: "null" }], { a: { type: "null" } }];
const SCHEMAS: [schema: unknown, valid: unknown[], invalid: unknown[]][] = [
  [{ type: "string", maxLength: 3 }, ["ab"], ["abcd", 1, null]],
  [{ $schema: "http://json-schema.org/draft-07/schema#", items: [{ type: "string" }], additionalItems: false }, [["a"], []], [[1], ["a", "b"]]],
  [{ properties: { a: { type: "integer" } }, required: ["a"], unevaluatedProperties: false }, [{ a: 1 }], [{}, { a: 1, b: 2 }]],
];

function verdicts(v: { isValid(x: unknown): boolean; validate(x: unknown): { valid: boolean } }, xs: readonly unknown[]): boolean[] {
  return xs.map((x) => {
    assert.is(v.validate(x).valid, v.isValid(x));
    return v.isValid(x);
  });
}

test("a keyword name on Object.prototype during a compile changes neither that compile nor the cached validator", () => {
  for (const name of NAMES) {
    for (const value of VALUES) {
      for (const enumerable of [false, true]) {
        for (const [schema, valid, invalid] of SCHEMAS) {
          const cache = new SchemaCache();
          Object.defineProperty(Object.prototype, name, { value, enumerable, configurable: true, writable: true });
          let polluted: unknown;
          try {
            polluted = compile(schema, { cache });
          } catch (error) {
            polluted = error;
          } finally {
            delete (Object.prototype as Record<string, unknown>)[name];
          }
          const label = `Object.prototype[${JSON.stringify(name)}] = ${JSON.stringify(value)} (${enumerable ? "enumerable" : "hidden"}) on ${JSON.stringify(schema)}`;
          assert.not.ok(polluted instanceof Error, `${label}: threw (${(polluted as Error).message})`);
          const cached = compile(schema, { cache });
          assert.is(cached, polluted, `${label}: the cache keeps the validator`);
          assert.equal(verdicts(cached, valid), valid.map(() => true), `${label}: valid data`);
          assert.equal(verdicts(cached, invalid), invalid.map(() => false), `${label}: invalid data`);
        }
      }
    }
  }
});

test.run();
