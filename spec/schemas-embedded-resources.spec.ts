// A resource embedded in a `schemas` document (an `$id` below its root) is found by its URI, as a
// resource embedded in the schema is: a reference to a URI that no document read so far holds
// reads the `schemas` documents not read yet, in turn, until one declares it. (The CLI's -r files
// are such documents: an `$id` inside one was "unresolved-ref".)
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, SchemaError } from "../src/index.js";
import { assertOutput, file, run } from "./cli-harness.js";

const E1 = { $id: "https://example.com/e1", $defs: { x: { $id: "https://example.com/emb", type: "string" }, y: { $id: "rel.json", minimum: 3 } } };

function refusal(fn: () => unknown): SchemaError {
  try {
    fn();
  } catch (error) {
    if (error instanceof SchemaError) return error;
    throw error;
  }
  throw new Error("not refused");
}

test("a reference names a resource embedded in a schemas document, by an absolute or a relative $id", () => {
  const v = compile({ properties: { a: { $ref: "https://example.com/emb" }, b: { $ref: "https://example.com/rel.json" } } }, { refs: "document", schemas: { "https://example.com/e1": E1 }, cache: false });
  assert.equal([v.isValid({ a: "s", b: 3 }), v.isValid({ a: 1 }), v.isValid({ b: 2 })], [true, false, false]);
  const result = v.validate({ a: 1, b: 2 });
  assert.equal(result.valid ? [] : result.errors.map((e) => e.keywordLocation), ["/properties/a/$ref/type", "/properties/b/$ref/minimum"]);
});

test("the documents are read in turn until one declares the URI: a broken one after it is not read", () => {
  const schemas = { "https://example.com/a": E1, "https://example.com/z": { type: 5 } };
  assert.ok(compile({ $ref: "https://example.com/emb" }, { refs: "document", schemas, cache: false }).isValid("s"));
  // A URI no document declares reads them all, and what is read is checked.
  const error = refusal(() => compile({ $ref: "https://example.com/nowhere" }, { refs: "document", schemas, cache: false }));
  assert.is(error.code, "invalid-schema");
  assert.is(error.document, "https://example.com/z");
  assert.is(refusal(() => compile({ $ref: "https://example.com/nowhere" }, { refs: "document", schemas: { "https://example.com/a": E1 }, cache: false })).code, "unresolved-ref");
});

test("two documents that declare one embedded URI are refused once both are read", () => {
  const shared = (id: string) => ({ $id: id, $defs: { s: { $id: "https://example.com/shared", type: "string" } } });
  const schemas = { "https://example.com/a": shared("https://example.com/a"), "https://example.com/b": shared("https://example.com/b") };
  assert.ok(compile({ $ref: "https://example.com/shared" }, { refs: "document", schemas, cache: false }).isValid("s"));
  const both = { allOf: [{ $ref: "https://example.com/shared" }, { $ref: "https://example.com/a" }, { $ref: "https://example.com/b" }] };
  assert.is(refusal(() => compile(both, { refs: "document", schemas, cache: false })).code, "duplicate-identifier");
});

test("CLI: a $ref to an $id inside a -r file", () => {
  file("embeds.json", { $id: "https://example.com/r1", $defs: { e: { $id: "https://example.com/inner", type: "string" } } });
  file("uses-inner.json", { $ref: "https://example.com/inner" });
  file("five.json", 5);
  file("word.json", '"w"');
  assertOutput(run(["validate", "-r", "embeds.json", "uses-inner.json", "word.json"]), 0, ["word.json: valid"]);
  const five = run(["validate", "-r", "embeds.json", "uses-inner.json", "five.json"]);
  assert.is(five.status, 1);
  assert.match(five.stdout, /five\.json: invalid/);
});

test.run();
