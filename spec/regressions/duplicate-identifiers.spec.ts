// Regression (issue 17, "the gate's holes"): two schema objects of one document declaring the
// same $id or the same anchor were accepted, the last one winning, so which schema a reference
// meant depended on key order. They are now refused with SchemaError "duplicate-identifier".
// An identifier inside data (const, enum, an unknown keyword) is data and changes nothing.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, SchemaError, type CompileOptions } from "../../src/index.js";

function refusedAt(schema: unknown, options: CompileOptions = {}): string {
  try {
    compile(schema, { cache: false, ...options });
  } catch (error) {
    assert.instance(error, SchemaError);
    assert.is((error as SchemaError).code, "duplicate-identifier", (error as SchemaError).message);
    assert.match((error as SchemaError).message, "declared twice");
    return (error as SchemaError).schemaLocation;
  }
  assert.unreachable("compiled");
  return "";
}

test("the same $id on two schema objects", () => {
  const location = refusedAt({ $defs: { a: { $id: "https://example.com/x", type: "string" }, b: { $id: "https://example.com/x", type: "number" } } });
  assert.ok(["/$defs/a/$id", "/$defs/b/$id"].includes(location), location);
  assert.is(refusedAt({ $id: "https://example.com/root", $defs: { a: { $id: "root" } } }), "/$defs/a/$id");
});

test("the same $anchor, $dynamicAnchor, or draft-07 fragment identifier twice in one resource", () => {
  assert.is(refusedAt({ $defs: { a: { $anchor: "x" }, b: { $anchor: "x" } } }).endsWith("/$anchor"), true);
  assert.is(refusedAt({ $defs: { a: { $dynamicAnchor: "x" }, b: { $anchor: "x" } } }).endsWith("anchor"), true);
  assert.is(refusedAt({ $schema: "http://json-schema.org/draft-07/schema#", definitions: { a: { $id: "#x" }, b: { $id: "#x" } } }).endsWith("/$id"), true);
});

test("what is not a duplicate: one object declaring both anchors, the same name in two resources, identifiers in data", () => {
  assert.ok(compile({ $defs: { a: { $anchor: "x", $dynamicAnchor: "x" } }, $ref: "#x" }, { cache: false }).isValid(1));
  assert.ok(compile({ $defs: { a: { $id: "https://example.com/a", $anchor: "x" }, b: { $id: "https://example.com/b", $anchor: "x" } } }, { cache: false }).isValid(1));
  assert.ok(compile({ const: { $id: "https://example.com/x" }, $defs: { a: { $id: "https://example.com/x" } } }, { cache: false }).isValid({ $id: "https://example.com/x" }));
  assert.ok(compile({ unknown: { $id: "https://example.com/x" }, $defs: { a: { $id: "https://example.com/x" } } }, { cache: false }).isValid(1));
});

// Across documents the first indexed kept the URI and the last its anchors, so an anchor's pointer
// was read in another document (a schema that allowed only null), or a bundle's reference was
// unresolved; which document a reference named depended on the order references were met.
test("one resource URI declared by two documents is refused, whichever is read first", () => {
  const twoDocuments = (error: unknown): boolean => error instanceof SchemaError && error.code === "duplicate-identifier" && error.message.includes("declared by two documents");
  const schemas = {
    "http://x/a": { $defs: { p: { type: "null" }, q: { $anchor: "foo", type: "number" } } },
    "http://x/b": { $id: "http://x/a", $defs: { p: { $anchor: "foo", type: "boolean" } } },
  };
  for (const schema of [
    { allOf: [{ $ref: "http://x/a" }, { $ref: "http://x/b" }, { $ref: "http://x/a#foo" }] },
    { allOf: [{ $ref: "http://x/b" }, { $ref: "http://x/a" }] },
    { $ref: "http://x/b" }, // x/a is then never read: its key names another document
    { $id: "http://x/a", $ref: "http://x/b" },
  ]) {
    assert.throws(() => compile(schema, { refs: "document", schemas, cache: false }), twoDocuments, JSON.stringify(schema));
  }
  // Two bundles that embed one shared resource.
  const common = { $id: "https://ex.com/common", $defs: { pos: { $anchor: "pos", minimum: 0 } } };
  const bundles = {
    "https://ex.com/order": { $defs: { common }, properties: { n: { $ref: "common#pos" } } },
    "https://ex.com/invoice": { $defs: { vendored: { $defs: { common } } }, properties: { n: { $ref: "common#pos" } } },
  };
  assert.throws(() => compile({ allOf: [{ $ref: "https://ex.com/order" }, { $ref: "https://ex.com/invoice" }] }, { refs: "document", schemas: bundles, cache: false }), twoDocuments);
  // Each alone, and a document found by its key and its own $id, are fine.
  assert.ok(compile({ $ref: "https://ex.com/order" }, { refs: "document", schemas: bundles, cache: false }).isValid({ n: 1 }));
  const own = { "http://x/key": { $id: "http://x/own", type: "string" } };
  assert.equal(compile({ allOf: [{ $ref: "http://x/key" }, { $ref: "http://x/own" }] }, { refs: "document", schemas: own, cache: false }).isValid(1), false);
});

test.run();
