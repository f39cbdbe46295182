import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, expectOnlyError, refuses, rejects } from "./output-checks.js";

test("a $dynamicAnchor does not apply by itself", () => {
  accepts(compile({ $defs: { a: { $dynamicAnchor: "x", not: {} } } }), 1);
  assert.is(compile({ $dynamicAnchor: "root", type: "string" }).isValid(1), false);
});

test("it is also a plain anchor for $ref", () => {
  const v = compile({ $defs: { a: { $dynamicAnchor: "x", type: "string" } }, $ref: "#x" });
  accepts(v, "s");
  rejects(v, 1);
  expectOnlyError(v, 1, { keywordLocation: "/$ref/type", instanceLocation: "", absoluteKeywordLocation: "#/$defs/a/type", keyword: "type", params: { type: "string" } });
});

test("compile-time: $dynamicAnchor must be a string of the anchor grammar", () => {
  refuses({ $dynamicAnchor: 1 }, "invalid-schema", "/$dynamicAnchor");
  refuses({ $defs: { a: { $dynamicAnchor: "1x" } } }, "invalid-schema", "/$defs/a/$dynamicAnchor");
});

test.run();
