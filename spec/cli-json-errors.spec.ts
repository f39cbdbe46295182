// A JSON syntax error never quotes the file: V8's message echoes up to some 10 characters of the
// text in several cut forms ("password=h"..., ..."b": undefined_"...), which reached the terminal,
// --output json and --redact runs. The reason is one of V8's that quote nothing, or our own.
import fc from "fast-check";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { parseJson } from "../src/cli/read-json.js";

/** The reason parseJson gives for `text`, after "invalid JSON: ". */
function reason(text: string, redact = false): string {
  try {
    parseJson(text, "f.json", { redact });
  } catch (error) {
    const message = (error as Error).message;
    assert.match(message, /^f\.json:\d+:\d+: /);
    return message.replace(/^f\.json:\d+:\d+: /, "");
  }
  return "(parsed)";
}

// What a reason may be: V8's wording of the mistake alone, or one character at most (escaped).
const QUOTING_NOTHING =
  /^invalid JSON: (?:expected property name or '\}'|expected ',' or '\}' after property value|expected ',' or '\]' after array element|expected ':' after property name|expected double-quoted property name|unterminated string|bad control character in string literal|bad escaped character|bad unicode escape|exponent part is missing a number|no number after minus sign|unterminated fractional number|unexpected non-whitespace character after json|unexpected end of input|the file is empty|unexpected character)$/i;
const ONE_CHARACTER = /^invalid JSON: unexpected character "(?:[^"\\]{1,2}|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})"$/;

test("the reported cases: no text of the file in the reason, with or without --redact", () => {
  assert.is(reason("password=hunter2-very-secret\n"), 'invalid JSON: unexpected character "p"');
  assert.is(reason("password=hunter2-very-secret\n", true), "invalid JSON: unexpected character");
  assert.is(reason('{"a": tru, "password": "hunter2"}'), 'invalid JSON: unexpected character ","');
  assert.is(reason('{"a": tru, "password": "hunter2"}', true), "invalid JSON: unexpected character");
  assert.is(reason('{\n "a": 1,\n "b": undefined_value_hunter2\n}'), 'invalid JSON: unexpected character "u"');
  assert.is(reason('{"a": 1 "b": 2}', true), "invalid JSON: expected ',' or '}' after property value");
  assert.is(reason("[1, 2", true), "invalid JSON: expected ',' or ']' after array element");
  assert.is(reason("[1, ", true), "invalid JSON: unexpected end of input");
  assert.is(reason('"\u202e\u001b[31m'), "invalid JSON: bad control character in string literal");
});

test("random broken JSON: every reason is V8's wording alone or one character (a property, seeds printed)", () => {
  const pieces = fc.constantFrom("", ",", "]", "}", "{", "[", ":", '"', "-", ".", "e", "x", "tru", "undefined", " ", "\\", "\\u12", "\u0001", "\u202e", "😀", "\ud83d", "0", "01", "1e", "NaN", "'a'");
  const broken = fc.tuple(fc.json({ maxDepth: 3 }), fc.array(fc.tuple(fc.nat(), pieces), { minLength: 1, maxLength: 3 })).map(([text, edits]) => {
    let out = text;
    for (const [at, piece] of edits) {
      const i = at % (out.length + 1);
      out = out.slice(0, i) + piece + out.slice(i + (at % 2));
    }
    return out;
  });
  const texts = fc.oneof(broken, fc.string({ maxLength: 40 }), fc.string({ unit: "grapheme", maxLength: 40 }));
  fc.assert(
    fc.property(texts, (text) => {
      const plain = reason(text);
      if (plain === "(parsed)") return;
      if (plain.startsWith("number out of range: ")) {
        // Valid JSON, but a number beyond the double range, or one that would read as 0 though it
        // is not: quoted, except under --redact.
        const redacted = reason(text, true);
        assert.ok(
          redacted === "number out of range: a number is beyond the largest number read, about 1.8e308 (a double)" ||
            redacted === "number out of range: a number is nearer 0 than the least number read, about 5e-324 (a double): it would read as 0",
          redacted,
        );
        return;
      }
      assert.ok(QUOTING_NOTHING.test(plain) || ONE_CHARACTER.test(plain), `${JSON.stringify(text)}: ${plain}`);
      const redacted = reason(text, true);
      assert.ok(QUOTING_NOTHING.test(redacted), `redacted ${JSON.stringify(text)}: ${redacted}`);
    }),
    { numRuns: 3000 },
  );
});

test.run();
