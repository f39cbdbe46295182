// The schema gate: bounds at and past their limits, not-JSON input, the ref policy, dialects,
// the metaschema check, every SchemaError code with its schemaLocation, and the schema objects
// the walk marks for the registry.
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { compile, SchemaError, type SchemaErrorCode } from "../src/index.js";
import { LARGE_TEXT, walk, walkMarks } from "../src/gate/walk.js";
import { LateText, privateCopy, releaseCopy } from "../src/gate/private-copy.js";
import { DEFAULT_VOCABULARIES, DIALECT_2020_12 } from "../src/keywords/dialects.js";
import { valueAt } from "../src/json/pointer.js";
import { check, documentSchema, EARLY_KEYS, runs, schemaObjects } from "./helpers/arbitraries.js";

function refused(schema: unknown, code: SchemaErrorCode, location: string, options: Parameters<typeof compile>[1] = {}): SchemaError {
  try {
    compile(schema, { cache: false, ...options });
  } catch (error) {
    assert.instance(error, SchemaError, `expected a SchemaError, got ${String(error)}`);
    const e = error as SchemaError;
    assert.is(e.code, code, e.message);
    assert.is(e.schemaLocation, location, e.message);
    return e;
  }
  assert.unreachable(`expected SchemaError "${code}"`);
  throw new Error("unreachable");
}

/** A `not` chain: `levels` nested objects, the root included. */
function notChain(levels: number): unknown {
  let schema: Record<string, unknown> = {};
  for (let i = 1; i < levels; i++) schema = { not: schema };
  return schema;
}

const notPointer = (levels: number) => "/not".repeat(levels - 1);

test("depth: exactly 64 levels compile, 65 are refused at the 65th", () => {
  assert.ok(compile(notChain(64), { cache: false }).isValid(1) !== undefined);
  const e = refused(notChain(65), "depth", notPointer(65));
  // The option that lifts the bound is named; a long location is cut in the middle, its end kept.
  assert.match(e.message, /^schema nesting exceeds the maximum depth of 64 \(bounds\.maxDepth\) at (\/not)+\/…(\/not)+$/);
  assert.ok(e.message.length < 200, e.message);
});

test("depth: arrays count as levels too (Ruby SDK counting)", () => {
  // root(1) → allOf array(2) → schema(3) …: the object k wrappers down is at level 2k + 1.
  let schema: unknown = { enum: [] }; // the array is one level below its object
  for (let i = 0; i < 31; i++) schema = { allOf: [schema] };
  compile(schema, { cache: false }); // the object at level 63, its `enum` array at 64
  // Two more wrappers: the object 32 wrappers down is at level 65.
  refused({ allOf: [schema] }, "depth", "/allOf/0".repeat(32));
});

test("depth: configurable, and `bounds: false` lifts it", () => {
  compile(notChain(10), { cache: false, bounds: { maxDepth: 10 } });
  refused(notChain(11), "depth", notPointer(11), { bounds: { maxDepth: 10 } });
  assert.ok(compile(notChain(200), { cache: false, bounds: false }).isValid(1) === false);
});

test("depth: a 100,000-deep schema is refused with SchemaError, never a RangeError", () => {
  refused(notChain(100_000), "depth", notPointer(65));
  const text = '{"not":'.repeat(100_000) + "{}" + "}".repeat(100_000);
  refused(JSON.parse(text), "depth", notPointer(65));
  const arrays = JSON.parse('{"enum":' + "[".repeat(100_000) + "]".repeat(100_000) + "}");
  refused(arrays, "depth", "/enum" + "/0".repeat(63));
});

function wide(objects: number): Record<string, unknown> {
  // The root and `properties` are two objects; each property schema is one more.
  const properties: Record<string, unknown> = {};
  for (let i = 0; i < objects - 2; i++) properties[`p${i}`] = {};
  return { properties };
}

test("subschemas: exactly 10,000 objects compile, 10,001 are refused", () => {
  assert.ok(compile(wide(10_000), { cache: false }).isValid({ p1: 1 }));
  refused(wide(10_001), "subschemas", "/properties/p9998");
});

