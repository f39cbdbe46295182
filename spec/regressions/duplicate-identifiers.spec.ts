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

test.run();
