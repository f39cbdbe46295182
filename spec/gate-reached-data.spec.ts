// What a reference reaches is bounded as a schema: an unknown keyword's value (or an `examples`
// item, a `const`) is data, but a `$ref` may land in it and the compiler then compiles it, so the
// gate counts it against the same bounds as in a schema position, once however many references
// reach it. And an embedded resource is read in the dialect its `$schema` names, by the walk,
// the metaschema check, the registry and the compiler alike: draft-04's (`id`) too.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, SchemaError, type SchemaErrorCode } from "../src/index.js";
import { walk } from "../src/gate/walk.js";
import { refusal } from "./helpers/refusal.js";

const options = { cache: false } as const;

function refused(schema: unknown, code: SchemaErrorCode, location?: string, extra: Parameters<typeof compile>[1] = {}): SchemaError {
  const error = refusal(() => compile(schema, { ...options, ...extra }));
  assert.is(error.code, code, error.message);
  if (location !== undefined) assert.is(error.schemaLocation, location, error.message);
  return error;
}

const trues = (n: number): boolean[] => Array(n).fill(true);

// --- Defect 1: a reference into data is bounded as a schema ---------------------------------

test("subschemas: booleans a $ref reaches in an unknown keyword count, as in a schema position", () => {
  refused({ prefixItems: trues(10_001) }, "subschemas");
  refused({ x: { prefixItems: trues(10_001) }, $ref: "#/x" }, "subschemas");
  // Unreached, the same value is data and costs nothing.
  assert.ok(compile({ x: { prefixItems: trues(20_000) } }, options).isValid([1]));
  assert.ok(compile({ const: { prefixItems: trues(20_000) } }, options).isValid({ prefixItems: trues(20_000) }));
});

test("subschemas: counted exactly, once however many references reach them", () => {
  // Objects: root and x (2), plus n booleans, at most 10,000.
  assert.is(compile({ x: { prefixItems: trues(9_998) }, $ref: "#/x" }, options).isValid([1]), true);
  refused({ x: { prefixItems: trues(9_999) }, $ref: "#/x" }, "subschemas", "/x/prefixItems/9998");
  // Five objects (root, x, properties, a, b): three references to x and into it count it once.
  const many = (n: number) => ({ x: { prefixItems: trues(n) }, $ref: "#/x", properties: { a: { $ref: "#/x" }, b: { $ref: "#/x/prefixItems/0" } } });
  assert.is(compile(many(9_995), options).isValid({ a: [1] }), true);
  refused(many(9_996), "subschemas");
  // Thousands of references to one place cost it once.
  const refs = Object.fromEntries(Array.from({ length: 3_000 }, (_, i) => [`a${i}`, { $ref: "#/x" }]));
  assert.is(compile({ x: { prefixItems: trues(5_000) }, properties: refs }, options).isValid({ a7: [1] }), true);
});

test("subschemas: through examples, const, enum, chains of references and an embedded resource's data", () => {
  refused({ examples: [{ prefixItems: trues(10_001) }], $ref: "#/examples/0" }, "subschemas");
  refused({ const: { anyOf: trues(10_001) }, properties: { a: { $ref: "#/const" } } }, "subschemas");
  refused({ enum: [1, { items: { allOf: trues(10_001) } }], $ref: "#/enum/1/items" }, "subschemas");
  // A reference met in reached data is followed too.
  refused({ x: { $ref: "#/y" }, y: { prefixItems: trues(10_001) }, $ref: "#/x" }, "subschemas", "/y/prefixItems/9997");
  // By the URI of an embedded resource, and below it.
  refused({ $defs: { r: { $id: "https://example.com/r", x: { oneOf: trues(10_001) } } }, $ref: "https://example.com/r#/x" }, "subschemas", undefined, { refs: "document" });
  refused({ $defs: { r: { $id: "https://example.com/r", x: { oneOf: trues(10_001) }, allOf: [{ $ref: "#/x" }] } } }, "subschemas");
  // A map of schemas reached is read as a schema: its members may hold more.
  refused({ properties: { properties: { a: { prefixItems: trues(10_001) } } }, $ref: "#/properties" }, "subschemas");
});

test("patterns: those in reached data count towards the document's pattern bounds", () => {
  const escapes = Array.from({ length: 600 }, (_, i) => ({ pattern: "\\p{L}" + i }));
  const plain = refused({ anyOf: escapes }, "unsupported-regex");
  const reached = refused({ x: { anyOf: escapes }, $ref: "#/x" }, "unsupported-regex", "/x" + plain.schemaLocation);
  assert.match(reached.message, "512 Unicode property escapes");
  // 2,049 distinct short patterns (32 characters each, at least): past 65,536 characters.
  const short = Object.fromEntries(Array.from({ length: 2_049 }, (_, i) => [`^p${i}$`, true]));
  refused({ patternProperties: short }, "unsupported-regex");
  refused({ x: { patternProperties: short }, $ref: "#/x" }, "unsupported-regex");
  refused({ x: { properties: { a: { patternProperties: short } } }, properties: { b: { $ref: "#/x/properties/a" } } }, "unsupported-regex");
});