test("subschemas: a boolean subschema counts, a boolean in data does not", () => {
  // Each boolean subschema is compiled: 500,000 `true` properties (7.4 MB, within maxSize) took
  // seconds to compile and a fifth of a second per validate.
  const properties: Record<string, boolean> = {};
  for (let i = 0; i < 500_000; i++) properties["p" + i] = true;
  const started = performance.now();
  const error = (() => {
    try {
      compile({ properties }, { cache: false });
    } catch (thrown) {
      return thrown;
    }
  })();
  assert.instance(error, SchemaError);
  assert.is((error as SchemaError).code, "subschemas");
  assert.ok(performance.now() - started < 3000, "refused before compiling");
  refused({ allOf: [{}, true], anyOf: [false] }, "subschemas", "/anyOf/0", { bounds: { maxSubschemas: 3 } });
  refused({ items: true, not: false, properties: { a: true } }, "subschemas", "/properties/a", { bounds: { maxSubschemas: 4 } });
  compile({ allOf: [true], const: [true, false, true], enum: [true], default: true }, { cache: false, bounds: { maxSubschemas: 2 } });
});

test("subschemas: every JSON object counts, data included; configurable; lifted by bounds: false", () => {
  refused({ enum: [{}, {}, {}] }, "subschemas", "/enum/2", { bounds: { maxSubschemas: 3 } });
  compile({ enum: [{}, {}] }, { cache: false, bounds: { maxSubschemas: 3 } });
  compile(wide(10_050), { cache: false, bounds: false });
});

test("not-json: every kind of non-JSON value is refused where it stands", () => {
  class Thing {}
  const cyclic: Record<string, unknown> = { properties: {} };
  (cyclic["properties"] as Record<string, unknown>)["self"] = cyclic;
  const sparse: unknown[] = [];
  sparse[2] = 1;
  const cases: [unknown, string][] = [
    [{ const: undefined }, "/const"],
    [{ default: () => 1 }, "/default"],
    [{ const: Symbol("s") }, "/const"],
    [{ const: 10n }, "/const"],
    [{ minimum: NaN }, "/minimum"],
    [{ maximum: Infinity }, "/maximum"],
    [{ maximum: -Infinity }, "/maximum"],
    [{ default: new Date(0) }, "/default"],
    [{ default: new Map() }, "/default"],
    [{ properties: { a: new Thing() } }, "/properties/a"],
    [{ enum: sparse }, "/enum"],
    [cyclic, "/properties/self"],
    [undefined, ""],
  ];
  for (const [schema, location] of cases) refused(schema, "not-json", location);
  // A cycle is found where it closes, with the depth bound (which it runs into) and without one.
  const deep: Record<string, unknown> = { properties: {} };
  (deep["properties"] as Record<string, unknown>)["x"] = { items: [deep] };
  for (const bounds of [undefined, false] as const) {
    refused(cyclic, "not-json", "/properties/self", { bounds });
    refused(deep, "not-json", "/properties/x/items/0", { bounds });
  }
});

test("not-json: shared references are fine; throwing getters and Proxies are refused, not crashes", () => {
  const shared = { type: "string" };
  assert.ok(compile({ properties: { a: shared, b: shared } }, { cache: false }).isValid({ a: "x", b: "y" }));
  // Refused where it was read (it was the schema root's location whatever the place).
  const getter = Object.defineProperty({}, "type", { enumerable: true, get: () => { throw new Error("boom"); } });
  refused(getter, "not-json", "/type");
  const proxy = new Proxy({}, { ownKeys: () => { throw new Error("trap"); } });
  refused(proxy, "not-json", "");
  refused({ properties: { a: proxy } }, "not-json", "/properties/a");
  refused({ properties: { a: { allOf: [getter] } } }, "not-json", "/properties/a/allOf/0/type");
});

test("ref policy: a reference that does not start with # is refused before resolution", () => {
  refused({ $ref: "other.json" }, "external-ref", "/$ref");
  refused({ properties: { a: { $dynamicRef: "https://x.example/s#meta" } } }, "external-ref", "/properties/a/$dynamicRef");
  refused({ $defs: { a: { $ref: "#/$defs/b" }, b: { $ref: "b.json#/x" } } }, "external-ref", "/$defs/b/$ref");
  // With refs: "document" it is resolved, and unresolvable means unresolved-ref.
  refused({ $ref: "other.json" }, "unresolved-ref", "/$ref", { refs: "document" });
});

