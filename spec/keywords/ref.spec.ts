import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, errorsOf, expectOnlyError, refuses, rejects } from "./output-checks.js";

const positive = { $defs: { pos: { type: "number", minimum: 0 } } };

test("a JSON Pointer reference applies the target schema", () => {
  const v = compile({ ...positive, $ref: "#/$defs/pos" });
  accepts(v, 0, 5.5);
  rejects(v, -1, "1");
});

test("siblings of $ref apply too (2020-12)", () => {
  const v = compile({ ...positive, $ref: "#/$defs/pos", maximum: 10 });
  accepts(v, 3);
  rejects(v, 11, -1);
});

test("a reference to the root makes a recursive schema", () => {
  const v = compile({ type: "object", properties: { child: { $ref: "#" } } });
  accepts(v, {}, { child: { child: {} } });
  rejects(v, { child: { child: 1 } });
});

test("pointer segments are unescaped (~0, ~1) and percent-decoded", () => {
  const v = compile({
    $defs: { "a/b": { type: "string" }, "t~x": { type: "number" }, "p%c": { type: "boolean" } },
    properties: { x: { $ref: "#/$defs/a~1b" }, y: { $ref: "#/$defs/t~0x" }, z: { $ref: "#/$defs/p%25c" } },
  });
  accepts(v, { x: "s", y: 1, z: true });
  rejects(v, { x: 1 }, { y: "s" }, { z: 1 });
});

test("references into arrays of subschemas", () => {
  const v = compile({ allOf: [{ type: "string" }], properties: { a: { $ref: "#/allOf/0" } } });
  accepts(v, "s");
  rejects(compile({ prefixItems: [{ type: "string" }], properties: { a: { $ref: "#/prefixItems/0" } } }), { a: 1 });
});

test("error: the evaluation path goes through the $ref; absoluteKeywordLocation names the target", () => {
  expectOnlyError(compile({ ...positive, properties: { a: { $ref: "#/$defs/pos" } } }), { a: -1 }, {
    keywordLocation: "/properties/a/$ref/minimum",
    instanceLocation: "/a",
    absoluteKeywordLocation: "#/$defs/pos/minimum",
    keyword: "minimum",
    params: { comparison: ">=", limit: 0 },
  });
});

test("error: under items, and through two $refs", () => {
  expectOnlyError(compile({ ...positive, items: { $ref: "#/$defs/pos" } }), [1, -1], {
    keywordLocation: "/items/$ref/minimum",
    instanceLocation: "/1",
    absoluteKeywordLocation: "#/$defs/pos/minimum",
    keyword: "minimum",
    params: { comparison: ">=", limit: 0 },
  });
  expectOnlyError(compile({ $defs: { pos: positive.$defs.pos, wrap: { properties: { b: { $ref: "#/$defs/pos" } } } }, $ref: "#/$defs/wrap" }), { b: -2 }, {
    keywordLocation: "/$ref/properties/b/$ref/minimum",
    instanceLocation: "/b",
    absoluteKeywordLocation: "#/$defs/pos/minimum",
    keyword: "minimum",
    params: { comparison: ">=", limit: 0 },
  });
});

test("error: recursion keeps the whole evaluation path", () => {
  expectOnlyError(compile({ type: "object", properties: { c: { $ref: "#" } } }), { c: { c: 1 } }, {
    keywordLocation: "/properties/c/$ref/properties/c/$ref/type",
    instanceLocation: "/c/c",
    absoluteKeywordLocation: "#/type",
    keyword: "type",
    params: { type: "object" },
  });
});

test("error: with an $id, absoluteKeywordLocation is a full URI", () => {
  expectOnlyError(compile({ $id: "https://example.com/root", ...positive, properties: { a: { $ref: "#/$defs/pos" } } }), { a: -1 }, {
    keywordLocation: "/properties/a/$ref/minimum",
    instanceLocation: "/a",
    absoluteKeywordLocation: "https://example.com/root#/$defs/pos/minimum",
    keyword: "minimum",
    params: { comparison: ">=", limit: 0 },
  });
});

test("error: a pointer into an embedded resource is located in that resource", () => {
  expectOnlyError(compile({ $id: "https://example.com/root", $defs: { b: { $id: "b", minimum: 2 } }, $ref: "#/$defs/b" }), 1, {
    keywordLocation: "/$ref/minimum",
    instanceLocation: "",
    absoluteKeywordLocation: "https://example.com/b#/minimum",
    keyword: "minimum",
    params: { comparison: ">=", limit: 2 },
  });
});

test("refs: \"document\" resolves embedded $id resources and documents given in schemas", () => {
  const embedded = compile({ $id: "https://example.com/root", $defs: { b: { $id: "b", minimum: 2 } }, $ref: "b" }, { refs: "document" });
  accepts(embedded, 2);
  rejects(embedded, 1);
  const other = compile({ $ref: "https://example.com/other" }, { refs: "document", schemas: { "https://example.com/other": { type: "string" } } });
  accepts(other, "s");
  expectOnlyError(other, 1, {
    keywordLocation: "/$ref/type",
    instanceLocation: "",
    absoluteKeywordLocation: "https://example.com/other#/type",
    keyword: "type",
    params: { type: "string" },
  });
});

