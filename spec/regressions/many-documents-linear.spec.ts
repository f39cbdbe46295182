// Regression (red-team probe of the public API): a reference that no `schemas` document holds
// makes link() read every document (README: "a URI no document read so far holds reads every
// `schemas` document not read yet"), and compile then found each read document's registry entry
// by a search of them all: 40,000 documents took 9 to 12 s to refuse one missing $ref, 80,000
// took 100 s, and a refusal is never cached, so each attempt paid again. Found by root in a map
// now; the claims check (link.ts) found each claim's document the same way.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, SchemaError } from "../../src/index.js";

const documents = (n: number): Record<string, unknown> => {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) schemas[`https://example.test/s${i}`] = {};
  return schemas;
};

test("a missing reference among 60,000 documents is refused in time linear in them", () => {
  const schemas = documents(60_000);
  const started = performance.now();
  assert.throws(() => compile({ $ref: "https://example.test/missing" }, { refs: "document", schemas, cache: false }), (error: unknown) => error instanceof SchemaError && error.code === "unresolved-ref");
  const elapsed = performance.now() - started;
  assert.ok(elapsed < 5000, `${elapsed.toFixed(0)} ms`);
});

test("reading every document, one declared under its key and $id is one claim; two claiming one URI are refused", () => {
  const one = { ...documents(2_000), "https://example.test/a": { $id: "https://example.test/a", type: "string" } };
  const refused = (schemas: Record<string, unknown>, code: string) =>
    assert.throws(() => compile({ $ref: "https://example.test/missing" }, { refs: "document", schemas, cache: false }), (error: unknown) => error instanceof SchemaError && error.code === code);
  refused(one, "unresolved-ref");
  refused({ ...one, "https://example.test/b": { $id: "https://example.test/a", type: "number" } }, "duplicate-identifier");
});

test.run();
