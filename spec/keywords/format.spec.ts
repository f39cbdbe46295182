import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, SchemaCache } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses } from "./output-checks.js";
import { formats } from "../../src/formats/index.js";

test("by default format is an annotation: it never fails", () => {
  accepts(compile({ format: "email" }), "nope", "a@b.example", 5);
  accepts(compile({ format: "date" }), "2020-13-45");
  accepts(compile({ format: "ipv4" }), "999.1.1.1");
});

test("format: \"assert\" enforces known formats", () => {
  const v = compile({ format: "email" }, { formats });
  accepts(v, "a@b.example");
  const date = compile({ format: "date" }, { formats });
  accepts(date, "2020-02-29");
  expectOnlyError(date, "2021-02-29", { keywordLocation: "/format", instanceLocation: "", keyword: "format", params: { format: "date" } });
});

test("asserted formats ignore non-strings", () => {
  accepts(compile({ format: "email" }, { formats }), 5, null, ["x"], { a: "x" }, true);
});

test("an unknown format always passes, even when asserting", () => {
  accepts(compile({ format: "no-such-format" }, { formats }), "anything", "");
});

const FORMAT_ASSERTION = "https://json-schema.org/draft/2020-12/vocab/format-assertion";
function metaWith(required: boolean) {
  const id = `https://example.com/meta/format-assertion-${required}`;
  const meta = {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: id,
    $vocabulary: { "https://json-schema.org/draft/2020-12/vocab/core": true, [FORMAT_ASSERTION]: required },
  };
  return { schema: { $schema: id, format: "ipv4" }, schemas: { [id]: meta } };
}

test("the format-assertion vocabulary asserts with the checkers given", () => {
  for (const required of [true, false]) {
    const { schema, schemas } = metaWith(required);
    const v = compile(schema, { schemas, formats });
    accepts(v, "192.168.0.1");
    expectOnlyError(v, "nope", { keywordLocation: "/format", instanceLocation: "", keyword: "format", params: { format: "ipv4" } });
  }
});

test("without checkers, a required format-assertion vocabulary is refused and an optional one annotates", () => {
  const required = metaWith(true);
  refuses(required.schema, "unsupported-vocabulary", "/$schema", { schemas: required.schemas });
  const optional = metaWith(false);
  accepts(compile(optional.schema, { schemas: optional.schemas }), "192.168.0.1", "nope");
});

test("custom checkers: the caller's own format, and the cache keys them by identity", () => {
  const even: (value: string) => boolean = (value) => value.length % 2 === 0;
  const cache = new SchemaCache();
  const v = compile({ format: "even" }, { formats: { ...formats, even }, cache });
  accepts(v, "ab", "");
  expectOnlyError(v, "abc", { keywordLocation: "/format", instanceLocation: "", keyword: "format", params: { format: "even" } });
  assert.is(compile({ format: "even" }, { formats: { even }, cache }).isValid("abc"), false);
  assert.is(compile({ format: "even" }, { formats: { even: () => true }, cache }).isValid("abc"), true);
  assert.is(compile({ format: "even" }, { cache }).isValid("abc"), true);
  assert.is(compile({ format: "even" }, { formats: { ...formats, even }, cache }), v, "same names and functions: a cache hit");
  assert.throws(() => compile({}, { formats: { even: "yes" as unknown as () => boolean } }), (e: unknown) => e instanceof TypeError);
});

test("error: nested under properties and items", () => {
  const v = compile({ properties: { when: { items: { format: "date-time" } } } }, { formats });
  expectOnlyError(v, { when: ["2020-01-01T00:00:00Z", "yesterday"] }, {
    keywordLocation: "/properties/when/items/format",
    instanceLocation: "/when/1",
    keyword: "format",
    params: { format: "date-time" },
  });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile({ items: { format: "uuid" } }, { formats }), ["x", "y"]), { all: 2, first: 1 });
});

test("compile-time: format must be a string", () => {
  refuses({ format: 5 }, "invalid-schema", "/format");
  refuses({ items: { format: null } }, "invalid-schema", "/items/format");
});

test.run();
