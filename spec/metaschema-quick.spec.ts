// The metaschema check's quick reading (src/gate/metaschema-quick.ts) against the five
// metaschemas it stands in for: each table names exactly the keywords its metaschema declares,
// and gives the metaschema's own verdict on every keyword with edge values, on generated schemas
// (keyword values of every JSON type, nested) and on every schema of the suite folder of its
// dialect. A wrong "yes" would let a schema the metaschema refuses through the gate.
import { resolve } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { compile, SchemaError } from "../src/index.js";
import { quickKeywords, surelyValid } from "../src/gate/metaschema-quick.js";
import { metaschemaValidator } from "../src/gate/metaschema-check.js";
import { DIALECT_2019_09, DIALECT_2020_12, DIALECT_DRAFT_04, DIALECT_DRAFT_06, DIALECT_DRAFT_07, type Dialect, type DialectName } from "../src/keywords/dialects.js";
import { metaschemas2020_12 } from "../src/metaschema/draft2020-12.js";
import { metaschemas2019_09 } from "../src/metaschema/draft2019-09.js";
import { metaschemasDraft07 } from "../src/metaschema/draft07.js";
import { metaschemasDraft06 } from "../src/metaschema/draft06.js";
import { metaschemasDraft04 } from "../src/metaschema/draft04.js";
import { loadCases } from "../src/cli/suite.js";
import { check, jsonValue, runs } from "./helpers/arbitraries.js";

type Obj = Record<string, unknown>;

/** The keywords a metaschema document declares: its `properties`, and those of the documents its `allOf` names. */
function declared(documents: Readonly<Record<string, object>>, uri: string): string[] {
  const document = documents[uri] as Obj;
  const names = Object.keys((document["properties"] as Obj | undefined) ?? {});
  for (const branch of (document["allOf"] as Obj[] | undefined) ?? []) names.push(...declared(documents, new URL(branch["$ref"] as string, uri).href));
  return names;
}

const QUICK: readonly [DialectName, Dialect, Readonly<Record<string, object>>][] = [
  ["2020-12", DIALECT_2020_12, metaschemas2020_12()],
  ["2019-09", DIALECT_2019_09, metaschemas2019_09()],
  ["draft-07", DIALECT_DRAFT_07, metaschemasDraft07()],
  ["draft-06", DIALECT_DRAFT_06, metaschemasDraft06()],
  ["draft-04", DIALECT_DRAFT_04, metaschemasDraft04()],
];

test("each table names exactly the keywords its metaschema declares", () => {
  for (const [, dialect, documents] of QUICK) assert.equal(quickKeywords(dialect).slice().sort(), declared(documents, dialect.uri).sort(), dialect.name);
});

/** Values near each rule's edges: valid and invalid ones of every kind the tables tell apart. */
const EDGES: readonly unknown[] = [
  "", "a", "string", "object", "integer", "nul", "a#", "#", "a#b", "##", "a0", "_x-1.2", "_a", "a:b", "1a", "-a", "a b", "é",
  true, false, null, 0, -0, 1, 2, -1, 1.5, 1e-9, 1e21, -1e21,
  [], ["string"], ["string", "string"], ["object", "null"], ["integer", "foo"], [1], ["a", 1], [{}], [true], [[]], ["a", "b"],
  ["null", "string", "null"], ["a", "b", "c", "b"],
  // Past the pairwise comparison (json/duplicates.ts): distinct, and a repeat at the end.
  Array.from({ length: 17 }, (_, i) => `k${i}`), [...Array.from({ length: 16 }, (_, i) => `k${i}`), "k3"],
  {}, { a: true }, { a: false }, { a: 1 }, { a: ["x"] }, { a: ["x", "x"] }, { a: "x" }, { a: {} }, { a: { type: "string" } }, { a: { type: 1 } }, { "https://x.test/v": true },
];

/** Every keyword either table knows, some names neither knows (look-alikes included), and prototype names. */
const NAMES: readonly string[] = [...new Set([...QUICK.flatMap(([, dialect]) => quickKeywords(dialect)), "$Id", "Type", "x-extra", "__proto__", "constructor", "toString", ""])];