test("ref policy: $ref inside const, enum, default, examples or an unknown keyword is data", () => {
  const data = { $ref: "https://evil.example/x" };
  const v = compile({ const: data, enum: [data], default: data, examples: [data], "x-extension": { inner: data } }, { cache: false });
  assert.ok(v.isValid({ $ref: "https://evil.example/x" }));
  assert.not.ok(v.isValid({ $ref: "#" }));
});

test("dialect: absent or 2020-12 (http/https, with or without #) is accepted", () => {
  for (const dialect of [
    "https://json-schema.org/draft/2020-12/schema",
    "https://json-schema.org/draft/2020-12/schema#",
    "http://json-schema.org/draft/2020-12/schema",
    "http://json-schema.org/draft/2020-12/schema#",
  ]) {
    assert.ok(compile({ $schema: dialect, type: "string" }, { cache: false }).isValid("x"));
  }
});

test("dialect: a $schema naming no supported dialect is refused, draft-03 included", () => {
  for (const dialect of ["http://json-schema.org/draft-03/schema#", "http://json-schema.org/draft-08/schema#", "https://example.com/mine", "toString"]) {
    const e = refused({ $schema: dialect }, "unsupported-dialect", "/$schema");
    assert.match(e.message, /unsupported dialect/);
  }
});

test("vocabulary: a custom metaschema requiring an unknown vocabulary is refused", () => {
  const meta = {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: "https://example.com/meta",
    $vocabulary: { "https://json-schema.org/draft/2020-12/vocab/core": true, "https://example.com/vocab/mine": true },
  };
  refused({ $schema: "https://example.com/meta" }, "unsupported-vocabulary", "/$schema", { schemas: { "https://example.com/meta": meta } });
});

test("metaschema: draft-04 habits and bad values are invalid schemas, with errors pointing into the schema", () => {
  const cases: [unknown, string][] = [
    [{ minimum: 1, exclusiveMinimum: true }, "/exclusiveMinimum"],
    [{ items: [{ type: "string" }] }, "/items"],
    [{ type: "strng" }, "/type"],
    [{ minLength: "5" }, "/minLength"],
    [{ multipleOf: 0 }, "/multipleOf"],
    [{ properties: { a: { required: true } } }, "/properties/a/required"],
    [{ $defs: { a: 1 } }, "/$defs/a"],
  ];
  for (const [schema, location] of cases) {
    const e = refused(schema, "invalid-schema", location);
    assert.ok(e.errors !== undefined && e.errors.length > 0);
    assert.ok(e.errors!.some((unit) => unit.instanceLocation === location), JSON.stringify(e.errors));
    assert.match(e.message, /invalid schema/);
  }
});

test("metaschema: documents given in `schemas` are checked when a reference reaches them", () => {
  refused({ $ref: "https://example.com/a" }, "invalid-schema", "/type", { refs: "document", schemas: { "https://example.com/a": { type: 5 } } });
});

test("invalid-regex and unresolved-ref name the keyword", () => {
  refused({ properties: { a: { pattern: "(" } } }, "invalid-regex", "/properties/a/pattern");
  refused({ properties: { a: { $ref: "#/$defs/missing" } } }, "unresolved-ref", "/properties/a/$ref");
  refused({ $ref: "#nowhere" }, "unresolved-ref", "/$ref");
});

test("an unused $defs entry is compiled too: its bad regex or dangling $ref is refused", () => {
  refused({ $defs: { unused: { pattern: "(" } } }, "invalid-regex", "/$defs/unused/pattern");
  refused({ $defs: { unused: { $ref: "#/$defs/missing" } } }, "unresolved-ref", "/$defs/unused/$ref");
});

test("bounds options are checked", () => {
  assert.throws(() => compile({}, { bounds: { maxDepth: 0 } }), RangeError);
  assert.throws(() => compile({}, { bounds: { maxSubschemas: 1.5 } }), RangeError);
  // Regression: a maxSubschemas past 2^43 made the default maxSize (1,024 a subschema) Infinity,
  // refused as "bounds.maxSize must be a positive integer", a limit the caller never gave.
  for (const maxSubschemas of [2 ** 53 - 1, 1e300, 2e305]) assert.ok(compile({ type: "string" }, { cache: false, bounds: { maxSubschemas } }).isValid("s"), String(maxSubschemas));
  assert.throws(() => compile({}, { bounds: { maxSubschemas: Infinity } }), (e: unknown) => e instanceof RangeError && e.message === "bounds.maxSubschemas must be a positive integer, not Infinity (bounds: false lifts every bound)");
});

