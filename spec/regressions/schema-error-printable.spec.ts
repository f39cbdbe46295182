// Regression (hostile schemas): a SchemaError's message quoted the schema's text raw — a $ref, a
// $schema, an identifier, a pattern, a key in its location — so a tool's output schema from a
// hostile MCP server put terminal codes, line breaks and bidi marks into the client's error
// ("Tool 'x' has an invalid outputSchema: $ref \"…\u001b[31m…\""). Messages are now escaped as
// every text from data is (printable); schemaLocation keeps the key as it is.
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { compile, SchemaError } from "../../src/index.js";
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

test.run();
