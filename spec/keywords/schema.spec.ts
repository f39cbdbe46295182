import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { expectOnlyError, refuses } from "./output-checks.js";

test("the 2020-12 dialect, written with https or http, with or without an empty fragment", () => {
  for (const uri of [
    "https://json-schema.org/draft/2020-12/schema",
    "https://json-schema.org/draft/2020-12/schema#",
    "http://json-schema.org/draft/2020-12/schema#",
  ]) {
    expectOnlyError(compile({ $schema: uri, properties: { a: { type: "string" } } }), { a: 1 }, {
      keywordLocation: "/properties/a/type",
      instanceLocation: "/a",
      keyword: "type",
      params: { type: "string" },
    });
  }
});

test("compile-time: dialects schemagate does not know are refused", () => {
  refuses({ $schema: "http://json-schema.org/draft-03/schema#" }, "unsupported-dialect", "/$schema");
  refuses({ $schema: "https://json-schema.org/draft/2021-01/schema" }, "unsupported-dialect", "/$schema");
  refuses({ $schema: "toString" }, "unsupported-dialect", "/$schema");
});

test("compile-time: $schema must be a string", () => {
  const error = refuses({ $schema: 5 }, "invalid-schema", "/$schema");
  assert.ok(Array.isArray(error.errors), "the metaschema's findings are attached");
});

test.run();
