import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, refuses } from "./output-checks.js";
import { formats } from "../../src/formats/index.js";

// In 2020-12 contentEncoding is an annotation: it never fails, whatever the option.

test("never fails: invalid base64 and non-strings pass", () => {
  for (const options of [{}, { formats }]) {
    const v = compile({ contentEncoding: "base64" }, options);
    accepts(v, "eyJhIjoxfQ==", "!!! not base64 !!!", "", 1, null, [], {});
  }
});

test("never fails nested, or combined with the other content keywords", () => {
  const v = compile({ properties: { blob: { type: "string", contentEncoding: "base64", contentMediaType: "application/json" } } });
  accepts(v, { blob: "%%%" }, { blob: "e30=" });
});

test("unknown encodings are accepted", () => {
  accepts(compile({ contentEncoding: "x-unknown" }), "anything");
  assert.equal(compile({ contentEncoding: "x-unknown" }).validate("anything", { allErrors: true }), { valid: true });
});

test("compile-time: contentEncoding must be a string", () => {
  refuses({ contentEncoding: 5 }, "invalid-schema", "/contentEncoding");
  refuses({ properties: { a: { contentEncoding: ["base64"] } } }, "invalid-schema", "/properties/a/contentEncoding");
});

test.run();
