// Regression (hostile schemas): a SchemaError's message quoted the schema's text raw — a $ref, a
// $schema, an identifier, a pattern, a key in its location — so a tool's output schema from a
// hostile MCP server put terminal codes, line breaks and bidi marks into the client's error
// ("Tool 'x' has an invalid outputSchema: $ref \"…\u001b[31m…\""). Messages are now escaped as
// every text from data is (printable); schemaLocation keeps the key as it is.
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { compile, SchemaError, type Validator } from "../../src/index.js";
import { MESSAGE_POINTER_LENGTH } from "../../src/limits.js";
import { check, runs } from "../helpers/arbitraries.js";

const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
const hostile = fc.array(fc.constantFrom("a", "/", "\u001b[31m", "\n", "\r", "\u202e", "\u2028", "\u0085", "\u200b", "\ufe0f", "\u{E0049}", "😀"), { minLength: 1, maxLength: 12 }).map((parts) => parts.join(""));

/** The schemas that quote `text` in a refusal, and where each is refused. */
const refusals = (text: string): [unknown, string, object?][] => [
  [{ properties: { a: { $ref: `http://evil/${text}` } } }, "/properties/a/$ref"],
  [{ $schema: `x${text}` }, "/$schema"],
  [{ pattern: `(${text}` }, "/pattern"],
  [{ $id: `http://a/${text}`, $defs: { x: { $id: `http://a/${text}` } } }, "/$defs/x/$id"],
  [{ properties: { [text]: { $ref: "#/nowhere" } } }, `/properties/${text.replace(/~/g, "~0").replace(/\//g, "~1")}/$ref`],
  [{ properties: { [text]: { minimum: "one" } } }, `/properties/${text.replace(/~/g, "~0").replace(/\//g, "~1")}/minimum`],
  [{ $ref: `#/$defs/${text}` }, "/$ref", { refs: "document" }],
];

test("a refusal's message escapes what the schema wrote; its schemaLocation keeps it", () => {
  check(
    fc.property(hostile, (text) => {
      for (const [schema, location, options] of refusals(text)) {
        try {
          compile(schema, { cache: false, ...options });
          assert.unreachable(`${JSON.stringify(schema)} is refused`);
        } catch (error) {
          if (!(error instanceof SchemaError)) throw error;
          assert.not.match(error.message, UNSAFE, `${error.code}: ${JSON.stringify(error.message)}`);
          assert.is(error.schemaLocation, location);
        }
      }
    }),
    runs(150),
  );
});

// Regression (red-team probe of the API): the message was cut to 2,000 characters and escaped
// after, so a $ref of 5,000 control or invisible characters (or lone surrogates) made the part
// before the location 11,575 characters. The README: the limit holds for the escaped text.
test("the message before its location is at most 2,000 characters escaped, whatever the characters", () => {
  for (const unit of ["\u0007", "\u200b", "\ud800", "x", "😀"]) {
    try {
      compile({ $ref: `#/a${unit.repeat(5_000)}` }, { cache: false });
      assert.unreachable("refused");
    } catch (error) {
      if (!(error instanceof SchemaError)) throw error;
      const before = error.message.slice(0, error.message.lastIndexOf(" at "));
      assert.ok(before.length <= 2_000, `${JSON.stringify(unit)}: ${before.length} characters`);
      assert.not.match(error.message, UNSAFE);
      assert.ok(before.length > 1_900, "the cut keeps what the bound allows");
    }
  }
});

// So is assert()'s ValidationError message: the first unit's location was cut, then escaped.
test("assert's message names the location escaped within its bound", () => {
  const v: Validator = compile({ additionalProperties: { const: 1 } }, { cache: false });
  try {
    v.assert({ ["\u200b".repeat(5_000)]: 2 });
    assert.unreachable("invalid");
  } catch (error) {
    const message = (error as Error).message;
    assert.not.match(message, UNSAFE);
    const where = message.slice("Invalid data at ".length, message.indexOf(": must"));
    assert.ok(where.length <= MESSAGE_POINTER_LENGTH, `${where.length} characters`);
  }
});

test.run();