/** The reference canonical text: JSON.stringify with every object's keys sorted by code unit. */
function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => JSON.stringify(k) + ":" + sortedJson((value as Record<string, unknown>)[k])).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** A document as large as `value` and enough text before it that the walk makes the copy instead of writing the text. */
const large = (value: unknown): unknown[] => ["f".repeat(LARGE_TEXT), [value]];

/** The canonical text's length with every key and string written unescaped (how a copying walk counts: walk-text.ts). */
function unescapedLength(value: unknown): number {
  if (typeof value === "string") return value.length + 2;
  if (Array.isArray(value)) return 2 + Math.max(0, value.length - 1) + value.reduce((n: number, item) => n + unescapedLength(item), 0);
  if (typeof value !== "object" || value === null) return JSON.stringify(value).length;
  const entries = Object.entries(value);
  return 2 + Math.max(0, entries.length - 1) + entries.reduce((n, [key, item]) => n + key.length + 3 + unescapedLength(item), 0);
}

test("the canonical text is JSON with sorted keys, for any JSON (escapes, lone surrogates, -0, many keys)", () => {
  const text = fc.oneof(fc.string(), fc.string({ unit: "binary" }), fc.constantFrom('"', "\\", "\u0000", "\ud800", "\udc00x", "😀", "\u2028", "0", "10", "9", "01", "4294967295", "4294967294"));
  const json = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: "small" }, text, fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null), tie("array"), tie("object")),
    array: fc.array(tie("value"), { maxLength: 5 }),
    object: fc.dictionary(text, tie("value"), { maxKeys: 16 }),
  })).value;
  check(
    fc.property(json, (value) => {
      // Written as text (a small document), and made as a copy then written (a large one).
      for (const document of [value, large(value)]) {
        const walked = walk(document, false, true, "p|");
        assert.is(walked.canonical, sortedJson(document));
        // The cache key: the prefix and the document as one JSON array (unambiguous, one string with
        // the text); a copied document's, the prefix and a digest of the text with its length,
        // counted with keys and strings unescaped (far from maxSize).
        const whole = `[${JSON.stringify("p|")},${walked.canonical}]`;
        const counted = `[${JSON.stringify("p|")},`.length + unescapedLength(document);
        if (typeof walked.text === "string") assert.is(walked.keyed, whole);
        else assert.match(walked.keyed!, new RegExp(`^\\[${JSON.stringify("p|").replace("|", "\\|")},#[0-9a-z]+:${counted}\\]$`));
        assert.is(walked.size, typeof walked.text === "string" ? whole.length : counted);
        // Without a prefix (compile without a cache) no key is written; the text is the same.
        const unkeyed = walk(document, false, true);
        assert.is(unkeyed.keyed, undefined);
        assert.is(unkeyed.canonical, walked.canonical);
        assert.equal(JSON.parse(walked.canonical), JSON.parse(JSON.stringify(document)));
        // The private copy is that value too; a copy the walk made is handed out once, then copies are parsed.
        const copy = privateCopy(walked);
        assert.is(sortedJson(copy), walked.canonical);
        if (typeof copy === "object" && copy !== null) assert.is.not(privateCopy(walked), copy);
        // A text of maxSize characters is within bounds, written or only counted.
        assert.is(walk(document, { maxDepth: 1000, maxSubschemas: 1e6, maxSize: walked.canonical.length }, true, "p|").canonical, walked.canonical);
      }
    }),
    runs(300),
  );
});

test("a large document is walked as a copy, a small one as text", () => {
  const walked = walk(large({ "10": 1, "9": 2 }), false, true);
  assert.ok(typeof walked.copy === "object" && walked.copy !== null, "the walk made the copy");
  assert.ok(walked.canonical.endsWith(',[{"10":1,"9":2}]]'), "keys in code-unit order, array indices too");
  const small = walk({ a: 1 }, false, true);
  assert.is.not(typeof small.copy, "object");
  assert.is(small.canonical, '{"a":1}');
});

