// A string as JSON text, as JSON.stringify writes it. Most strings (keys, names, enum values)
// need no escape, and quoting them directly skips the call into JSON.stringify.
import { matched } from "./last-match.js";
import { compiledBeforeUse } from "../regex/compiled-now.js";

/** The characters JSON.stringify escapes, and every surrogate (a lone one is escaped; a pair is left to it). */
const NEEDS_ESCAPE = compiledBeforeUse(/["\\\u0000-\u001f\ud800-\udfff]/);

/** JSON.stringify(text), for a string. */
export function quote(text: string): string {
  return needsEscape(text) ? JSON.stringify(text) : '"' + text + '"';
}

/** quote(text).length, without writing the text when nothing needs an escape. */
export function quotedLength(text: string): number {
  return needsEscape(text) ? JSON.stringify(text).length : text.length + 2;
}

/** Up to this length a loop over the characters is tested, which costs less than the regex's call. */
const SHORT = 64;

function needsEscape(text: string): boolean {
  if (text.length > SHORT) return matched(NEEDS_ESCAPE.test(text));
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return true;
  }
  return false;
}
