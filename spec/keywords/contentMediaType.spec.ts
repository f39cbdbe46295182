import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, refuses } from "./output-checks.js";
import { formats } from "../../src/formats/index.js";

// In 2020-12 contentMediaType is an annotation: it never fails, whatever the option.

test("never fails: text that is not JSON passes as application/json", () => {
  for (const options of [{}, { formats }]) {
    const v = compile({ contentMediaType: "application/json" }, options);
    accepts(v, '{"a": 1}', "{not json", "", 5, null, {});
  }
});

test("never fails nested under items", () => {
  accepts(compile({ items: { contentMediaType: "image/png" } }), ["not a png", 1]);
  assert.is(compile({ items: { contentMediaType: "image/png" } }).isValid(["not a png"]), true);
});

test("compile-time: contentMediaType must be a string", () => {
  refuses({ contentMediaType: true }, "invalid-schema", "/contentMediaType");
  refuses({ items: { contentMediaType: {} } }, "invalid-schema", "/items/contentMediaType");
});

test.run();
