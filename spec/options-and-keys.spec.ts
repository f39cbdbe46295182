// Regressions: `schemas` keys that name one resource ("u" and "u#") collided silently, the key
// sorting last winning, and a key spelt with dot segments was never found; compile options of the
// wrong kind (null options, bounds, formats, cache, dialect) threw unrelated internal errors or
// were silently taken.
import { createContext, runInContext } from "node:vm";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, SchemaCache, SchemaError } from "../src/index.js";

const twoDocuments = (error: unknown): boolean => error instanceof SchemaError && error.code === "duplicate-identifier" && error.message.includes("declared by two documents");

/** A TypeError whose message starts with the option's name and names the wrong value's kind. */
const namesOption = (option: string, kind: string) => (error: unknown): boolean =>
  error instanceof TypeError && error.message.startsWith(`${option} must be`) && error.message.endsWith(`not ${kind}`);

const kind = (value: unknown): string => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);

test("schemas keys that differ by an empty fragment or dot segments are one URI: different documents are refused", () => {
  const string = { type: "string" };
  const number = { type: "number" };
  for (const schemas of [
    { "http://x/a": string, "http://x/a#": number },
    { "http://x/a#": string, "http://x/a": number },
    { "http://x/a": string, "http://x/b/../a": number },
    { "http://x/./a#": string, "http://x/a": number },
  ]) {
    for (const schema of [{ allOf: [{ $ref: "http://x/a" }, { $ref: "http://x/a#" }] }, { $ref: "http://x/a" }]) {
      assert.throws(() => compile(schema, { refs: "document", schemas, cache: false }), twoDocuments, JSON.stringify([schemas, schema]));
    }
  }
});

test("schemas keys that name one URI with the same document are taken once", () => {
  const schemas = { "http://x/a": { type: "string", minLength: 2 }, "http://x/a#": { minLength: 2, type: "string" } };
  const v = compile({ allOf: [{ $ref: "http://x/a" }, { $ref: "http://x/a#" }] }, { refs: "document", schemas, cache: false });
  assert.equal([v.isValid("ss"), v.isValid("s"), v.isValid(1)], [true, false, false]);
  // A key another document's $id holds is still refused, however the key is spelt.
  assert.throws(() => compile({ $id: "http://x/a", $ref: "http://x/a#" }, { refs: "document", schemas: { "http://x/./a#": { type: "string" } }, cache: false }), twoDocuments);
});

test("a schemas key is found by the URI references resolve to", () => {
  const v = compile({ $ref: "http://x/a" }, { refs: "document", schemas: { "http://x/b/../a": { type: "string" } }, cache: false });
  assert.equal([v.isValid("s"), v.isValid(1)], [true, false]);
  const relative = compile({ $ref: "other.json" }, { refs: "document", schemas: { "./other.json#": { type: "string" } }, cache: false });
  assert.equal([relative.isValid("s"), relative.isValid(1)], [true, false]);
});

test("compile(schema, null) is compile(schema); other non-object options are a TypeError", () => {
  assert.equal(compile({ type: "string" }, null as never).isValid(1), false);
  assert.equal(compile({ type: "string" }, null as never).isValid("s"), true);
  for (const bad of [5, "x", true, [], () => ({})]) {
    assert.throws(() => compile({}, bad as never), (e: unknown) => e instanceof TypeError && e.message === `compile's options must be an object, not ${kind(bad)}`, String(bad));
  }
});

test("options that are objects of another kind (a Map, a Promise, a class instance) are refused, not taken as the defaults", () => {
  class Options {
    refs = "document";
  }
  const kinds: [unknown, string][] = [
    [new Map([["refs", "document"]]), "a Map (Object.fromEntries(map) makes one)"],
    [Promise.resolve({}), "a Promise (await it first)"],
    [new Options(), "an instance of Options"],
    [new Set(), "an instance of Set"],
    [Object.create({ refs: "document" }), "an object with a prototype of its own (inherited members are no options: spread it, { ...options })"],
    // Defaults made with no prototype: isJsonObject took theirs for another realm's Object.prototype (redact dropped).
    [Object.create(Object.assign(Object.create(null) as object, { redact: true })), "an object with a prototype of its own (inherited members are no options: spread it, { ...options })"],
  ];
  const v = compile({ type: "string" }, { cache: false });
  for (const [options, said] of kinds) {
    const refused = (by: string) => (e: unknown) => e instanceof TypeError && e.message === `${by}'s options must be a plain object, not ${said}`;
    assert.throws(() => compile({}, options as never), refused("compile"), said);
    assert.throws(() => v.validate(1, options as never), refused("validate"), said);
    assert.throws(() => v.assert("s", options as never), refused("assert"), said);
    assert.throws(() => new SchemaCache(options as never), refused("SchemaCache"), said);
  }
  // Inherited but not enumerable (defineProperty): taken, the secret was in the message.
  const hidden = Object.defineProperty(Object.create(null) as object, "redact", { value: true });
  assert.throws(() => v.validate(1, Object.create(hidden) as never), (e: unknown) => e instanceof TypeError && /prototype of its own/.test((e as Error).message));
  // Another realm's object is plain, even where that realm's Object.prototype has a name set (it is no option).
  const realm = createContext({});
  runInContext("Object.prototype.extra = 1", realm);
  const foreign = runInContext("({ redact: true, maxErrors: 1 })", realm) as object;
  const hiddenValue = compile({ type: "string", pattern: "^[A-Z]" }, { cache: false }).validate("secret-password", foreign as never);
  assert.ok(!hiddenValue.valid && !hiddenValue.errors[0]!.error.includes("secret"), JSON.stringify(hiddenValue));
  const nullDefaults = Object.assign(Object.create(null) as object, { "email": () => false });
  assert.throws(() => compile({}, { formats: Object.create(nullDefaults) as never, cache: false }), (e: unknown) => e instanceof TypeError && /^formats must be a plain object of checkers by name, not an object with a prototype of its own/.test((e as Error).message));
  // Plain ones, with no prototype or Object.prototype, are read as before.
  assert.is(compile({ type: "string" }, Object.assign(Object.create(null) as object, { cache: false as const })).isValid("s"), true);
});