test("a copied document's text is written when first read; its key is a digest, the same for the same document", () => {
  const document = large({ b: [1, "é", "x".repeat(100)], a: { d: null, c: true } });
  const walked = walk(document, false, true, "p|");
  assert.ok(walked.text instanceof LateText, "no text written by the walk");
  const again = walk(structuredClone(document), false, true, "p|");
  assert.is(again.keyed, walked.keyed, "equal documents, equal keys");
  assert.is.not(walk(large({ b: [1, "é", "y".repeat(100)], a: { d: null, c: true } }), false, true, "p|").keyed, walked.keyed, "a sampled character changed");
  assert.ok((walked.text as LateText).matches(privateCopy(again)), "the same document matches");
  const text = walked.canonical;
  assert.is(text, sortedJson(document));
  assert.is(walked.canonical, text, "read once, the same string after");
  // Writing the text keeps the copy, which still compares the next document.
  assert.ok((walked.text as LateText).matches(privateCopy(walk(structuredClone(document), false, true, "p|"))));
  assert.not.ok((walked.text as LateText).matches(privateCopy(walk(large({ b: [1] }), false, true, "p|"))));
});

test("a copied document's marked objects are the copy's own, at their pointers, and resolve as a small document's do", () => {
  const schema = {
    $defs: {
      "a/b": { $id: "https://example.com/inner", $defs: { "~t": { type: "integer" } }, $ref: "#/$defs/~0t" },
      list: { prefixItems: [{ $ref: "#/$defs/a~1b" }] },
    },
    properties: { x: { $ref: "#/$defs/a~1b" }, y: { $ref: "#proto" }, z: { $ref: "https://example.com/inner#/$defs/~0t" } },
    description: "d".repeat(LARGE_TEXT),
  };
  // An own "__proto__" key, as JSON.parse makes it (a literal's would set the prototype).
  Object.defineProperty(schema.$defs, "__proto__", { value: { $anchor: "proto", type: "string" }, enumerable: true, configurable: true, writable: true });
  const walked = walk(schema, false, false);
  assert.ok(walked.marked !== undefined && walked.marked.length === walked.marks.length && walked.marks.length >= 6, "a copy mode walk hands its marked objects over");
  const marked = walked.marked!;
  const copy = privateCopy(walked);
  walked.marks.forEach((ptr, i) => assert.ok(marked[i] === valueAt(copy, ptr), `the copy's own object at ${ptr}`));
  assert.is(walked.marked, undefined, "taking the copy lets go of its objects (a kept Walked holds none of them)");
  const kept = walk(schema, false, false);
  releaseCopy(kept);
  assert.is(kept.marked, undefined, "so does releasing it");
  assert.is(walk({ $ref: "#" }, false, true).marked, undefined, "a text mode walk has no copy to hand over");
  const small = { ...schema, description: "d" };
  for (const instance of [{ x: 1, y: "s", z: 2 }, { x: "1" }, { y: 1 }, { z: "2" }]) {
    const options = { cache: false, refs: "document" } as const;
    assert.equal(compile(schema, options).validate(instance), compile(small, options).validate(instance), JSON.stringify(instance));
  }
});

test("walkMarks finds a walk's marks and hands over the walked document's own objects at them", () => {
  const inner = { $id: "https://example.com/inner", $defs: { "~t": { type: "integer" } }, $ref: "#/$defs/~0t" };
  const schema = { properties: { x: { $ref: "#/$defs/a~1b" }, y: { $ref: "#/$defs/list" } }, $defs: { list: { prefixItems: [{ $ref: "#" }] }, "a/b": inner } };
  const use = { dialect: DIALECT_2020_12, vocabularies: DEFAULT_VOCABULARIES };
  for (const document of [schema, { ...schema, description: "d".repeat(LARGE_TEXT) }]) {
    const found = walkMarks(document, { maxDepth: 64, maxSubschemas: 100, maxSize: 1e7 }, false, use, (uri) => (uri === DIALECT_2020_12.uri ? use : undefined));
    assert.equal(found.marks, walk(document, false, false).marks);
    assert.ok(found.marked !== undefined && found.marked.length === found.marks.length && found.marks.length === 4);
    found.marks.forEach((ptr, i) => assert.ok(found.marked![i] === valueAt(document, ptr), `the document's own object at ${ptr}`));
    // Near maxSize the count must be exact: walked again, its marks without objects (they may be a copy's).
    const near = walkMarks(document, { maxDepth: 64, maxSubschemas: 100, maxSize: JSON.stringify(document).length }, false, use, () => undefined);
    assert.equal(near.marks, found.marks);
    assert.is(near.marked, undefined);
  }
});

