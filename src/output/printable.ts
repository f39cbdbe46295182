// Text that comes from untrusted data (keys, messages quoting data, $ref values, file names) is
// written through printable() wherever a person or a model reads it: the CLI's lines and the MCP
// layer's error messages. One error stays one line, and nothing the data holds can move the
// cursor, colour a terminal or forge a line of a log. JSON output goes through printableJson():
// still JSON, with the same escapes where JSON.stringify leaves characters raw.
import { LONE_SURROGATE } from "../json/surrogates.js";
import { shortenMiddle } from "./shorten.js";
import { lastMatch, matched } from "../json/last-match.js";
import { compiledBeforeUse } from "../regex/compiled-now.js";

// C0 controls, DEL, C1 controls (U+009B is a CSI on some terminals), the line and paragraph
// separators, and every character that shows nothing yet reaches a model or reorders text: bidi
// controls, the BOM, the soft hyphen, zero-width spaces and joiners, the word joiner, invisible
// operators and deprecated format controls, the combining grapheme joiner, the Arabic, Syriac,
// Khmer, Mongolian, Brahmi, Egyptian and shorthand format marks, the Hangul fillers and the
// blank Braille pattern (a symbol by its class, but the filler of choice for invisible names), the
// variation selectors and the interlinear annotation marks; and in plane 14 the tag characters
// and the variation selectors supplement (surrogate pairs here), which can spell hidden words.
// spec/mcp-error-text.spec.ts holds them to Unicode's classes (Cc, Cf, Zl, Zp, Default_Ignorable).
// Both sets below: all of it but C0 (DEL, C1, the separators, the invisible marks), and the
// astral ones.
const PAST_C0 = "\\u007f-\\u009f\\u00ad\\u034f\\u0600-\\u0605\\u061c\\u06dd\\u070f\\u0890\\u0891\\u08e2\\u115f\\u1160\\u17b4\\u17b5\\u180b-\\u180f\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u206f\\u2800\\u3164\\ufe00-\\ufe0f\\ufeff\\uffa0\\ufff0-\\ufffb";
const ASTRAL = "[\\udb40-\\udb43][\\udc00-\\udfff]|\\ud834[\\udd73-\\udd7a]|\\ud82f[\\udca0-\\udca3]|\\ud804[\\udcbd\\udccd]|\\ud80d[\\udc30-\\udc3f]";
// And a lone surrogate (half a pair, where the text was cut or built so): not text at all.
const UNSAFE = compiledBeforeUse(new RegExp(`[\\u0000-\\u001f${PAST_C0}]|${ASTRAL}|${LONE_SURROGATE}`, "g"));
// The same, to ask whether there is one: most texts have none, and a test costs half a replace.
const ANY_UNSAFE = compiledBeforeUse(new RegExp(UNSAFE.source));
// The same less C0, which JSON.stringify escapes itself (a raw "\n" in its output is indentation).
const UNSAFE_IN_JSON = compiledBeforeUse(new RegExp(`[${PAST_C0}]|${ASTRAL}|${LONE_SURROGATE}`, "g"));

const unitEscape = (unit: number): string => `\\u${unit.toString(16).padStart(4, "0")}`;
/** `\uXXXX`, or two of them for a surrogate pair (the same JSON). */
const unicodeEscape = (c: string): string => (c.length === 1 ? unitEscape(c.charCodeAt(0)) : unitEscape(c.charCodeAt(0)) + unitEscape(c.charCodeAt(1)));
// Compared, not looked up in an object: a key on a polluted Object.prototype ("\u202e": "\u202e")
// would have written the character back raw.
const escape = (c: string): string => (c === "\n" ? "\\n" : c === "\r" ? "\\r" : c === "\t" ? "\\t" : unicodeEscape(c));

/** Whether printable() would escape anything in `text`. */
export function hasUnsafe(text: string): boolean {
  return matched(ANY_UNSAFE.test(text));
}

/**
 * `text` with control and invisible characters written as visible escapes (`\n`, `\u001b`), and,
 * past `max` characters, the middle replaced with "…" (the start and the end, where a pointer
 * names the property, stay). The cut comes first, so the escaped text may be longer than `max`.
 */
export function printable(text: string, max = Infinity): string {
  const short = shortenMiddle(text, max);
  return hasUnsafe(short) ? short.replace(UNSAFE, escape) : short;
}

/** JSON.stringify(value, null, 2), with the characters it leaves raw that a terminal acts on escaped as \uXXXX (the same JSON). */
export function printableJson(value: unknown): string {
  return escapedJson(JSON.stringify(value, null, 2));
}

/** JSON text with those characters escaped: they can only be inside a string there, where \uXXXX means the same. */
export function escapedJson(text: string): string {
  lastMatch.ofData = true; // the text may hold the caller's strings
  return text.replace(UNSAFE_IN_JSON, unicodeEscape);
}
