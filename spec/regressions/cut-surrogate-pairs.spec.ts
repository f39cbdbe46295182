// Regression: the cuts that shorten a value, a list or a URI in a message (show()'s 60
// characters, an enum's 200, a long identifier's 60, a pattern's 64) sliced UTF-16 units, so a
// value of 40 emoji ended its message with half a pair: U+FFFD on a terminal, "\ud83d" in JSON
// output, text some JSON parsers refuse. Each cut now keeps whole pairs.
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { compile, SchemaError, type ValidationResult } from "../../src/index.js";
import { check, runs } from "../helpers/arbitraries.js";

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Text of ASCII and astral characters, so that a cut falls at every offset of a pair. */
const mixed = fc.array(fc.constantFrom("a", "😀", "\u{10FFFF}", "é"), { minLength: 20, maxLength: 120 }).map((parts) => parts.join(""));

function messages(result: ValidationResult): string[] {
  return result.valid ? [] : result.errors.map((e) => e.error);
}

test("a value, a key or an enum's list cut in a message keeps whole surrogate pairs", () => {
  check(
    fc.property(mixed, mixed, (value, key) => {
      const cases: [unknown, unknown][] = [
        [{ type: "number" }, value],
        [{ const: 1 }, { [key]: value }],
        [{ additionalProperties: false }, { [key]: 1 }],
        [{ enum: [value, key, value + key] }, 1],
        [{ maxLength: 1 }, value],
      ];
      for (const [schema, data] of cases) {
        for (const text of messages(compile(schema, { cache: false }).validate(data))) assert.not.match(text, LONE_SURROGATE, `${JSON.stringify(schema)}: ${text}`);
      }
    }),
    runs(200),
  );
});

test("a refusal quoting a long identifier keeps whole surrogate pairs", () => {
  for (let pad = 0; pad < 4; pad++) {
    const id = "https://example.com/" + "a".repeat(pad) + "😀".repeat(5000);
    try {
      compile({ $id: id }, { cache: false });
      assert.unreachable("a long identifier is refused");
    } catch (error) {
      assert.instance(error, SchemaError);
      assert.not.match((error as SchemaError).message, LONE_SURROGATE, `pad ${pad}`);
    }
  }
});

test.run();
