import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

test("$defs never applies to the instance by itself", () => {
  accepts(compile({ $defs: { never: false, str: { type: "string" } } }), 1, null, {});
});

test("$defs entries are reached by $ref", () => {
  const v = compile({ $defs: { str: { type: "string" } }, properties: { a: { $ref: "#/$defs/str" } } });
  accepts(v, { a: "x" }, {});
  rejects(v, { a: 1 });
});

test("nested $defs", () => {
  const v = compile({ $defs: { outer: { $defs: { inner: { const: 1 } } } }, $ref: "#/$defs/outer/$defs/inner" });
  accepts(v, 1);
  rejects(v, 2);
});

test("error: located through the $ref, absolute location inside $defs", () => {
  expectOnlyError(compile({ $defs: { str: { type: "string" } }, items: { $ref: "#/$defs/str" } }), ["a", 1], {
    keywordLocation: "/items/$ref/type",
    instanceLocation: "/1",
    absoluteKeywordLocation: "#/$defs/str/type",
    keyword: "type",
    params: { type: "string" },
  });
  expectOnlyError(compile({ $defs: { str: { type: "string" } }, properties: { p: { $ref: "#/$defs/str" } } }), { p: 1 }, {
    keywordLocation: "/properties/p/$ref/type",
    instanceLocation: "/p",
    absoluteKeywordLocation: "#/$defs/str/type",
    keyword: "type",
    params: { type: "string" },
  });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile({ $defs: { s: { type: "string" } }, items: { $ref: "#/$defs/s" } }), [1, 2]), { all: 2, first: 1 });
});

test("compile-time: $defs must map names to schemas, even unreferenced ones", () => {
  refuses({ $defs: 5 }, "invalid-schema", "/$defs");
  refuses({ $defs: [] }, "invalid-schema", "/$defs");
  refuses({ $defs: { a: 5 } }, "invalid-schema", "/$defs/a");
  refuses({ $defs: { a: { minLength: -1 } } }, "invalid-schema", "/$defs/a/minLength");
});

test("compile-time: a $ref to a missing entry", () => {
  refuses({ $defs: { a: true }, $ref: "#/$defs/b" }, "unresolved-ref", "/$ref");
});

test.run();
