import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, expectSomeError, refuses, rejects } from "./output-checks.js";

// The specification's example: a generic tree, extended into a strict tree by $dynamicAnchor.
const tree = {
  $id: "https://example.com/tree",
  $dynamicAnchor: "node",
  type: "object",
  properties: { data: true, children: { type: "array", items: { $dynamicRef: "#node" } } },
};
const strictTree = { $id: "https://example.com/strict-tree", $dynamicAnchor: "node", $ref: "tree", unevaluatedProperties: false };
const options = { refs: "document" as const, schemas: { "https://example.com/tree": tree } };

test("the generic tree allows unknown properties at every level", () => {
  accepts(compile({ $ref: "https://example.com/tree" }, options), { children: [{ daat: 1 }] });
});

test("the strict tree applies itself to the children, through the generic $dynamicRef", () => {
  const v = compile(strictTree, options);
  accepts(v, { data: 1, children: [{ data: 2, children: [] }] });
  rejects(v, { daat: 1 }, { children: [{ daat: 1 }] }, { children: [{ children: [{ daat: 1 }] }] });
});

test("error: the evaluation path goes through $ref and $dynamicRef; the absolute location is the outermost anchor's resource", () => {
  expectOnlyError(compile(strictTree, options), { children: [{ daat: 1 }] }, {
    keywordLocation: "/$ref/properties/children/items/$dynamicRef/unevaluatedProperties",
    instanceLocation: "/children/0",
    absoluteKeywordLocation: "https://example.com/strict-tree#/unevaluatedProperties",
    keyword: "unevaluatedProperties",
    params: { unevaluatedProperty: "daat" },
  });
});

test("the same with the generic tree embedded in $defs", () => {
  const v = compile({ ...strictTree, $defs: { tree } }, { refs: "document" });
  expectOnlyError(v, { children: [{ daat: 1 }] }, {
    keywordLocation: "/$ref/properties/children/items/$dynamicRef/unevaluatedProperties",
    instanceLocation: "/children/0",
    absoluteKeywordLocation: "https://example.com/strict-tree#/unevaluatedProperties",
    keyword: "unevaluatedProperties",
    params: { unevaluatedProperty: "daat" },
  });
});

test("a typed list: the outermost resource's anchor decides the item schema", () => {
  const v = compile(
    {
      $id: "https://example.com/list-of-strings",
      $ref: "list",
      $defs: {
        s: { $dynamicAnchor: "item", type: "string" },
        list: { $id: "list", type: "array", items: { $dynamicRef: "#item" }, $defs: { d: { $dynamicAnchor: "item" } } },
      },
    },
    { refs: "document" },
  );
  accepts(v, [], ["a"]);
  expectOnlyError(v, ["a", 1], {
    keywordLocation: "/$ref/items/$dynamicRef/type",
    instanceLocation: "/1",
    absoluteKeywordLocation: "https://example.com/list-of-strings#/$defs/s/type",
    keyword: "type",
    params: { type: "string" },
  });
});

test("without an outer anchor, the $dynamicRef resolves like a $ref", () => {
  const v = compile(
    { $defs: { list: { $id: "https://example.com/list", type: "array", items: { $dynamicRef: "#item" }, $defs: { d: { $dynamicAnchor: "item", type: "number" } } } }, $ref: "https://example.com/list" },
    { refs: "document" },
  );
  accepts(v, [1, 2]);
  expectOnlyError(v, [1, "a"], {
    keywordLocation: "/$ref/items/$dynamicRef/type",
    instanceLocation: "/1",
    absoluteKeywordLocation: "https://example.com/list#/$defs/d/type",
    keyword: "type",
    params: { type: "number" },
  });
});

test("within one document, in fragment mode", () => {
  const v = compile({ $defs: { a: { $dynamicAnchor: "x", type: "string" } }, properties: { p: { $dynamicRef: "#x" } } });
  accepts(v, { p: "s" });
  expectOnlyError(v, { p: 1 }, {
    keywordLocation: "/properties/p/$dynamicRef/type",
    instanceLocation: "/p",
    absoluteKeywordLocation: "#/$defs/a/type",
    keyword: "type",
    params: { type: "string" },
  });
});

test("a $dynamicRef to a plain $anchor, or to a JSON Pointer, is static", () => {
  rejects(compile({ $defs: { a: { $anchor: "x", type: "string" } }, $dynamicRef: "#x" }), 1);
  const v = compile({ $defs: { a: { type: "string" } }, items: { $dynamicRef: "#/$defs/a" } });
  expectSomeError(v, [1], {
    keywordLocation: "/items/$dynamicRef/type",
    instanceLocation: "/0",
    absoluteKeywordLocation: "#/$defs/a/type",
    keyword: "type",
    params: { type: "string" },
  });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile(strictTree, options), { children: [{ a: 1 }, { b: 2 }] }), { all: 2, first: 1 });
});

test("compile-time: refused references", () => {
  refuses({ $dynamicRef: "other#x" }, "external-ref", "/$dynamicRef");
  refuses({ $dynamicRef: "#nope" }, "unresolved-ref", "/$dynamicRef");
  refuses({ items: { $dynamicRef: "#/$defs/none" } }, "unresolved-ref", "/items/$dynamicRef");
  refuses({ $dynamicRef: 5 }, "invalid-schema", "/$dynamicRef");
});

test("an anchor the root declares wins from everywhere (the root is the outermost scope), and plans and closures agree", () => {
  // The inner resource declares "node" too; dynamic references inside it still land on the root's.
  const schema = {
    $id: "https://example.com/root",
    $dynamicAnchor: "node",
    type: "object",
    properties: { inner: { $ref: "inner" }, n: { type: "number" } },
    $defs: {
      inner: {
        $id: "inner",
        $dynamicAnchor: "node",
        type: "object",
        properties: { next: { $dynamicRef: "#node" }, s: { type: "string" } },
      },
    },
  };
  const v = compile(schema, { refs: "document" });
  assert.ok(v.isValid({ inner: { next: { n: 1 } } }));
  assert.not.ok(v.isValid({ inner: { next: { n: "x" } } }), "next is checked by the root schema: n must be a number");
  assert.ok(v.isValid({ inner: { next: { s: 1 } } }), "not by the inner one: s is not declared at the root");
  assert.equal(v.validate({ inner: { next: { n: "x" } } }).valid, false);
});

test.run();
