// JSON text is UTF-8 (RFC 8259 §8.1): a file that is not is refused, never read with U+FFFD in
// place of its bad bytes (a const or a pattern would then be checked against other text).
import { lineColumn } from "./json-position.js";

/** Thrown for bytes that are not UTF-8, with the message to print (not yet escaped). */
export class NotUtf8 extends Error {}

const DECODER = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** How many continuation bytes a lead byte takes, and the range of the first of them (RFC 3629 §4); undefined for no lead byte. */
function sequenceOf(b: number): [more: number, low: number, high: number] | undefined {
  if (b >= 0xc2 && b <= 0xdf) return [1, 0x80, 0xbf];
  if (b === 0xe0) return [2, 0xa0, 0xbf]; // no overlong forms
  if (b === 0xed) return [2, 0x80, 0x9f]; // no surrogates
  if (b >= 0xe1 && b <= 0xef) return [2, 0x80, 0xbf];
  if (b === 0xf0) return [3, 0x90, 0xbf];
  if (b >= 0xf1 && b <= 0xf3) return [3, 0x80, 0xbf];
  return b === 0xf4 ? [3, 0x80, 0x8f] : undefined; // nothing past U+10FFFF
}

/** The offset of the first byte from `start` that starts no well-formed UTF-8 sequence, or -1. */
function invalidOffset(bytes: Uint8Array, start = 0): number {
  for (let i = start; i < bytes.length; ) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    const sequence = sequenceOf(b);
    if (sequence === undefined) return i;
    const [more, low, high] = sequence;
    const second = bytes[i + 1] ?? 0;
    if (second < low || second > high) return i;
    for (let k = 2; k <= more; k++) if (((bytes[i + k] ?? 0) & 0xc0) !== 0x80) return i;
    i += more + 1;
  }
  return -1;
}

/** Whether `bytes` are well-formed UTF-8 throughout. */
export function isUtf8(bytes: Uint8Array): boolean {
  return invalidOffset(bytes) < 0;
}

/**
 * `bytes` as text (a byte order mark kept, for the parser to skip); throws NotUtf8 naming the
 * line, column and byte offset of the first bad byte, and the byte unless `redact` (it is one of
 * the file's, "ä" in Latin-1). `file` and `kind` ("JSON", "YAML") word it.
 */
export function decodeUtf8(bytes: Uint8Array, file: string, kind: string, redact = false): string {
  try {
    return DECODER.decode(bytes);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ERR_ENCODING_INVALID_ENCODED_DATA") throw error; // too long for a string
    const offset = Math.max(invalidOffset(bytes), 0);
    const before = DECODER.decode(bytes.subarray(0, offset));
    const text = before.charCodeAt(0) === 0xfeff ? before.slice(1) : before; // positions are counted without it, as parseJson does
    const { line, column } = lineColumn(text, text.length);
    const hex = bytes[offset]!.toString(16).toUpperCase().padStart(2, "0");
    const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff) ? " (a UTF-16 file: save it as UTF-8)" : "";
    throw new NotUtf8(`${file}:${line}:${column}: invalid ${kind}: not UTF-8: ${redact ? "a byte" : `byte 0x${hex}`} at offset ${offset}${utf16}`);
  }
}

/**
 * A file name's bytes as text, each byte that is not UTF-8 written "\xE9" (U+FFFD would name
 * no file a user can find, and two such names would look the same).
 */
export function nameOfBytes(bytes: Uint8Array): string {
  let name = "";
  for (let start = 0; start < bytes.length; ) {
    const bad = invalidOffset(bytes, start);
    const end = bad < 0 ? bytes.length : bad;
    name += DECODER.decode(bytes.subarray(start, end));
    if (bad < 0) break;
    name += `\\x${bytes[bad]!.toString(16).toUpperCase().padStart(2, "0")}`;
    start = bad + 1;
  }
  return name;
}
