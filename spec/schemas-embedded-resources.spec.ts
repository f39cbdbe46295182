// A resource embedded in a `schemas` document (an `$id` below its root) is found by its URI, as a
// resource embedded in the schema is: a reference to a URI that no document read so far holds
// reads every `schemas` document (so that two declaring it are refused whatever their order).
// (The CLI's -r files are such documents: an `$id` inside one was "unresolved-ref".)
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../src/index.js";
import { refusal } from "./helpers/refusal.js";
import { assertOutput, file, run } from "./cli-harness.js";

const E1 = { $id: "https://example.com/e1", $defs: { x: { $id: "https://example.com/emb", type: "string" }, y: { $id: "rel.json", minimum: 3 } } };

test("a reference names a resource embedded in a schemas document, by an absolute or a relative $id", () => {
  const v = compile({ properties: { a: { $ref: "https://example.com/emb" }, b: { $ref: "https://example.com/rel.json" } } }, { refs: "document", schemas: { "https://example.com/e1": E1 }, cache: false });
  assert.equal([v.isValid({ a: "s", b: 3 }), v.isValid({ a: 1 }), v.isValid({ b: 2 })], [true, false, false]);
  const result = v.validate({ a: 1, b: 2 });
  assert.equal(result.valid ? [] : result.errors.map((e) => e.keywordLocation), ["/properties/a/$ref/type", "/properties/b/$ref/minimum"]);
});

test("such a reference reads every schemas document, and each is checked", () => {
  const schemas = { "https://example.com/a": E1, "https://example.com/z": { type: 5 } };
  for (const reference of ["https://example.com/emb", "https://example.com/nowhere"]) {
    const error = refusal(() => compile({ $ref: reference }, { refs: "document", schemas, cache: false }));
    assert.is(error.code, "invalid-schema");
    assert.is(error.document, "https://example.com/z");
  }
  // A reference to a document by its key reads that one only, as before.
  assert.ok(compile({ $ref: "https://example.com/a#/$defs/x" }, { refs: "document", schemas, cache: false }).isValid("s"));
  assert.is(refusal(() => compile({ $ref: "https://example.com/nowhere" }, { refs: "document", schemas: { "https://example.com/a": E1 }, cache: false })).code, "unresolved-ref");
});

test("two documents that declare one embedded URI are refused, whatever their keys' order", () => {
  const shared = (type: string) => ({ $defs: { s: { $id: "https://example.com/shared", type } } });
  for (const [first, second] of [["https://example.com/r1", "https://example.com/r2"], ["https://example.com/zz", "https://example.com/aa"]]) {
    const schemas = { [first!]: shared("integer"), [second!]: shared("string") };
    assert.is(refusal(() => compile({ $ref: "https://example.com/shared" }, { refs: "document", schemas, cache: false })).code, "duplicate-identifier");
  }
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
