import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, refuses, rejects } from "./output-checks.js";
import { formats } from "../../src/formats/index.js";

// In 2020-12 contentSchema is an annotation: the decoded content is not validated.

const schema = {
  type: "string",
  contentMediaType: "application/json",
  contentSchema: { type: "object", required: ["id"], properties: { id: { type: "integer" } } },
};

test("never fails: content that would not match its contentSchema passes", () => {
  for (const options of [{}, { formats }]) {
    const v = compile(schema, options);
    accepts(v, '{"id": 1}', '{"id": "x"}', "[]", "not json");
  }
});

test("sibling assertions still apply", () => {
  rejects(compile(schema), 5, null);
  const result = compile(schema).validate(5);
  assert.equal(result.valid ? [] : result.errors.map((e) => e.keywordLocation), ["/type"]);
});

test("contentSchema: false does not fail either", () => {
  accepts(compile({ contentMediaType: "application/json", contentSchema: false }), "{}", 1);
});

test("compile-time: contentSchema must be a schema", () => {
  refuses({ contentSchema: 5 }, "invalid-schema", "/contentSchema");
  refuses({ contentSchema: { minLength: -1 } }, "invalid-schema", "/contentSchema/minLength");
});

test.run();
