// Regression: compile()'s `refs` took any value but "fragment" as "document" (a typo such as
// "none" or "Fragment" opened the policy to the documents in `schemas`); `schemas: null`,
// validate(data, 5) and validate(data, null) threw an unrelated TypeError ("Cannot use 'in'
// operator"), and an unknown `output` gave a tree as if it were "detailed".
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, SchemaError } from "../../src/index.js";

const external = { $ref: "other.json" };
const schemas = { "other.json": { type: "string" } };

test("refs: only the two values; any other is a TypeError naming the option", () => {
  for (const refs of ["none", "Fragment", "fragments", "", false, null, 0]) {
    assert.throws(() => compile(external, { refs: refs as never, schemas, cache: false }), (e: unknown) => e instanceof TypeError && e.message.startsWith("refs must be"), String(refs));
  }
  assert.throws(() => compile(external, { refs: "fragment", schemas, cache: false }), (e: unknown) => e instanceof SchemaError && e.code === "external-ref");
  assert.throws(() => compile(external, { schemas, cache: false }), (e: unknown) => e instanceof SchemaError && e.code === "external-ref");
  assert.equal(compile(external, { refs: "document", schemas, cache: false }).isValid(1), false);
});

test("schemas: an object of documents, else a TypeError naming it", () => {
  for (const bad of [null, [], 5, "x"]) {
    assert.throws(() => compile({}, { refs: "document", schemas: bad as never, cache: false }), (e: unknown) => e instanceof TypeError && e.message.startsWith("schemas must be"), String(bad));
  }
});

// Regression (red-team probe of the API): a Map of `schemas` was taken and read as holding no
// document (the $ref then "unresolved", blaming the schema), and `formats` given as a Promise (a
// forgotten await of import("schemagate/formats")), a Set or a class instance switched every format
// check off, as a Map of formats (refused already) would have.
test("schemas and formats: a Map, Set, Promise or class instance is a TypeError naming what it is", () => {
  const kinds: [unknown, string][] = [
    [new Map([["other.json", { type: "string" }]]), "a Map (Object.fromEntries(map) makes one)"],
    [new Set(), "an instance of Set"],
    [Promise.resolve({}), "a Promise (await it first)"],
    [new (class Registry {})(), "an instance of Registry"],
    // Unnamed: it was "an instance of Object", which says the opposite of what is wrong.
    [new (class {})(), "an instance of an unnamed class"],
  ];
  for (const [bad, said] of kinds) {
    assert.throws(() => compile(external, { refs: "document", schemas: bad as never, cache: false }), (e: unknown) => e instanceof TypeError && e.message === `schemas must be a plain object of documents by URI, not ${said}`, said);
    assert.throws(() => compile({ format: "email" }, { formats: bad as never, cache: false }), (e: unknown) => e instanceof TypeError && e.message === `formats must be a plain object of checkers by name, not ${said}`, said);
  }
  // Plain objects, prototype-less ones and frozen ones are taken.
  const documents = Object.assign(Object.create(null) as Record<string, unknown>, schemas);
  assert.equal(compile(external, { refs: "document", schemas: documents, cache: false }).isValid(1), false);
  const checkers = Object.freeze({ email: (s: string) => s.includes("@") });
  assert.equal(compile({ format: "email" }, { formats: checkers, cache: false }).isValid("x"), false);
});

test("validate's options: null is none; another non-object or an unknown output is a TypeError", () => {
  const v = compile({ type: "string" }, { cache: false });
  assert.equal(v.validate(1, null as never), v.validate(1));
  assert.equal(v.validate("s", null as never), { valid: true });
  assert.not.throws(() => v.assert("s", null as never));
  for (const bad of [5, "basic", true]) {
    assert.throws(() => v.validate(1, bad as never), (e: unknown) => e instanceof TypeError && e.message.startsWith("validate's options must be"), String(bad));
  }
  for (const output of ["bogus", "Basic", 1]) {
    assert.throws(() => v.validate(1, { output } as never), (e: unknown) => e instanceof TypeError && e.message.startsWith("output must be"), String(output));
  }
  assert.equal(v.validate(1, { output: undefined } as never), v.validate(1));
});

test.run();