test("refs: \"document\" resolves relative references against the $id", () => {
  const v = compile({ $id: "https://example.com/a/root.json", $defs: { c: { $id: "c.json", type: "string" } }, $ref: "c.json" }, { refs: "document" });
  expectOnlyError(v, 1, {
    keywordLocation: "/$ref/type",
    instanceLocation: "",
    absoluteKeywordLocation: "https://example.com/a/c.json#/type",
    keyword: "type",
    params: { type: "string" },
  });
});

test("the built-in 2020-12 metaschema can be referenced", () => {
  const v = compile({ $ref: "https://json-schema.org/draft/2020-12/schema" }, { refs: "document" });
  accepts(v, { type: "string" }, true);
  rejects(v, { type: 5 }, { minLength: -1 });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile({ ...positive, items: { $ref: "#/$defs/pos" } }), [-1, -2]), { all: 2, first: 1 });
});

test("compile-time: references that leave the document are refused by default", () => {
  refuses({ $ref: "other.json" }, "external-ref", "/$ref");
  refuses({ properties: { a: { $ref: "https://example.com/x" } } }, "external-ref", "/properties/a/$ref");
  refuses({ $id: "https://example.com/root", $defs: { b: { $id: "b" } }, $ref: "b" }, "external-ref", "/$ref");
});

test("compile-time: unresolvable references", () => {
  refuses({ $ref: "#/$defs/missing" }, "unresolved-ref", "/$ref");
  refuses({ properties: { a: { $ref: "#/$defs/missing" } } }, "unresolved-ref", "/properties/a/$ref");
  refuses({ $ref: "#nope" }, "unresolved-ref", "/$ref");
  refuses({ $ref: "#/$defs/toString" }, "unresolved-ref", "/$ref");
  refuses({ $ref: "https://example.com/none" }, "unresolved-ref", "/$ref", { refs: "document" });
});

test("compile-time: $ref must be a string", () => {
  refuses({ $ref: 5 }, "invalid-schema", "/$ref");
  refuses({ items: { $ref: { a: 1 } } }, "invalid-schema", "/items/$ref");
});

test("after many reference crossings, every error still has a real evaluation path", () => {
  // Past the engine's memo threshold (4,096 crossings in one validate call) the second failure of the
  // same (target, value) is answered from memory; its unit must still point at the $ref (or at the
  // failing keyword), never at a spliced pointer.
  for (const [schema, real] of [
    [{ ...positive, items: { $ref: "#/$defs/pos" } }, "/items/$ref/minimum"],
    [{ type: ["number", "array"], minimum: 0, items: { $ref: "#" } }, "/items/$ref/minimum"],
  ] as const) {
    const v = compile(schema);
    const data = [...Array.from({ length: 5000 }, () => 1), -1, -1];
    const errors = errorsOf(v, data);
    const first = errors.filter((e) => e.instanceLocation === "/5000");
    const second = errors.filter((e) => e.instanceLocation === "/5001");
    assert.equal(first.map((e) => e.keywordLocation), [real]);
    assert.is(second.length, 1, JSON.stringify(errors));
    assert.ok(second[0]!.keywordLocation === real || second[0]!.keywordLocation === "/items/$ref", `keywordLocation of the repeat: ${second[0]!.keywordLocation}`);
    const reportedAt = second[0]!.params["reportedAt"];
    if (reportedAt !== undefined) assert.ok(errors.some((e) => e.keywordLocation === reportedAt), `reportedAt ${String(reportedAt)} names an error in the output`);
  }
});

test("a $ref cycle that consumes no input is refused at compile time (ref-cycle), at a reference on the cycle, used or not", () => {
  // Evaluation would go round it until the stack ran out (2020-12 Core, "Guarding Against Infinite Recursion").
  const cycle = { a: { $ref: "#/$defs/b" }, b: { $ref: "#/$defs/a" } };
  const e = refuses({ $defs: cycle, $ref: "#/$defs/a" }, "ref-cycle", "/$defs/a/$ref");
  assert.match(e.message, "/$defs/a/$ref → /$defs/b/$ref");
  refuses({ $defs: cycle }, "ref-cycle", "/$defs/a/$ref");
  refuses({ $ref: "#" }, "ref-cycle", "/$ref");
  // Through a keyword that descends into the instance, the same references are a legal recursion.
  const v = compile({ $defs: { a: { properties: { x: { $ref: "#/$defs/b" } } }, b: { $ref: "#/$defs/a", type: "object" } }, $ref: "#/$defs/a" });
  accepts(v, {}, { x: { x: {} } });
  rejects(v, { x: 1 }, { x: { x: [] } });
});

test.run();
