// Regression: a schema whose $schema names a custom metaschema (a document of `schemas`) was
// checked against the base dialect's metaschema only: the custom one decided the vocabularies,
// and its own constraints (a required title, a narrower type) were never applied. A schema given
// in `schemas` too, under its own $id, is one document, not two claiming one URI.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, SchemaCache, SchemaError } from "../../src/index.js";
import { MAX_CUSTOM_METASCHEMA_DEPTH } from "../../src/limits.js";

const META = "https://example.test/meta";
const meta = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: META,
  $vocabulary: { "https://json-schema.org/draft/2020-12/vocab/core": true, "https://json-schema.org/draft/2020-12/vocab/applicator": true, "https://json-schema.org/draft/2020-12/vocab/validation": true },
  $dynamicAnchor: "meta",
  allOf: [{ $ref: "https://json-schema.org/draft/2020-12/schema" }],
  required: ["title"],
  properties: { title: { type: "string", maxLength: 20 } },
};
const options = { refs: "document" as const, schemas: { [META]: meta }, cache: false as const };

function refusedAt(schema: object): [string, string] {
  try {
    compile(schema, options);
  } catch (error) {
    assert.instance(error, SchemaError);
    assert.is((error as SchemaError).code, "invalid-schema", (error as SchemaError).message);
    return [(error as SchemaError).schemaLocation, (error as SchemaError).message];
  }
  assert.unreachable(`compiled ${JSON.stringify(schema)}`);
  return ["", ""];
}

test("a custom metaschema's own constraints hold, on the root and, through its dynamic anchor, on every subschema", () => {
  const [at, message] = refusedAt({ $schema: META, type: "string" });
  assert.is(at, "");
  assert.match(message, `against its metaschema "${META}": must have required property "title"`);
  assert.is(refusedAt({ $schema: META, title: "x".repeat(21) })[0], "/title");
  assert.is(refusedAt({ $schema: META, title: "tool", properties: { a: { type: "string" } } })[0], "/properties/a");
  // The base dialect's metaschema still speaks first.
  assert.match(refusedAt({ $schema: META, title: "tool", type: "strin" })[1], "must be one of");
  const v = compile({ $schema: META, title: "tool", properties: { a: { title: "a", type: "string" } } }, options);
  assert.equal([v.isValid({ a: "x" }), v.isValid({ a: 1 })], [true, false]);
  // An embedded resource in the custom dialect, inside a plain 2020-12 schema, is held to it too.
  const embedded = { $defs: { d: { $id: "https://example.test/d", $schema: META, type: "string" } } };
  assert.is(refusedAt(embedded)[0], "/$defs/d");
});

test("a metaschema whose own subschema names it compiles (its check is not asked of it again)", () => {
  const selfish = { ...meta, $id: "https://example.test/selfish", $defs: { inner: { $id: "https://example.test/inner", $schema: "https://example.test/selfish", title: "inner" } } };
  const v = compile({ $schema: "https://example.test/selfish", title: "ok" }, { refs: "document", schemas: { "https://example.test/selfish": selfish }, cache: false });
  assert.ok(v.isValid(1));
});

test("a schema given in schemas too, under its own $id, is one document; another one there is refused", () => {
  const self = { $id: "https://example.test/s", type: "string" };
  assert.equal(compile(self, { refs: "document", schemas: { "https://example.test/s": { type: "string", $id: "https://example.test/s" } }, cache: false }).isValid(1), false);
  assert.throws(
    () => compile(self, { refs: "document", schemas: { "https://example.test/s": { $id: "https://example.test/s", type: "number" } }, cache: false }),
    (e: unknown) => e instanceof SchemaError && e.code === "duplicate-identifier",
  );
});

