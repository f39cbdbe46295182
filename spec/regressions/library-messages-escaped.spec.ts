// Regression (hostile data): the texts the library writes for people and models outside the MCP
// layer and the CLI quoted the data raw: formatCompact()'s lines ("for logs and language models,
// one line each") and assert()'s ValidationError message carried raw ESC, line breaks, bidi
// marks, zero-width and tag characters from a key; a TypeError naming a bad option quoted it
// raw; and printable() left lone surrogates, which a terminal shows as U+FFFD and strict JSON
// readers refuse. They are now escaped as every text from data is.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, formatCompact } from "../../src/index.js";
import { printable, printableJson } from "../../src/output/printable.js";
import { thrown } from "../helpers/refusal.js";

const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/u;
const HOSTILE = "\u202e\u001b[31m\u200b\u{E0049}\n\u2028\ud800x\udc00";

test("formatCompact's lines and assert()'s message escape what a key holds; the units keep it", () => {
  const v = compile({ additionalProperties: { type: "string" } }, { cache: false });
  const result = v.validate({ [HOSTILE]: 1 });
  assert.is(result.valid, false);
  if (result.valid) return;
  assert.is(result.errors[0]!.instanceLocation, "/" + HOSTILE, "the unit keeps the data");
  const lines = formatCompact(result.errors);
  assert.not.match(lines, UNSAFE);
  assert.is(lines.split("\n").length, 1, "one line");
  const message = thrown(() => v.assert({ [HOSTILE]: 1, ["k".repeat(10_000)]: 2 })).message;
  assert.not.match(message, UNSAFE);
  assert.ok(message.length < 3_000, `${message.length} characters`);
});

test("a TypeError naming a bad option escapes what it quotes", () => {
  assert.not.match(thrown(() => compile({}, { refs: HOSTILE as "document" })).message, UNSAFE);
  assert.not.match(thrown(() => compile({}, { formats: { [HOSTILE]: 1 as never } })).message, UNSAFE);
  const v = compile({}, { cache: false });
  assert.not.match(thrown(() => v.validate(1, { output: HOSTILE as "basic" })).message, UNSAFE);
});

test("printable escapes a lone surrogate, never half of a pair; printableJson keeps the JSON", () => {
  assert.is(printable("a\ud800b\udc00c😀"), "a\\ud800b\\udc00c😀");
  assert.is(printable("\ud83d"), "\\ud83d");
  assert.equal(JSON.parse(printableJson({ k: "\ud800😀\udfff" })), { k: "\ud800😀\udfff" });
  assert.not.match(printableJson({ k: "\ud800😀\udfff" }).replace(/\n/g, ""), UNSAFE, "its indentation aside");
});

test.run();
