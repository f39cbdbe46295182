import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses } from "./output-checks.js";

test("by default format is an annotation: it never fails", () => {
  accepts(compile({ format: "email" }), "nope", "a@b.example", 5);
  accepts(compile({ format: "date" }), "2020-13-45");
  accepts(compile({ format: "ipv4" }), "999.1.1.1");
});

test("format: \"assert\" enforces known formats", () => {
  const v = compile({ format: "email" }, { format: "assert" });
  accepts(v, "a@b.example");
  const date = compile({ format: "date" }, { format: "assert" });
  accepts(date, "2020-02-29");
  expectOnlyError(date, "2021-02-29", { keywordLocation: "/format", instanceLocation: "", keyword: "format", params: { format: "date" } });
});

test("asserted formats ignore non-strings", () => {
  accepts(compile({ format: "email" }, { format: "assert" }), 5, null, ["x"], { a: "x" }, true);
});

test("an unknown format always passes, even when asserting", () => {
  accepts(compile({ format: "no-such-format" }, { format: "assert" }), "anything", "");
});

test("the format-assertion vocabulary asserts without the option", () => {
  const M = "https://json-schema.org/draft/2020-12/schema";
  const meta = {
    $schema: M,
    $id: "https://example.com/meta/format-assertion",
    $vocabulary: {
      "https://json-schema.org/draft/2020-12/vocab/core": true,
      "https://json-schema.org/draft/2020-12/vocab/format-assertion": true,
    },
  };
  const v = compile({ $schema: "https://example.com/meta/format-assertion", format: "ipv4" }, { schemas: { "https://example.com/meta/format-assertion": meta } });
  accepts(v, "192.168.0.1");
  expectOnlyError(v, "nope", { keywordLocation: "/format", instanceLocation: "", keyword: "format", params: { format: "ipv4" } });
});

test("error: nested under properties and items", () => {
  const v = compile({ properties: { when: { items: { format: "date-time" } } } }, { format: "assert" });
  expectOnlyError(v, { when: ["2020-01-01T00:00:00Z", "yesterday"] }, {
    keywordLocation: "/properties/when/items/format",
    instanceLocation: "/when/1",
    keyword: "format",
    params: { format: "date-time" },
  });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile({ items: { format: "uuid" } }, { format: "assert" }), ["x", "y"]), { all: 2, first: 1 });
});

test("compile-time: format must be a string", () => {
  refuses({ format: 5 }, "invalid-schema", "/format");
  refuses({ items: { format: null } }, "invalid-schema", "/items/format");
});

test.run();
