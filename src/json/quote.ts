// A string as JSON text, as JSON.stringify writes it. Most strings (keys, names, enum values)
// need no escape, and quoting them directly skips the call into JSON.stringify.

/** The characters JSON.stringify escapes, and every surrogate (a lone one is escaped; a pair is left to it). */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** JSON.stringify(text), for a string. */
export function quote(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : '"' + text + '"';
}

/** quote(text).length, without writing the text when nothing needs an escape. */
export function quotedLength(text: string): number {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text).length : text.length + 2;
}