test("a custom metaschema under any spelling of its key (`u#`, dot segments) is found by every reader alike", () => {
  // The walk's lookup and the custom check read keys as `u` or `u#` only, the registry by the
  // resolved URI: under "https://example.test/x/../meta" the registry took the custom dialect and
  // the custom check found no document to check against.
  const metaNoId = { ...meta, $id: undefined };
  delete (metaNoId as { $id?: string }).$id;
  for (const key of [META + "#", "https://example.test/x/../meta"]) {
    const spelled = { refs: "document" as const, schemas: { [key]: metaNoId }, cache: false as const };
    assert.throws(() => compile({ $schema: META, type: "string" }, spelled), (e: unknown) => e instanceof SchemaError && e.code === "invalid-schema" && /required property "title"/.test(e.message), key);
    assert.ok(compile({ $schema: META, title: "tool", type: "string" }, spelled).isValid("s"), key);
  }
});

// Regression (hostile `schemas`, red-team): each spelling of a metaschema's URI ("…/sN/../meta")
// guarded its own recursion, so k spellings nested k! compiles (k=7: 12.7 s); each resource that
// named the metaschema compiled it again (2,000 resources over a 4,000-property metaschema: more
// than 60 s). A metaschema is now compiled once per compile, by its resource URI, and the
// compiles of metaschemas nested in it (documents that name each other) share those.
const D2020 = "https://json-schema.org/draft/2020-12/schema";
const customMeta = (id: string, $defs: Record<string, unknown> = {}) => ({ $schema: D2020, $id: id, $dynamicAnchor: "meta", allOf: [{ $ref: D2020 }], $defs });

test("a metaschema named under many spellings, or by many resources, is compiled once", () => {
  const spellings: Record<string, unknown> = {};
  for (let i = 0; i < 12; i++) spellings["x" + i] = { $id: `https://ex.test/x${i}`, $schema: `https://ex.test/s${i}/../meta` };
  let started = performance.now();
  const v = compile({ $schema: "https://ex.test/meta", type: "string" }, { refs: "document", cache: false, schemas: { "https://ex.test/meta": customMeta("https://ex.test/meta", spellings) } });
  assert.equal([v.isValid("s"), v.isValid(1)], [true, false]);
  assert.ok(performance.now() - started < 5_000, `12 spellings: ${performance.now() - started} ms`);
  const properties: Record<string, unknown> = {};
  for (let i = 0; i < 4_000; i++) properties["p" + i] = { type: "string", minLength: i };
  const $defs: Record<string, unknown> = {};
  for (let i = 0; i < 2_000; i++) $defs["x" + i] = { $id: `https://ex.test/r${i}`, $schema: "https://ex.test/meta" };
  started = performance.now();
  compile({ $defs, type: "string" }, { refs: "document", cache: false, schemas: { "https://ex.test/meta": customMeta("https://ex.test/meta", { big: { properties } }) } });
  assert.ok(performance.now() - started < 10_000, `2,000 resources: ${performance.now() - started} ms`);
});

test("metaschemas that name each other compile each once; a chain past MAX_CUSTOM_METASCHEMA_DEPTH is refused with depth", () => {
  const named = (count: number) => {
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < count; i++) {
      const $defs: Record<string, unknown> = {};
      for (let j = 0; j < count; j++) if (j !== i) $defs["x" + j] = { $id: `https://ex.test/m${i}/x${j}`, $schema: `https://ex.test/m${j}` };
      schemas[`https://ex.test/m${i}`] = customMeta(`https://ex.test/m${i}`, $defs);
    }
    return schemas;
  };
  const started = performance.now();
  const v = compile({ $schema: "https://ex.test/m0", type: "string" }, { refs: "document", cache: false, schemas: named(8) });
  assert.equal([v.isValid("s"), v.isValid(1)], [true, false]);
  assert.ok(performance.now() - started < 5_000, `8 documents: ${performance.now() - started} ms`);
  assert.throws(
    () => compile({ $schema: "https://ex.test/m0", type: "string" }, { refs: "document", cache: false, schemas: named(MAX_CUSTOM_METASCHEMA_DEPTH + 4) }),
    (error: unknown) => error instanceof SchemaError && error.code === "depth",
  );
});

