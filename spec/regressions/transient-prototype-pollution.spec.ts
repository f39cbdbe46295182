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

// The same for a custom metaschema among `schemas`: its `$schema` and `$vocabulary` were read
// through the prototype. A polluted `$vocabulary: {}` left only "core" on (every schema valid),
// a polluted `$schema` made a document without one a metaschema; both were cached.
test("a polluted $schema or $vocabulary changes no custom metaschema's reading", () => {
  const D2020 = "https://json-schema.org/draft/2020-12/schema";
  const meta = { $schema: D2020, $id: "https://ex.test/meta", $dynamicAnchor: "meta", allOf: [{ $ref: D2020 }] };
  const bare = { $id: "https://ex.test/bare", $dynamicAnchor: "meta", allOf: [{ $ref: D2020 }] };
  const schema = { $schema: "https://ex.test/meta", type: "object", required: ["id"] };
  const options = (cache: SchemaCache) => ({ cache, refs: "document" as const, schemas: { "https://ex.test/meta": meta, "https://ex.test/bare": bare } });
  for (const [name, value] of [["$vocabulary", {}], ["$schema", D2020]] as const) {
    const cache = new SchemaCache();
    Object.defineProperty(Object.prototype, name, { value, enumerable: false, configurable: true, writable: true });
    let polluted: unknown;
    let bare: unknown;
    const bareSchema = { $schema: "https://ex.test/bare", type: "string" };
    try {
      polluted = compile(schema, options(cache));
      bare = compile(bareSchema, options(cache));
    } finally {
      delete (Object.prototype as Record<string, unknown>)[name];
    }
    const v = compile(schema, options(cache));
    assert.is(v, polluted, `${name}: the cache keeps the validator`);
    assert.equal(verdicts(v, ["not an object", { id: 1 }, {}]), [false, true, false], name);
    // A document without $schema is read in the dialect option's (2020-12, every vocabulary): a
    // polluted $vocabulary does not narrow it, nor does a polluted $schema change its reading.
    assert.is(compile(bareSchema, options(cache)), bare, `${name}: the cache keeps the bare one's validator`);
    assert.equal(verdicts(bare as Parameters<typeof verdicts>[0], [1, "s"]), [false, true], `${name}: the bare metaschema's reading`);
  }
});

test.run();
