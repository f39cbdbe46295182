// $defs and definitions are checked, not compiled (engine/definitions.ts): a large schema pays
// for the definitions references reach. What compile refused in an unused definition it still
// refuses, with the same code and location as when a reference reaches that definition.
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { compile, SchemaError } from "../src/index.js";
import { compileCounting } from "../src/compile.js";
import type { EvaluationCount } from "../src/engine/node-wrappers.js";
import { BROKEN_KEYWORDS, check, documentSchema, repeatsIdentifier, runs, schemaObjects, subschema } from "./helpers/arbitraries.js";

type Obj = Record<string, unknown>;

/** "ok", or the refusal's code and location. */
function outcome(schema: unknown, options: Parameters<typeof compile>[1] = {}): string {
  try {
    compile(schema, { cache: false, ...options });
    return "ok";
  } catch (error) {
    if (!(error instanceof SchemaError)) throw error;
    return `${error.code} at ${JSON.stringify(error.schemaLocation)}`;
  }
}

/** The same document with its definition `name` reached from a property (which consumes input, so no in-place cycle is made). */
function reaching(document: Obj, name: string, defs = "$defs"): Obj {
  const properties = typeof document["properties"] === "object" && document["properties"] !== null ? (document["properties"] as Obj) : {};
  return { ...document, properties: { ...properties, "zz-reach": { $ref: `#/${defs}/${name}` } } };
}

test("an unused definition is not compiled; a used one is, once", () => {
  const $defs: Obj = {};
  for (let i = 0; i < 300; i++) $defs[`d${i}`] = { type: "object", properties: { name: { type: "string", pattern: "^[a-z]+$" }, n: { minimum: i } } };
  const schema = { properties: { a: { $ref: "#/$defs/d7" }, b: { $ref: "#/$defs/d7" } }, $defs };
  const count: EvaluationCount = { evaluations: 0, limit: 1e6 };
  const v = compileCounting(schema, {}, count);
  // The root, its two properties, d7 and d7's three schema objects below it.
  assert.ok(count.compiled! <= 8, `compiled ${count.compiled} schema objects`);
  assert.ok(v.isValid({ a: { name: "ok", n: 7 } }));
  assert.not.ok(v.isValid({ b: { name: "NO" } }));
  assert.equal(v.validate({ b: { n: 6 } }), {
    valid: false,
    errors: [{ keywordLocation: "/properties/b/$ref/properties/n/minimum", instanceLocation: "/b/n", absoluteKeywordLocation: "#/$defs/d7/properties/n/minimum", error: "must be >= 7, but is 6", keyword: "minimum", params: { limit: 7, comparison: ">=" } }],
  });
});

test("every broken keyword in an unused definition is refused as when it is used", () => {
  const places: [string, (broken: Obj) => Obj][] = [
    ["", (b) => b],
    ["/properties/x/items", (b) => ({ properties: { x: { items: b } } })],
    ["/anyOf/1", (b) => ({ anyOf: [{}, b] })],
    ["/$defs/inner", (b) => ({ $defs: { inner: b } })],
    ["/if", (b) => ({ if: b, then: {} })],
  ];
  for (const broken of BROKEN_KEYWORDS) {
    for (const [, place] of places) {
      const unused: Obj = { $defs: { unused: place(broken) } };
      const seen = outcome(unused);
      assert.is.not(seen, "ok", `${JSON.stringify(unused)} was accepted`);
      assert.is(seen, outcome(reaching(unused, "unused")), JSON.stringify(unused));
      // With a reference elsewhere the schema graph is built, and its scan decides whether the check runs.
      assert.is(outcome({ ...unused, properties: { "zz-other": { $ref: "#" } } }), seen, `${JSON.stringify(unused)} beside a reference`);
    }
  }
});