// Regression (red-team): the walk read a custom metaschema's `$schema`/`$vocabulary` from the
// caller's object, and the custom check compiled that object again, while the cache key and the
// registry were made from the walk's copy. A getter answering otherwise on a later read, or a
// non-enumerable `$vocabulary` (the copy leaves it out), cached a validator the same documents
// as plain JSON then got: wrong verdicts, or a metaschema's `required` skipped. The walk's reads
// are now held to the copy (a difference is refused, "not-json"), the check compiles the copy,
// and only own enumerable members are read.
test("a custom metaschema is read once: getters and hidden members change no cached validator", () => {
  const V = (n: string) => `https://json-schema.org/draft/2020-12/vocab/${n}`;
  const full = { [V("core")]: true, [V("applicator")]: true, [V("validation")]: true };
  const base = (id: string) => ({ $schema: D2020, $id: id, $dynamicAnchor: "meta", allOf: [{ $ref: D2020 }] });
  const schema = (meta: string) => ({ $schema: meta, properties: { a: { $id: "https://ex.test/inner", $ref: "#/$defs/t", $defs: { t: { type: "string" } } } }, $defs: { t: { type: "number" } } });
  const options = (id: string, meta: unknown) => ({ refs: "document" as const, schemas: { [id]: meta } });
  // A getter whose second answer drops the applicator vocabulary.
  let reads = 0;
  const tricky = base("https://ex.test/m1");
  Object.defineProperty(tricky, "$vocabulary", { enumerable: true, get: () => (++reads === 1 ? full : { [V("core")]: true }) });
  assert.throws(() => compile(schema("https://ex.test/m1"), options("https://ex.test/m1", tricky)), (e: unknown) => e instanceof SchemaError && e.code === "not-json");
  const plain = compile(schema("https://ex.test/m1"), options("https://ex.test/m1", { ...base("https://ex.test/m1"), $vocabulary: full }));
  assert.equal([plain.isValid({ a: "s" }), plain.isValid({ a: 1 })], [true, false]);
  // A getter whose second answer drops the metaschema's own `required`.
  let asked = 0;
  const lax = base("https://ex.test/m2");
  Object.defineProperty(lax, "required", { enumerable: true, get: () => (++asked === 1 ? ["title"] : []) });
  try {
    compile({ $schema: "https://ex.test/m2", type: "string" }, options("https://ex.test/m2", lax));
  } catch {
    // refused one way or another: what matters is what is cached
  }
  assert.throws(() => compile({ $schema: "https://ex.test/m2", type: "string" }, options("https://ex.test/m2", { ...base("https://ex.test/m2"), required: ["title"] })), (e: unknown) => e instanceof SchemaError && e.code === "invalid-schema");
  // A non-enumerable $vocabulary is no member: read neither by the walk nor by the copy.
  const hidden = base("https://ex.test/m3");
  Object.defineProperty(hidden, "$vocabulary", { value: { [V("core")]: true }, enumerable: false });
  const first = compile(schema("https://ex.test/m3"), options("https://ex.test/m3", hidden));
  const again = compile(schema("https://ex.test/m3"), options("https://ex.test/m3", base("https://ex.test/m3")));
  for (const v of [first, again]) assert.equal([v.isValid({ a: "s" }), v.isValid({ a: 1 })], [true, false]);
});

// Under the default reference policy the compile of a custom metaschema (with "document") did
// not share the outer compile's walk, and read the caller's `schemas` documents again: a getter
// in a metaschema named by another answered the check otherwise than the cache key, and the
// entry then served honest callers (a hit that accepted what a compile refuses).
test("a metaschema named by another metaschema's resource is read once, under the default reference policy", () => {
  const outer = { $schema: D2020, $id: "https://ex.test/n1", $defs: { sub: { $id: "https://ex.test/n1/sub", $schema: "https://ex.test/n2" } } };
  const strict = () => ({ $schema: D2020, $id: "https://ex.test/n2", required: ["title"] });
  const schema = { $schema: "https://ex.test/n1", type: "string" };
  const cache = new SchemaCache();
  let reads = 0;
  const lax = { $schema: D2020, $id: "https://ex.test/n2" };
  Object.defineProperty(lax, "required", { enumerable: true, get: () => (++reads === 1 ? ["title"] : []) });
  const refused = (documents: Record<string, unknown>) => assert.throws(() => compile(schema, { schemas: documents, cache }), (e: unknown) => e instanceof SchemaError && e.code === "invalid-schema");
  refused({ "https://ex.test/n1": outer, "https://ex.test/n2": lax });
  assert.is(reads, 1);
  refused({ "https://ex.test/n1": outer, "https://ex.test/n2": strict() });
  assert.is(cache.stats.hits, 0);
});

