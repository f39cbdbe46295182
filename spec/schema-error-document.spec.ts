// SchemaError.document: with compile's `schemas` option, a refusal says which document its
// schemaLocation points into. Before, an error in a `schemas` document gave a pointer into that
// document with nothing to tell it from the schema compiled (only the metaschema's check named
// the document, in its message), and a ref-cycle wholly in another document sat at "".
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { compile } from "../src/index.js";
import { refusal } from "./helpers/refusal.js";
import { check, runs } from "./helpers/arbitraries.js";

type Obj = Record<string, unknown>;

/** The defects a document may hold, each with the code it is refused with and where (below the document's `/$defs/d`; for depth, the start of where). */
const DEFECTS: readonly { readonly name: string; readonly schema: () => unknown; readonly code: string; readonly at: string }[] = [
  { name: "not JSON", schema: () => ({ default: () => 1 }), code: "not-json", at: "/default" },
  { name: "too deep", schema: () => nested(70), code: "depth", at: "/items" },
  { name: "duplicate anchor", schema: () => ({ allOf: [{ $anchor: "twice" }, { $anchor: "twice" }] }), code: "duplicate-identifier", at: "/allOf/1/$anchor" },
  { name: "metaschema", schema: () => ({ type: "objekt" }), code: "invalid-schema", at: "/type" },
  { name: "bad pattern", schema: () => ({ pattern: "(" }), code: "invalid-regex", at: "/pattern" },
  { name: "dangling reference", schema: () => ({ $ref: "#/nowhere" }), code: "unresolved-ref", at: "/$ref" },
  { name: "cycle", schema: () => ({ anyOf: [{ $ref: "#/$defs/d" }] }), code: "ref-cycle", at: "/anyOf" },
];

function nested(depth: number): Obj {
  let schema: Obj = {};
  for (let i = 0; i < depth; i++) schema = { items: schema };
  return schema;
}

/**
 * A chain of documents, the schema compiled first: each refers to the next (through `properties`,
 * so no cycle spans them), and the last back to the first. `broken` holds the defect at /$defs/d,
 * which the document's own `properties` refers to.
 */
function chain(length: number, broken: number, defect: () => unknown): { schema: Obj; schemas: Record<string, Obj>; uris: (string | undefined)[] } {
  const uris = Array.from({ length }, (_, i) => (i === 0 ? undefined : `https://example.com/doc${i}`));
  const documents = uris.map((_, i): Obj => {
    const next = uris[(i + 1) % length] ?? "https://example.com/root";
    const document: Obj = { type: "object", properties: { next: { $ref: next } } };
    if (i === broken) {
      document["$defs"] = { d: defect() };
      (document["properties"] as Obj)["own"] = { $ref: "#/$defs/d" };
    }
    return document;
  });
  documents[0]!["$id"] = "https://example.com/root";
  return { schema: documents[0]!, schemas: Object.fromEntries(documents.slice(1).map((document, i) => [uris[i + 1]!, document])), uris };
}

test("each refusal in a schemas document names that document; one in the schema compiled names none", () => {
  for (const defect of DEFECTS) {
    for (const broken of [0, 1, 2]) {
      const { schema, schemas, uris } = chain(3, broken, defect.schema);
      const error = refusal(() => compile(schema, { refs: "document", schemas, cache: false }));
      const place = `${defect.name} in document ${broken}`;
      assert.is(error.code, defect.code, place);
      if (defect.code === "depth") assert.ok(error.schemaLocation.startsWith(`/$defs/d${defect.at}/items/`), place);
      else assert.is(error.schemaLocation, `/$defs/d${defect.at}`, place);
      assert.is(error.document, uris[broken], place);
      // The message says it too, after the location.
      assert.is(error.message.endsWith(` in ${JSON.stringify(uris[broken])}`), broken !== 0, `${place}: ${error.message}`);
    }
  }
});

test("an error found through another document's reference back into the schema compiled is the schema's", () => {
  const schema = { $id: "https://example.com/root", properties: { a: { $ref: "https://example.com/other" } }, $defs: { bad: { properties: { p: { pattern: "[" } } } } };
  const other = { properties: { b: { $ref: "https://example.com/root#/$defs/bad" } } };
  const error = refusal(() => compile(schema, { refs: "document", schemas: { "https://example.com/other": other }, cache: false }));
  assert.equal([error.code, error.schemaLocation, error.document], ["invalid-regex", "/$defs/bad/properties/p/pattern", undefined]);
});

test("a refusal in a custom metaschema, compiled to check the schema, names the metaschema's document", () => {
  const vocabularies = ["core", "applicator", "validation"].map((name) => `https://json-schema.org/draft/2020-12/vocab/${name}`);
  const metaschema = {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: "https://example.com/meta",
    $vocabulary: Object.fromEntries(vocabularies.map((uri) => [uri, true])),
    $dynamicAnchor: "meta",
    allOf: [{ $ref: "https://json-schema.org/draft/2020-12/meta/core" }],
    properties: { title: { pattern: "(" } },
  };
  const error = refusal(() => compile({ $schema: "https://example.com/meta", type: "object" }, { refs: "document", schemas: { "https://example.com/meta": metaschema }, cache: false }));
  assert.equal([error.code, error.schemaLocation, error.document], ["invalid-regex", "/properties/title/pattern", "https://example.com/meta"]);
});

test("property: the document named holds what is refused, at the location given", () => {
  check(
    fc.property(fc.integer({ min: 2, max: 5 }), fc.nat(), fc.constantFrom(...DEFECTS), (length, at, defect) => {
      const broken = at % length;
      const { schema, schemas, uris } = chain(length, broken, defect.schema);
      const error = refusal(() => compile(schema, { refs: "document", schemas, cache: false }));
      const holder = error.document === undefined ? schema : schemas[error.document];
      assert.ok(holder !== undefined, `no document ${error.document}`);
      assert.is(error.document, uris[broken]);
      // The location is there in that document.
      let value: unknown = holder;
      for (const segment of error.schemaLocation.split("/").slice(1)) value = (value as Obj)[segment.replace(/~1/g, "/").replace(/~0/g, "~")];
      assert.ok(value !== undefined, error.schemaLocation);
    }),
    runs(60),
  );
});

// Regression (red-team probe of multi-document references): a document under a key with a
// trailing "#" or dot segments was named by its resource URI, which is no key of `schemas`
// ("http://ex.com/x/../a" named "http://ex.com/a"), so `schemas[error.document]` was undefined.
test("the document is named by the key the caller gave it, however that key is spelled", () => {
  for (const key of ["https://example.com/a#", "https://example.com/x/../a", "https://example.com/./a", "HTTPS://example.com/a", "https://example.com/a"]) {
    const schemas = { [key]: { properties: { x: { type: "strng" } } } };
    const error = refusal(() => compile({ $ref: "https://example.com/a" }, { refs: "document", schemas, cache: false }));
    assert.is(error.document, key);
    assert.ok(schemas[error.document!] !== undefined, key);
    assert.match(error.message, `in ${JSON.stringify(key)}`);
  }
  // Keys that name one document: the first in sorted order.
  const document = { properties: { x: { type: "strng" } } };
  const two = refusal(() => compile({ $ref: "https://example.com/a" }, { refs: "document", schemas: { "https://example.com/x/../a": document, "https://example.com/a#": document }, cache: false }));
  assert.is(two.document, "https://example.com/a#");
});

test.run();
