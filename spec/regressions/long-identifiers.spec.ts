// Regression (hostile schemas): a resource's URI had no bound. Every resource keeps its URI and
// every reference from it resolves against it, so a 400 KB `$id` with 5,000 references to its
// `$defs` took 12.7 s to compile, 3,000 `$anchor`s 11 s, and 3,000 embedded `$id`s relative to it
// (refs: "document") 149 s, holding a copy of the long base for each. A resource URI (a `$id`
// resolved against its base, or a document's URI in `schemas`) may now have MAX_IDENTIFIER
// characters; past that the schema is refused with "long-identifier" where it was declared.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { refusal } from "../helpers/refusal.js";
import { MAX_IDENTIFIER } from "../../src/limits.js";

/** A URI of exactly `length` characters. */
const uriOf = (length: number): string => {
  const head = "https://x.example/";
  return head + "a".repeat(length - head.length - ".json".length) + ".json";
};

test("a root $id of MAX_IDENTIFIER characters compiles; one more is refused where it is declared", () => {
  assert.is(MAX_IDENTIFIER, 8_192);
  const v = compile({ $id: uriOf(MAX_IDENTIFIER), type: "string" }, { cache: false });
  assert.equal([v.isValid("s"), v.isValid(1)], [true, false]);
  const error = refusal(() => compile({ $id: uriOf(MAX_IDENTIFIER + 1), type: "string" }, { cache: false }));
  assert.is(error.code, "long-identifier");
  assert.is(error.schemaLocation, "/$id");
  assert.ok(error.message.includes(`has ${MAX_IDENTIFIER + 1} characters; at most ${MAX_IDENTIFIER} are allowed`), error.message);
  assert.ok(error.message.length < 300, "the URI is cut in the message");
});

test("a short relative $id is refused when it resolves past the bound against a long base", () => {
  const folder = "https://x.example/" + "a".repeat(MAX_IDENTIFIER - 24) + "/"; // 5 characters under the bound
  assert.ok(compile({ $id: folder, type: "string" }, { cache: false }).isValid("s"));
  const schema = { $id: folder, $defs: { a: { $id: "b.json", type: "string" } }, $ref: "#/$defs/a" };
  const error = refusal(() => compile(schema, { cache: false }));
  assert.equal([error.code, error.schemaLocation], ["long-identifier", "/$defs/a/$id"]);
  // draft-07 reads `$id` too; draft-04 reads `id`.
  const draft04 = refusal(() => compile({ $schema: "http://json-schema.org/draft-04/schema#", id: uriOf(MAX_IDENTIFIER + 1) }, { cache: false }));
  assert.equal([draft04.code, draft04.schemaLocation], ["long-identifier", "/id"]);
});

test("a document in schemas under a URI past the bound is refused when a reference names it", () => {
  const long = uriOf(MAX_IDENTIFIER + 1);
  const error = refusal(() => compile({ $ref: long }, { cache: false, refs: "document", schemas: { [long]: { type: "string" } } }));
  assert.is(error.code, "long-identifier");
  const short = uriOf(100);
  assert.ok(compile({ $ref: short }, { cache: false, refs: "document", schemas: { [short]: { type: "string" } } }).isValid("s"));
});

test("the attacks of a long base are refused as they start", () => {
  const base = uriOf(400_000);
  const $defs: Record<string, unknown> = {};
  for (let i = 0; i < 5_000; i++) $defs[`d${i}`] = { $anchor: `a${i}`, $ref: i + 1 < 5_000 ? `#a${i + 1}` : "#/$defs/end" };
  $defs["end"] = { type: "string" };
  assert.is(refusal(() => compile({ $id: base, $defs, $ref: "#a0" }, { cache: false })).code, "long-identifier");
  const embedded = { $id: base, $defs: { d0: { $id: "r0.json" } } };
  assert.is(refusal(() => compile(embedded, { cache: false, refs: "document" })).code, "long-identifier");
});

test.run();
