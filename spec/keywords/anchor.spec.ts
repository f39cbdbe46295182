import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

const schema = { $defs: { p: { $anchor: "positive", minimum: 0 } }, properties: { n: { $ref: "#positive" } } };

test("a plain-name fragment reference finds the anchor", () => {
  accepts(compile(schema), { n: 1 }, {});
  rejects(compile(schema), { n: -1 });
});

test("an $anchor does not apply by itself", () => {
  accepts(compile({ $defs: { p: { $anchor: "never", not: {} } } }), 1);
});

test("error: located through the $ref; the absolute location is the anchored schema's pointer", () => {
  expectOnlyError(compile(schema), { n: -1 }, {
    keywordLocation: "/properties/n/$ref/minimum",
    instanceLocation: "/n",
    absoluteKeywordLocation: "#/$defs/p/minimum",
    keyword: "minimum",
    params: { comparison: ">=", limit: 0 },
  });
});

test("an anchor belongs to its schema resource", () => {
  const root = { $id: "https://example.com/root", $defs: { inner: { $id: "inner", $defs: { q: { $anchor: "pos", minimum: 0 } } } } };
  const v = compile({ ...root, items: { $ref: "inner#pos" } }, { refs: "document" });
  accepts(v, [0, 1]);
  expectOnlyError(v, [1, -1], {
    keywordLocation: "/items/$ref/minimum",
    instanceLocation: "/1",
    absoluteKeywordLocation: "https://example.com/inner#/$defs/q/minimum",
    keyword: "minimum",
    params: { comparison: ">=", limit: 0 },
  });
  // Not an anchor of the root resource.
  refuses({ ...root, $ref: "#pos" }, "unresolved-ref", "/$ref");
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile({ ...schema, properties: { a: { $ref: "#positive" }, b: { $ref: "#positive" } } }), { a: -1, b: -1 }), { all: 2, first: 1 });
});

test("compile-time: an unknown anchor", () => {
  refuses({ $defs: { p: { $anchor: "pos" } }, $ref: "#neg" }, "unresolved-ref", "/$ref");
});

test("compile-time: $anchor must be a string of the anchor grammar", () => {
  refuses({ $anchor: 5 }, "invalid-schema", "/$anchor");
  refuses({ $anchor: "1starts-with-digit" }, "invalid-schema", "/$anchor");
  refuses({ $defs: { a: { $anchor: "#frag" } } }, "invalid-schema", "/$defs/a/$anchor");
  refuses({ $defs: { a: { $anchor: "has space" } } }, "invalid-schema", "/$defs/a/$anchor");
});

test.run();