test("size: the locations of reached subschemas count towards maxSize", () => {
  const props = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`p${i}`, { type: "string" }]));
  const long = "k".repeat(200_000);
  // 100 subschemas under a 200,000-character key: 20,000,000 characters of locations.
  refused({ dependentSchemas: { [long]: { properties: props } } }, "size");
  refused({ x: { dependentSchemas: { [long]: { properties: props } } }, $ref: "#/x" }, "size");
  // Unreached: data, whose locations nothing keys.
  assert.ok(compile({ x: { dependentSchemas: { [long]: { properties: props } } } }, options).isValid(1));
});

test("reached data: the ref policy applies where the reference sits, and cycles are still refused", () => {
  refused({ x: { $ref: "https://elsewhere.test/s" }, $ref: "#/x" }, "external-ref", "/x/$ref", { refs: "fragment" });
  refused({ x: { $ref: "#/x" }, $ref: "#/x" }, "ref-cycle");
  refused({ x: { allOf: [{ $ref: "#/y" }] }, y: { not: { $ref: "#/x" } }, $ref: "#/x" }, "ref-cycle");
});

test("reached data is compiled as the schema it was counted as", () => {
  const schema = { examples: [{ type: "string" }], $ref: "#/examples/0", x: { prefixItems: [{ type: "integer" }], items: false } };
  const v = compile(schema, options);
  assert.equal([v.isValid("a"), v.isValid(1)], [true, false]);
  const w = compile({ x: { prefixItems: [{ type: "integer" }], items: false }, $ref: "#/x" }, options);
  assert.equal([w.isValid([1]), w.isValid(["a"]), w.isValid([1, 2])], [true, false, false]);
});

test("reached data is counted as the compiler reads it: the private copy, not the caller's document read again", () => {
  // A Proxy (or a getter) that shows less on its second read than the walk copied on its first.
  const big = { allOf: trues(20_000) };
  let reads = 0;
  const proxied = new Proxy({ $ref: "#/x", x: big }, { get: (target, key, receiver) => (key === "x" && ++reads > 1 ? {} : Reflect.get(target, key, receiver)) });
  refused(proxied, "subschemas", "/x/allOf/9998");
  let gets = 0;
  const getter = { $ref: "#/x", get x() { return ++gets > 1 ? {} : big; } };
  refused(getter, "subschemas", "/x/allOf/9998");
});

// References into another `schemas` document's data: counted against the referring document.
const U = "https://example.test/dir/u";
const V = "https://example.test/dir/v";
const inDocuments = (schemas: Record<string, unknown>) => ({ refs: "document", schemas }) as const;

test("subschemas: data of another `schemas` document a reference reaches counts, as in the document", () => {
  // Its objects were counted in its own document; here the root and 9,999 booleans fit.
  refused({ $ref: `${U}#/x` }, "subschemas", "/x/allOf/9999", inDocuments({ [U]: { x: { allOf: trues(20_000) } } }));
  // From one `schemas` document into another's data, a relative reference resolved against its key.
  refused({ $ref: U }, "subschemas", undefined, inDocuments({ [U]: { $ref: "v#/y" }, [V]: { y: { anyOf: trues(20_000) } } }));
  // Through reached data (a reference the registry never indexed), into a third document.
  refused({ $ref: `${U}#/x` }, "subschemas", undefined, inDocuments({ [U]: { x: { $ref: "v#/y" } }, [V]: { y: { oneOf: trues(20_000) } } }));
  // By an embedded resource's URI in another document.
  refused({ $ref: "https://example.test/e#/x" }, "subschemas", undefined, inDocuments({ [U]: { $defs: { e: { $id: "https://example.test/e", x: { not: { allOf: trues(20_000) } } } } } }));
  // Within the bounds, the reached data is compiled as it was counted.
  const v = compile({ $ref: `${U}#/x` }, { ...options, ...inDocuments({ [U]: { x: { $ref: "v#/y" } }, [V]: { y: { prefixItems: [{ type: "integer" }], items: false } } }) });
  assert.equal([v.isValid([1]), v.isValid(["a"]), v.isValid([1, 2])], [true, false, false]);
});

// --- Defect 2: an embedded resource in another dialect ---------------------------------------