test("bounds: an object of limits or false, else a TypeError naming it", () => {
  for (const bad of [null, true, 0, "x", [], 5]) {
    assert.throws(() => compile({}, { bounds: bad as never, cache: false }), namesOption("bounds", kind(bad)), String(bad));
  }
  // A limit given as null is refused as any limit that is no number is, not taken as the default.
  assert.throws(() => compile({}, { bounds: { maxDepth: null } as never, cache: false }), (e: unknown) => e instanceof TypeError && e.message === "bounds.maxDepth must be a positive integer, not null");
  assert.throws(() => compile({}, { bounds: { maxDepth: "5" } as never, cache: false }), (e: unknown) => e instanceof TypeError && e.message === "bounds.maxDepth must be a positive integer, not string");
  // A misspelt limit left the one meant at its default; a Map held none to read.
  assert.throws(() => compile({}, { bounds: { maxdepth: 5 } as never, cache: false }), (e: unknown) => e instanceof TypeError && e.message === 'bounds has no limit "maxdepth": its limits are maxDepth, maxSubschemas, maxSize');
  assert.throws(() => compile({}, { bounds: new Map([["maxDepth", 5]]) as never, cache: false }), (e: unknown) => e instanceof TypeError && /^bounds must be a plain object of limits or false, not a Map/.test((e as Error).message));
  assert.ok(compile({}, { bounds: {}, cache: false }).isValid(1));
  assert.ok(compile({}, { bounds: false, cache: false }).isValid(1));
  assert.throws(() => compile({ not: { not: {} } }, { bounds: { maxDepth: 2 }, cache: false }), (e: unknown) => e instanceof SchemaError && e.code === "depth");
});

test("formats: an object of checkers by name, else a TypeError naming it", () => {
  for (const bad of [null, [], 5, "x", true]) {
    assert.throws(() => compile({}, { formats: bad as never, cache: false }), namesOption("formats", kind(bad)), String(bad));
  }
  const even = compile({ format: "even" }, { formats: { even: (s: string) => s.length % 2 === 0 }, cache: false });
  assert.equal([even.isValid("ab"), even.isValid("a")], [true, false]);
});

test("cache: a SchemaCache or false, else a TypeError naming it", () => {
  for (const bad of [{}, null, true, 5, new Map(), { get: () => undefined, set: () => undefined }]) {
    assert.throws(() => compile({}, { cache: bad as never }), namesOption("cache", kind(bad)), String(bad));
  }
  const cache = new SchemaCache();
  compile({ type: "string" }, { cache });
  compile({ type: "string" }, { cache });
  assert.equal([cache.stats.misses, cache.stats.hits], [1, 1]);
  class Counted extends SchemaCache {}
  const counted = new Counted();
  compile({ type: "string" }, { cache: counted });
  assert.is(counted.stats.size, 1);
  assert.ok(compile({}, { cache: false }).isValid(1));
  // Made from the prototype without the constructor: its methods would throw "Receiver must be an
  // instance of class", naming no option.
  for (const forged of [Object.create(SchemaCache.prototype), Object.create(Counted.prototype)]) {
    assert.throws(() => compile({ type: "string" }, { cache: forged }), (e: unknown) => e instanceof TypeError && e.message.startsWith("cache must be a SchemaCache or false, not an object made from SchemaCache.prototype without its constructor"));
  }
});

test("dialect: a string, else a TypeError naming it; an unknown name stays a SchemaError", () => {
  for (const bad of [null, Symbol("d"), 7, {}, []]) {
    assert.throws(() => compile({}, { dialect: bad as never, cache: false }), namesOption("dialect", kind(bad)), String(bad));
  }
  assert.throws(() => compile({}, { dialect: "draft-03", cache: false }), (e: unknown) => e instanceof SchemaError && e.code === "unsupported-dialect");
  assert.is(compile({}, { dialect: "draft-07", cache: false }).dialect, "draft-07");
});

test.run();
