// The fast paths of src/json that skip a general routine for the common input (strings that need
// no escape, pointer segments without "~", pointers made of URI-safe characters) write exactly what
// the general routine writes, for any string.
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { check, runs } from "./helpers/arbitraries.js";
import { quote } from "../src/json/quote.js";
import { pointerToFragment, unescapeSegment } from "../src/json/pointer.js";
import { compile } from "../src/compile.js";

/** Plain text mixed with the characters each routine treats apart: quotes, escapes, surrogates, "~", "/", "#", "%". */
const text = fc.array(fc.oneof(fc.string({ unit: "grapheme" }), fc.constantFrom('"', "\\", "\u0000", "\n", "\u001f", "\ud800", "\udfff", "\ud83d\ude00", "\u2028", "~0", "~1", "~", "/", "#", "%", "%41", " ", "é")), { maxLength: 6 }).map((parts) => parts.join(""));

test("quote() writes every string as JSON.stringify does", () => {
  check(fc.property(text, (s) => assert.is(quote(s), JSON.stringify(s))), runs(500));
  assert.is(quote("sort"), '"sort"');
  assert.is(quote('a"b'), '"a\\"b"');
});

test("unescapeSegment() is the two replacements of RFC 6901, in order", () => {
  check(fc.property(text, (s) => assert.is(unescapeSegment(s), s.replace(/~1/g, "/").replace(/~0/g, "~"))), runs(500));
  assert.is(unescapeSegment("a~01"), "a~1");
});

test("pointerToFragment() is encodeURI with '#' encoded, for every pointer", () => {
  const general = (p: string) => encodeURI(p).replace(/#/g, "%23").replace(/%25([0-9A-Fa-f]{2})/g, "%25$1");
  // encodeURI refuses lone surrogates (and so does pointerToFragment, by falling back on it).
  const wellFormed = text.filter((s) => {
    try {
      return encodeURI(s).length >= 0;
    } catch {
      return false;
    }
  });
  check(fc.property(wellFormed, (s) => assert.is(pointerToFragment("/" + s), general("/" + s))), runs(500));
  assert.is(pointerToFragment("/$defs/a b/#"), "/$defs/a%20b/%23");
});

test("messages quote names and values through quote(): a name that needs escapes reads as JSON", () => {
  const result = compile({ required: ["a\nb"], properties: { x: { const: 'say "hi"' } } }, { cache: false }).validate({ x: "q\\" });
  assert.equal(result.valid ? [] : result.errors.map((e) => e.error), ['must have required property "a\\nb"', 'must be equal to "say \\"hi\\"", but is "q\\\\"']);
});

test.run();