const D4 = "http://json-schema.org/draft-04/schema#";
const D6 = "http://json-schema.org/draft-06/schema#";
const D7 = "http://json-schema.org/draft-07/schema#";
const D2019 = "https://json-schema.org/draft/2019-09/schema";
const D2020 = "https://json-schema.org/draft/2020-12/schema";

// References by an embedded resource's URI leave the fragment policy's reach.
const byUri = { refs: "document" } as const;

const verdicts = (schema: unknown, instances: unknown[]): boolean[] => {
  const v = compile(schema, { ...options, ...byUri });
  return instances.map((x) => v.isValid(x));
};

test("draft-04 embedded in 2020-12 and 2019-09: read as draft-04 by the walk, the metaschema check and the compiler", () => {
  for (const outer of [{}, { $schema: D2020 }, { $schema: D2019 }]) {
    const embedded = (body: object) => ({ ...outer, $defs: { e: { $id: "http://x/e", $schema: D4, ...body } }, $ref: "http://x/e" });
    assert.equal(verdicts(embedded({ maximum: 5, exclusiveMaximum: true }), [4, 5]), [true, false], JSON.stringify(outer));
    assert.equal(verdicts({ ...outer, $defs: { e: { $id: "http://x/e", $schema: D4, maximum: 5, exclusiveMaximum: true } }, $ref: "#/$defs/e" }, [4, 5]), [true, false]);
    // Draft-04 has no boolean schemas: its metaschema refuses one, where the compiler would read it.
    refused(embedded({ not: true }), "invalid-schema", "/$defs/e/not", byUri);
    // Its `id` declares resources and anchors inside it, resolved against it.
    const anchored = embedded({ definitions: { a: { id: "#a", type: "string" } }, allOf: [{ $ref: "#a" }] });
    assert.equal(verdicts(anchored, ["s", 1]), [true, false]);
    assert.equal(verdicts({ ...anchored, $ref: "http://x/e#a" }, ["s", 1]), [true, false]);
  }
  // Unreferenced, it is still checked against its own metaschema: draft-04's accepts a boolean bound.
  assert.ok(compile({ $defs: { e: { $id: "http://x/e", $schema: D4, minimum: 1, exclusiveMinimum: true } } }, options));
});

test("draft-06, draft-07 and 2019-09 embedded in 2020-12 (and in 2019-09) are read in their own dialect", () => {
  for (const outer of [{}, { $schema: D2019 }]) {
    const embedded = (dialect: string, body: object) => ({ ...outer, $defs: { e: { $id: "http://x/e", $schema: dialect, ...body } }, $ref: "http://x/e" });
    // draft-06 has no `if`.
    assert.equal(verdicts(embedded(D6, { if: { const: 1 }, then: false }), [1]), [true]);
    // draft-07 has `dependencies`, and `if`.
    assert.equal(verdicts(embedded(D7, { dependencies: { a: ["b"] } }), [{ a: 1 }, { a: 1, b: 2 }]), [false, true]);
    assert.equal(verdicts(embedded(D7, { if: { const: 1 }, then: false }), [1, 2]), [false, true]);
    // 2019-09's array-form `items`.
    assert.equal(verdicts(embedded(D2019, { items: [{ type: "string" }], additionalItems: false }), [["x"], [1], ["x", 1]]), [true, false, false]);
  }
  // 2020-12 embedded in 2019-09: prefixItems.
  assert.equal(verdicts({ $schema: D2019, $defs: { e: { $id: "http://x/e", $schema: D2020, prefixItems: [{ type: "string" }] } }, $ref: "http://x/e" }, [["x"], [1]]), [true, false]);
});

test("before 2019-09 a $schema below the root changes nothing: a draft-04 or draft-07 root reads an embedded resource in its own dialect", () => {
  const fromDraft04 = { $schema: D4, definitions: { e: { id: "http://x/e", $schema: D2020, maximum: 5, exclusiveMaximum: true } }, allOf: [{ $ref: "http://x/e" }] };
  assert.equal(verdicts(fromDraft04, [4, 5]), [true, false]);
  const fromDraft07 = { $schema: D7, definitions: { e: { $id: "http://x/e", $schema: D2020, items: [{ type: "string" }] } }, allOf: [{ $ref: "http://x/e" }] };
  assert.equal(verdicts(fromDraft07, [["x"], [1]]), [true, false]);
});

test("the walk marks an embedded resource by the identifier of the dialect around it", () => {
  const document = { $defs: { e: { $id: "http://x/e", $schema: D4, properties: { a: { id: "#a" } } }, f: { $schema: D4 } } };
  assert.equal([...walk(document, false, false).marks].sort(), ["/$defs/e", "/$defs/e/properties/a"]);
});

test.run();