// compile's maxDataDepth bounds how deep the caller's data is followed through recursive
// references. It was passed on to the custom metaschema's compile, whose data is the schema: a
// schema nested seven levels (well inside maxDepth, 64) was refused "too deep to check against
// its metaschema" under maxDataDepth 4, while under a built-in dialect it compiled.
test("maxDataDepth bounds the data, not the schema checked against a custom metaschema", () => {
  let body: object = { title: "leaf", type: "string" };
  for (let i = 0; i < 6; i++) body = { title: `level ${i}`, properties: { a: body } };
  const shallow = { ...options, maxDataDepth: 4 };
  const builtIn = compile({ $schema: "https://json-schema.org/draft/2020-12/schema", ...body }, shallow);
  const custom = compile({ $schema: META, ...body }, shallow);
  // Both still hold the data to maxDataDepth where the schema recurses, and answer alike.
  let data: unknown = "x";
  for (let i = 0; i < 6; i++) data = { a: data };
  assert.equal([builtIn.isValid(data), custom.isValid(data)], [true, true]);
  // The metaschema's own constraints still hold at every level.
  const untitled = JSON.parse(JSON.stringify(body).replace('"title":"leaf",', "")) as object;
  assert.throws(() => compile({ $schema: META, ...untitled }, shallow), (error: unknown) => error instanceof SchemaError && error.code === "invalid-schema");
});

// Regression: a metaschema given in `schemas` without a `$schema` of its own was refused as an
// "unsupported dialect" that named the five dialects, though the `dialect` option gives every
// document of `schemas` without one its dialect; and a document there in draft-07 was refused with
// the same words, which never said why it could not serve.
test("a metaschema without $schema is read in the dialect option's dialect; one that cannot serve is refused saying why", () => {
  const { $schema: _, ...unnamed } = meta;
  const schemas = { [META]: unnamed };
  assert.equal(compile({ $schema: META, title: "tool", type: "number" }, { ...options, schemas }).isValid("x"), false);
  assert.throws(() => compile({ $schema: META, type: "number" }, { ...options, schemas }), (error: unknown) => error instanceof SchemaError && error.code === "invalid-schema");
  // Without validation among its vocabularies, `type` is no keyword there.
  const applicatorOnly = { ...unnamed, $vocabulary: { "https://json-schema.org/draft/2020-12/vocab/core": true, "https://json-schema.org/draft/2020-12/vocab/applicator": true } };
  assert.equal(compile({ $schema: META, title: "tool", type: "number" }, { ...options, schemas: { [META]: applicatorOnly } }).isValid("x"), true);
  const refusal = (schemas: Record<string, unknown>, dialect?: "draft-07"): string => {
    try {
      compile({ $schema: META, title: "tool" }, { ...options, schemas, ...(dialect ? { dialect } : {}) });
    } catch (error) {
      assert.instance(error, SchemaError);
      assert.is((error as SchemaError).code, "unsupported-dialect");
      assert.is((error as SchemaError).schemaLocation, "/$schema");
      return (error as SchemaError).message;
    }
    assert.unreachable("compiled");
    return "";
  };
  assert.match(refusal({ [META]: { ...meta, $schema: "http://json-schema.org/draft-07/schema#" } }), "is written in draft-07, and a custom metaschema must be written in 2020-12 or 2019-09");
  assert.match(refusal({ [META]: unnamed }, "draft-07"), "is written in draft-07");
  assert.match(refusal({ [META]: { ...meta, $schema: "http://json-schema.org/draft-03/schema#" } }), "written in no dialect schemagate knows");
  assert.match(refusal({ [META]: [1] }), "is not a schema object");
  assert.match(refusal({}), "schemagate supports JSON Schema 2020-12, 2019-09, draft-07, draft-06 and draft-04");
});

test.run();
