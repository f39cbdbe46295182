// The `\u` escapes of a u-flag pattern: `\u{hex}` up to U+10FFFF, or four hex digits, a
// surrogate pair written `\uD83D\uDE00` being one code point.
import { compiledBeforeUse } from "./compiled-now.js";

const HEX4 = compiledBeforeUse(/^[0-9A-Fa-f]{4}$/);
const HEX = compiledBeforeUse(/^[0-9A-Fa-f]+$/);
const ZEROS_BEFORE_A_DIGIT = compiledBeforeUse(/^0+(?=.)/);
const LEADING_ZEROS = compiledBeforeUse(/^0+/);

const hex4 = (src: string, at: number): number | undefined => (HEX4.test(src.slice(at, at + 4)) ? parseInt(src.slice(at, at + 4), 16) : undefined);

/** The escape after `\u` at `at` in `src`: its code point and where it ends; undefined when it is none. */
export function unicodeEscape(src: string, at: number): { readonly cp: number; readonly end: number } | undefined {
  if (src.startsWith("{", at)) {
    const close = src.indexOf("}", at + 1);
    const digits = close < 0 ? "" : src.slice(at + 1, close);
    if (!HEX.test(digits)) return undefined;
    const cp = parseInt(digits.replace(ZEROS_BEFORE_A_DIGIT, "").slice(-8), 16);
    if (digits.replace(LEADING_ZEROS, "").length > 6 || cp > 0x10ffff) return undefined;
    return { cp, end: close + 1 };
  }
  const cp = hex4(src, at);
  if (cp === undefined) return undefined;
  if (cp >= 0xd800 && cp <= 0xdbff && src.startsWith("\\u", at + 4)) {
    const trail = hex4(src, at + 6);
    if (trail !== undefined && trail >= 0xdc00 && trail <= 0xdfff) return { cp: 0x10000 + ((cp - 0xd800) << 10) + (trail - 0xdc00), end: at + 10 };
  }
  return { cp, end: at + 4 };
}