/** Schemas whose keywords hold edge values, JSON values or schemas again, a few levels deep. */
const generated: fc.Arbitrary<unknown> = fc.letrec<{ schema: unknown }>((tie) => {
  const value = fc.oneof(
    { depthSize: "small" },
    { arbitrary: fc.constantFrom(...EDGES), weight: 4 },
    { arbitrary: jsonValue, weight: 1 },
    { arbitrary: tie("schema"), weight: 2 },
    { arbitrary: fc.array(tie("schema"), { maxLength: 3 }), weight: 1 },
    { arbitrary: fc.dictionary(fc.constantFrom("a", "b", "__proto__"), tie("schema"), { maxKeys: 2, noNullPrototype: true }), weight: 1 },
  );
  return {
    schema: fc.oneof(
      { depthSize: "small" },
      fc.boolean(),
      fc.dictionary(fc.constantFrom(...NAMES), value, { maxKeys: 4, noNullPrototype: true }).map((d) => JSON.parse(JSON.stringify(d)) as unknown),
    ),
  };
}).schema;

for (const [name, dialect] of QUICK) {
  test(`${name}: the quick reading gives the metaschema's verdict on each keyword with each edge value, at the root and nested`, () => {
    const metaschema = metaschemaValidator(dialect);
    let vouched = 0;
    for (const keyword of NAMES) {
      for (const value of EDGES) {
        for (const schema of [{ [keyword]: value }, { properties: { a: { [keyword]: value } } }, { anyOf: [true, { [keyword]: value }] }]) {
          // As the private copy holds it (a computed "__proto__" key is a data property too).
          const copy = JSON.parse(JSON.stringify(schema)) as unknown;
          const quick = surelyValid(dialect, copy);
          assert.is(quick, metaschema.isValid(copy), JSON.stringify(copy));
          if (quick) vouched++;
        }
      }
    }
    assert.ok(vouched > 1000, `${vouched}`);
  });

  test(`${name}: the quick reading gives the metaschema's verdict on generated schemas`, () => {
    const metaschema = metaschemaValidator(dialect);
    let vouched = 0;
    check(
      fc.property(generated, (schema) => {
        const quick = surelyValid(dialect, schema);
        assert.is(quick, metaschema.isValid(schema), JSON.stringify(schema));
        if (quick) vouched++;
      }),
      runs(600),
    );
    assert.ok(vouched > 20, `only ${vouched} generated schemas were valid: the property tests little`);
  });

  test(`${name}: the quick reading gives the metaschema's verdict on every schema of the suite`, () => {
    const metaschema = metaschemaValidator(dialect);
    let count = 0;
    for (const cases of loadCases(resolve(process.cwd(), "JSON-Schema-Test-Suite"), name, true).values()) {
      for (const schema of new Set(cases.map((c) => c.schema))) {
        assert.is(surelyValid(dialect, schema), metaschema.isValid(schema), JSON.stringify(schema));
        count++;
      }
    }
    assert.ok(count > 150, `${count} schemas`);
  });
}

test("schemas nested deeper than the table reads are left to the metaschema, which still decides", () => {
  let deep: unknown = { type: "string" };
  for (let i = 0; i < 70; i++) deep = { properties: { a: deep } };
  assert.is(surelyValid(DIALECT_2020_12, deep), false);
  assert.ok(metaschemaValidator(DIALECT_2020_12).isValid(deep));
  // Past the quick reading, a bad value deep down is still refused, with its place.
  let bad: unknown = { minLength: -1 };
  for (let i = 0; i < 70; i++) bad = { items: bad };
  try {
    compile(bad, { bounds: false, cache: false });
    assert.unreachable("compiled");
  } catch (error) {
    assert.instance(error, SchemaError);
    assert.is((error as SchemaError).code, "invalid-schema");
    assert.ok((error as SchemaError).schemaLocation.endsWith("/items/minLength"), (error as SchemaError).schemaLocation);
  }
});

test("the tool schemas of the README and of MCP SDK 1.x servers take the quick reading", () => {
  const input = { type: "object", properties: { city: { type: "string", minLength: 1 }, days: { type: "integer", minimum: 1, maximum: 16 } }, required: ["city"], additionalProperties: false };
  assert.ok(surelyValid(DIALECT_2020_12, input));
  const zod = { $schema: "http://json-schema.org/draft-07/schema#", type: "object", properties: { tags: { type: "array", items: { type: "string" } }, mode: { type: "string", enum: ["a", "b"] }, note: { anyOf: [{ type: "string" }, { type: "null" }] } }, required: ["tags"], additionalProperties: false };
  assert.ok(surelyValid(DIALECT_DRAFT_07, zod));
});

test.run();