test("subschemas nothing evaluates are checked as definitions are: then/else without if, contentSchema, a lone if", () => {
  // A lone `if` was compiled only by the annotating variant: compile accepted {if: {$ref: "#/nowhere"}}
  // and output "basic" threw the SchemaError. The others were never read: now refused alike.
  const cases: [Obj, string, string][] = [
    [{ then: { pattern: "(" } }, "invalid-regex", "/then/pattern"],
    [{ else: { $ref: "#/nowhere" } }, "unresolved-ref", "/else/$ref"],
    [{ contentSchema: { pattern: "(" } }, "invalid-regex", "/contentSchema/pattern"],
    [{ contentMediaType: "application/json", contentSchema: { $ref: "#/nowhere" } }, "unresolved-ref", "/contentSchema/$ref"],
    [{ if: { $ref: "#/nowhere" } }, "unresolved-ref", "/if/$ref"],
    [{ if: { properties: { a: { pattern: "(a)\\1" } } } }, "unsupported-regex", "/if/properties/a/pattern"],
  ];
  for (const [inside, code, at] of cases) {
    assert.is(outcome(inside), `${code} at "${at}"`);
    const unused = { $defs: { unused: inside } };
    assert.is(outcome(unused), `${code} at "/$defs/unused${at}"`);
    assert.is(outcome(reaching(unused, "unused")), outcome(unused));
    // Reached as data (an unknown keyword's value), then compiled as a schema.
    assert.is(outcome({ $ref: "#/extra", extra: { $defs: { unused: inside } } }), `${code} at "/extra/$defs/unused${at}"`);
  }
});

test("a refusal the definitions' check finds in another document names that document, as compile's does", () => {
  const options = { refs: "document" as const, schemas: { "https://x.test/a": { properties: { p: { pattern: "(" } } } } };
  for (const schema of [{ allOf: [{ $ref: "https://x.test/a" }] }, { $defs: { unused: { $ref: "https://x.test/a" } } }, { if: { $ref: "https://x.test/a" } }]) {
    const error = (() => { try { compile(schema, { cache: false, ...options }); } catch (e) { return e; } })();
    assert.instance(error, SchemaError);
    assert.equal([(error as SchemaError).code, (error as SchemaError).schemaLocation, (error as SchemaError).document], ["invalid-regex", "/properties/p/pattern", "https://x.test/a"], JSON.stringify(schema));
  }
});

test("a definition's reference into another document is followed and checked", () => {
  const options = { refs: "document" as const, schemas: { "https://x.test/a": { $defs: { p: { pattern: "(" } } } } };
  const unused = { $defs: { unused: { $ref: "https://x.test/a#/$defs/p" } } };
  assert.is(outcome(unused, options), 'invalid-regex at "/$defs/p/pattern"');
  assert.is(outcome(reaching(unused, "unused"), options), outcome(unused, options));
});

test("draft-07 definitions: checked the same way, and beside $ref nothing is read", () => {
  const draft07 = "http://json-schema.org/draft-07/schema#";
  const unused = { $schema: draft07, definitions: { unused: { properties: { x: { pattern: "[" } } } } };
  assert.is(outcome(unused), 'invalid-regex at "/definitions/unused/properties/x/pattern"');
  assert.is(outcome(reaching(unused, "unused", "definitions")), outcome(unused));
  // A draft-07 $ref makes its schema object a pure reference: its definitions are not read.
  assert.is(outcome({ $schema: draft07, $ref: "#/definitions/ok", definitions: { ok: {}, bad: { pattern: "[" } } }), "ok");
});

test("property: a generated definition with a planted fault is refused as when it is used", () => {
  const planted = fc.tuple(documentSchema, subschema, fc.constantFrom(...BROKEN_KEYWORDS), fc.nat(), fc.boolean()).map(([document, definition, broken, at, plant]) => {
    const unused = typeof definition === "object" && definition !== null ? structuredClone(definition as Obj) : { not: { const: definition } };
    if (plant) {
      const objects = schemaObjects(unused);
      Object.assign(objects[at % objects.length]![1], broken);
    }
    return { ...document, $defs: { ...(document["$defs"] as Obj), unused } } as Obj;
  });
  check(
    fc.property(planted, (document) => {
      fc.pre(!repeatsIdentifier(document));
      const options = { refs: "document" as const };
      // The planted fault must be the document's only one: with another (a generated `$id` can
      // leave a reference unresolved), reaching the definition changes which is met first.
      const { unused: _, ...others } = document["$defs"] as Obj;
      fc.pre(outcome({ ...document, $defs: others }, options) === "ok");
      assert.is(outcome(document, options), outcome(reaching(document, "unused"), options));
    }),
    runs(150),
  );
});

test.run();