test("a large document with aliased containers is written as text, not copied", () => {
  let a: unknown[] = [0];
  for (let i = 0; i < 16; i++) a = [a, a];
  const walked = walk({ const: a }, false, true);
  assert.ok(walked.canonical.length > LARGE_TEXT);
  assert.is.not(typeof walked.copy, "object", "a copy would copy each alias again");
  assert.equal(privateCopy(walked), JSON.parse(JSON.stringify({ const: a })));
});

test("maxSize refuses at the same string whether the text is written or only counted", () => {
  // Escapes before the string: counted unescaped, the copy would end 300 characters short of the bound.
  const escapes = { a: "\u0001".repeat(50), b: "xyz", c: 1 };
  for (const [document, at] of [[{ a: "xyz", b: 1 }, "/a"], [large({ a: "xyz", b: 1 }), "/1/0/a"], [large(escapes), "/1/0/b"]] as const) {
    // One character less than the text up to the end of "xyz": that string is past the bound.
    const maxSize = walk(document, false, true).canonical.indexOf('"xyz"') + 4;
    assert.is(refusedAt(() => walk(document, { maxDepth: 64, maxSubschemas: 100, maxSize }, true)), `size at ${at}`);
    // One more fits that string; the text after it (closing brackets too) is refused at its end,
    // and the whole text fits exactly.
    assert.is(refusedAt(() => walk(document, { maxDepth: 64, maxSubschemas: 100, maxSize: maxSize + 1 }, true)), "size at ");
    const whole = walk(document, false, true).canonical.length;
    assert.is(refusedAt(() => walk(document, { maxDepth: 64, maxSubschemas: 100, maxSize: whole }, true)), undefined);
    assert.is(refusedAt(() => walk(document, { maxDepth: 64, maxSubschemas: 100, maxSize: whole - 1 }, true)), "size at ");
  }
  // Near the bound a copy is counted exactly, as its key and size show.
  const document = large(escapes);
  const exact = walk(document, { maxDepth: 64, maxSubschemas: 100, maxSize: JSON.stringify(document).length }, true, "p|");
  assert.ok(exact.text instanceof LateText, "copied");
  assert.is(exact.size, `["p|",`.length + JSON.stringify(document).length);
  assert.is(walk(document, false, true, "p|").size, `["p|",`.length + unescapedLength(document), "far from it, unescaped");
});

function refusedAt(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof SchemaError ? `${error.code} at ${error.schemaLocation}` : String(error);
  }
}

test("a toJSON on the prototypes changes neither a large document's canonical text nor its copy", () => {
  // No array index among its keys: its text is JSON.stringify's unless a toJSON is about.
  const value = large(JSON.parse(`{"b":[{"a":{"toJSON":3}}],"a":-0,"__proto__":{"x":"é\\u2028"}}`));
  const clean = walk(value, false, true);
  const proto = Array.prototype as unknown as { toJSON?: unknown };
  proto.toJSON = () => "polluted";
  try {
    const polluted = walk(value, false, true);
    assert.is(polluted.canonical, clean.canonical);
    const copy = (privateCopy(polluted) as unknown[][])[1]![0];
    assert.ok(Object.getPrototypeOf(copy) === Object.prototype && Object.hasOwn(copy as object, "__proto__"), "the copy's objects are plain");
  } finally {
    delete proto.toJSON;
  }
  assert.is(clean.canonical, sortedJson(value));
  assert.ok(Object.hasOwn((privateCopy(clean) as unknown[][])[1]![0] as object, "__proto__"), "an own __proto__ key stays a key");
  assert.ok(!Object.hasOwn(Object.prototype, "x"), "nothing reached the prototype");
});

// ---------------------------------------------------------------------------------------------
// Marking: the walk lists every schema object that declares an identifier or a reference (the
// registry reads only those), and nothing else.

/** The keywords that identify or reference in 2020-12 (Core §8.2, §8.2.3). */
const MARKED_2020_12 = ["$id", "$anchor", "$dynamicAnchor", "$ref", "$dynamicRef"];

