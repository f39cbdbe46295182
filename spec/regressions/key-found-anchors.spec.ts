// Regression: a `schemas` document found by its key, whose root declares another identifier,
// resolved "key#/pointer" but refused "key#name" (unresolved-ref) for an anchor of its root
// resource: anchors were looked up under the key, and declared under the document's own URI.
// The same held for a CLI -r file found by its file's location.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";

const documents = {
  "draft-04": { id: "http://other.test/z", definitions: { f: { id: "#foo", type: "integer" } } },
  "draft-07": { $id: "http://other.test/z", definitions: { f: { $id: "#foo", type: "integer" } } },
  "2019-09": { $id: "http://other.test/z", $defs: { f: { $anchor: "foo", type: "integer" } } },
  "2020-12": { $id: "http://other.test/z", $defs: { f: { $anchor: "foo", type: "integer" } } },
} as const;

for (const [dialect, document] of Object.entries(documents)) {
  test(`${dialect}: a document found by its schemas key names its anchors by that key`, () => {
    const defs = dialect.startsWith("draft") ? "definitions" : "$defs";
    for (const ref of [`http://k.test/a#/${defs}/f`, "http://k.test/a#foo", "http://other.test/z#foo"]) {
      const v = compile({ properties: { b: { $ref: ref } } }, { dialect: dialect as keyof typeof documents, refs: "document", schemas: { "http://k.test/a": document }, cache: false });
      assert.equal([v.isValid({ b: 1 }), v.isValid({ b: "s" })], [true, false], ref);
    }
  });
}

test("an anchor of an embedded resource is not named through the document's key", () => {
  const document = { $id: "http://other.test/z", $defs: { inner: { $id: "inner.json", $defs: { f: { $anchor: "foo", type: "integer" } } } } };
  const at = (ref: string) => () => compile({ $ref: ref }, { refs: "document", schemas: { "http://k.test/a": document }, cache: false });
  assert.throws(at("http://k.test/a#foo"), (e: { code?: string }) => e.code === "unresolved-ref");
  assert.equal(at("http://other.test/inner.json#foo")().isValid(1), true);
});

test.run();
