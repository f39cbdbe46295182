import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

test("$id does not change what validates", () => {
  const v = compile({ $id: "https://example.com/s", type: "string" });
  accepts(v, "a");
  rejects(v, 1);
});

test("error: with a root $id every error carries absoluteKeywordLocation", () => {
  expectOnlyError(compile({ $id: "https://example.com/s", minimum: 2 }), 1, {
    keywordLocation: "/minimum",
    instanceLocation: "",
    absoluteKeywordLocation: "https://example.com/s#/minimum",
    keyword: "minimum",
    params: { comparison: ">=", limit: 2 },
  });
  expectOnlyError(compile({ $id: "https://example.com/s#", minimum: 2 }), 1, {
    keywordLocation: "/minimum",
    instanceLocation: "",
    absoluteKeywordLocation: "https://example.com/s#/minimum",
    keyword: "minimum",
    params: { comparison: ">=", limit: 2 },
  });
});

test("error: nested under properties and items, inside an embedded resource", () => {
  expectOnlyError(compile({ $id: "https://example.com/s", properties: { a: { minimum: 2 } } }), { a: 1 }, {
    keywordLocation: "/properties/a/minimum",
    instanceLocation: "/a",
    absoluteKeywordLocation: "https://example.com/s#/properties/a/minimum",
    keyword: "minimum",
    params: { comparison: ">=", limit: 2 },
  });
  expectOnlyError(compile({ $id: "https://example.com/s", items: { $id: "item", minimum: 2 } }), [2, 1], {
    keywordLocation: "/items/minimum",
    instanceLocation: "/1",
    absoluteKeywordLocation: "https://example.com/item#/minimum",
    keyword: "minimum",
    params: { comparison: ">=", limit: 2 },
  });
});

test("relative $id resolves against the enclosing base; references use it", () => {
  const v = compile({ $id: "https://example.com/root/", $defs: { a: { $id: "sub/", $defs: { b: { $id: "leaf", type: "string" } } } }, $ref: "sub/leaf" }, { refs: "document" });
  expectOnlyError(v, 1, {
    keywordLocation: "/$ref/type",
    instanceLocation: "",
    absoluteKeywordLocation: "https://example.com/root/sub/leaf#/type",
    keyword: "type",
    params: { type: "string" },
  });
});

test("URN identifiers", () => {
  const v = compile({ $id: "urn:example:root", $defs: { x: { $anchor: "x", type: "string" } }, $ref: "urn:example:root#x" }, { refs: "document" });
  accepts(v, "a");
  rejects(v, 1);
});

test("an $id inside a non-schema value (enum, const) is not an identifier", () => {
  refuses({ $defs: { e: { enum: [{ $id: "https://example.com/fake", type: "string" }] } }, $ref: "https://example.com/fake" }, "unresolved-ref", "/$ref", { refs: "document" });
  accepts(compile({ const: { $id: "#/x" } }), { $id: "#/x" });
});

test("a property named $id is just a property", () => {
  expectOnlyError(compile({ properties: { $id: { type: "string" } } }), { $id: 1 }, {
    keywordLocation: "/properties/$id/type",
    instanceLocation: "/$id",
    keyword: "type",
    params: { type: "string" },
  });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile({ $id: "https://example.com/s", items: { minimum: 2 } }), [0, 1]), { all: 2, first: 1 });
});

test("compile-time: $id must be a URI reference without a non-empty fragment", () => {
  refuses({ $id: 5 }, "invalid-schema", "/$id");
  refuses({ $id: "https://example.com/a#foo" }, "invalid-schema", "/$id");
  refuses({ $defs: { a: { $id: "#/frag" } } }, "invalid-schema", "/$defs/a/$id");
});

test.run();