/** What is added to a generated document: a marked keyword in a schema object, or one inside data (never marked). */
const addition = fc.oneof(
  fc.record({ where: fc.nat(), key: fc.constantFrom(...MARKED_2020_12), early: fc.constantFrom(...EARLY_KEYS, undefined) }),
  fc.record({ where: fc.nat(), data: fc.constantFrom("const", "default", "x-unknown", ...EARLY_KEYS) }),
);
const VALUES: Record<string, string> = { $id: "id-marked", $anchor: "marked", $dynamicAnchor: "marked", $ref: "#", $dynamicRef: "#dyn" };

test("the marked keywords are the identifiers and references of 2020-12", () => {
  assert.equal(DIALECT_2020_12.marked.map((k) => k.name).sort(), [...MARKED_2020_12].sort());
});

test("property: every schema object declaring an identifier or a reference is marked by the walk, and nothing else is", () => {
  check(
    fc.property(documentSchema, fc.array(addition, { maxLength: 4 }), (generated, additions) => {
      const document = structuredClone(generated);
      for (const add of additions) {
        const objects = schemaObjects(document);
        const [, target] = objects[add.where % objects.length]!;
        if ("key" in add) {
          // Beside a key that sorts before "$" (the object is then read past that key).
          if (add.early !== undefined) target[add.early] = 0;
          target[add.key] = VALUES[add.key];
        } else target[add.data] = { $ref: "https://elsewhere.test/x", $id: "https://elsewhere.test/y", $anchor: "data", properties: { a: { $ref: "#" } } };
      }
      const expected = schemaObjects(document)
        .filter(([, object]) => MARKED_2020_12.some((key) => Object.hasOwn(object, key)))
        .map(([at]) => at)
        .sort();
      const { marks } = walk(document, false, false);
      assert.equal([...marks].sort(), expected, JSON.stringify(document));
    }),
    runs(300),
  );
});

test("lifted bounds: a document deeper than the stack is a SchemaError, never a RangeError", () => {
  const e = refused(notChain(200_000), "depth", "", { bounds: false });
  assert.match(e.message, "too deep");
});

test("lifted bounds: a wide allOf, anyOf or oneOf compiles (no list is spread onto the stack)", () => {
  // A probe found 200,000 booleans in allOf threw a RangeError from the compile: the lists were
  // spread into one before their length was checked.
  const trues = Array(200_000).fill(true);
  assert.is(compile({ allOf: trues, anyOf: [true], oneOf: [true] }, { bounds: false, cache: false }).isValid(1), true);
});

test("maxSize counts the whole JSON text, closing brackets and last scalars included", () => {
  // A probe found `{"not":{"not":{"not":{}}}}` (26 characters) accepted under maxSize 24: the
  // closing brackets were never counted.
  for (const [schema, length] of [[{ not: { not: { not: {} } } }, 26], [{ enum: [1, 2, 3, 4, 5, 6, 7, 8, 9] }, 28], [{ a: [[[[true]]]] }, 18]] as const) {
    assert.is(JSON.stringify(schema).length, length);
    compile(schema, { bounds: { maxSize: length }, cache: false });
    assert.throws(() => compile(schema, { bounds: { maxSize: length - 1 }, cache: false }), (e: unknown) => e instanceof SchemaError && e.code === "size", JSON.stringify(schema));
  }
});

test("a valid schema too deep for the stack under lifted bounds is refused as depth, not invalid", () => {
  // A probe found 1,000 nested `not` under maxDepth 2,000 refused as "invalid-schema" (the
  // metaschema check ran out of stack, and its `$depth` unit read as the schema's error).
  const nested = (levels: number): unknown => {
    let schema: unknown = {};
    for (let i = 0; i < levels; i++) schema = { not: schema };
    return schema;
  };
  compile(nested(200), { bounds: { maxDepth: 10_000, maxSubschemas: 100_000 }, cache: false });
  for (const levels of [1_000, 1_500, 3_000]) {
    assert.throws(() => compile(nested(levels), { bounds: { maxDepth: 10_000, maxSubschemas: 100_000 }, cache: false }), (e: unknown) => e instanceof SchemaError && e.code === "depth", `${levels} levels`);
  }
});

test.run();
