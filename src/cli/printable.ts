// Text that comes from a file (keys, messages quoting data, $ref values, schema locations, file
// names) is printed through printable(): one error stays one line, and nothing a file holds can
// move the cursor, colour the terminal or forge a line of output. JSON output goes through
// printableJson(): still JSON, with the same escapes where JSON.stringify leaves characters raw.
import { shortenMiddle } from "../output/shorten.js";
import { LINE_LOCATION } from "../output/compact.js";

/** The most characters of a location (instance or schema) printed; longer ones are shortened in the middle (as compact lines cut theirs). */
export const LOCATION_MAX = LINE_LOCATION;
/** The most characters of a message printed; longer ones are shortened in the middle. */
export const MESSAGE_MAX = 400;

// C0 controls, DEL, C1 controls (U+009B is a CSI on some terminals), the line and paragraph
// separators, and the invisible marks that reorder or hide text (bidi controls, the BOM).
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g;
// The same less C0, which JSON.stringify escapes itself (a raw "\n" in its output is indentation).
const UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g;
const SHORT: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

const unicodeEscape = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
const escape = (c: string): string => SHORT[c] ?? unicodeEscape(c);

/**
 * `text` for a terminal: control and invisible characters written as visible escapes (`\n`,
 * `\u001b`), and, past `max` characters, the middle replaced with "…" (the start and the end,
 * where a pointer names the property, stay).
 */
export function printable(text: string, max = Infinity): string {
  return shortenMiddle(text, max).replace(UNSAFE, escape);
}

/** JSON.stringify(value, null, 2), with the characters it leaves raw that a terminal acts on escaped as \uXXXX (the same JSON). */
export function printableJson(value: unknown): string {
  // Those characters can only be inside a string there, where \uXXXX means the same.
  return JSON.stringify(value, null, 2).replace(UNSAFE_IN_JSON, unicodeEscape);
}
