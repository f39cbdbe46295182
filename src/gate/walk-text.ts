// How the gate's walk (walk.ts) writes the canonical text: piece by piece, a part at a time (the
// text modes), or only counted and digested while it makes the private copy (copy mode), the
// copy's text then written when first read (private-copy.ts LateText).
import { quote, quotedLength } from "../json/quote.js";

export interface Text {
  readonly copying: boolean;
  /**
   * Copy mode: false counts each key and string as if it needed no escape (testing every string
   * for one was a large part of a large document's walk); `length` is then a lower bound, and
   * `chars` says how far above it the text may be (see pastLength()).
   */
  readonly exact: boolean;
  chars: number;
  /** The text modes: the text's last part; `done` holds the parts before it (see endPart()), `doneLength` their length. */
  text: string;
  readonly done: string[];
  doneLength: number;
  read: number;
  /** Copy mode: the text's length so far, and whether an object of the copy has an array index for a key (it lists those first). */
  length: number;
  indices: boolean;
  /** Copy mode: a digest of the text so far (mix()). */
  digest: number;
}

/** The length of the text so far (the prefix included). */
export const written = (t: Text): number => (t.copying ? t.length : t.doneLength + t.text.length);

/** Appends a piece of the text (copy mode: counts and digests it). */
export function put(t: Text, piece: string): void {
  if (t.copying) count(t, piece.length, 0, piece);
  else t.text += piece;
}

export function putString(t: Text, value: string): void {
  if (!t.copying) t.text += quote(value);
  else if (t.exact) count(t, quotedLength(value), QUOTE, value);
  else {
    t.chars += value.length;
    count(t, value.length + 2, QUOTE, value);
  }
}

/** An object's key, `"key":`, after a comma unless it is the object's first. */
export function putKey(t: Text, key: string, first: boolean): void {
  if (!t.copying) t.text += first ? keyText(key) : "," + keyText(key);
  else if (t.exact) count(t, (first ? 0 : 1) + keyText(key).length, COLON, key);
  else {
    t.chars += key.length;
    count(t, (first ? 3 : 4) + key.length, COLON, key);
  }
}

/**
 * Whether the text is past `max` characters. Counted without escapes, it is at most
 * ESCAPE_GROWTH characters longer per character of its keys and strings (`"\u0001"` for one):
 * where that could pass `max`, throws UNSURE, and walk.ts walks again counting exactly, so a
 * document is refused at the same place either way.
 */
export function pastLength(t: Text, max: number): boolean {
  if (t.exact) return written(t) > max;
  if (t.length + ESCAPE_GROWTH * t.chars > max) throw UNSURE;
  return false;
}

const ESCAPE_GROWTH = 5;
export const UNSURE: object = Object.freeze({ unsure: true });

/** Copy mode: `length` characters more, and `text` (after a `mark`, for a string or a key) into the digest. */
function count(t: Text, length: number, mark: number, text: string): void {
  t.length += length;
  t.digest = mix(Math.imul(t.digest ^ mark, PRIME), text);
}

// The digest (FNV-1a's steps) keys a large document in the cache without its text; a hit is then
// compared in full (LateText.matches), so the digest need only be likely to differ: a long string
// adds its length and a sample of its characters, not all of them.
export const DIGEST_SEED = 0x811c9dc5;
const PRIME = 0x01000193;
const QUOTE = 0x22;
const COLON = 0x3a;
const SAMPLES = 32;

/** The digest of one text alone (the cache's index of keys by digest: cache.ts). */
export const digestOf = (text: string): number => mix(DIGEST_SEED, text);

function mix(digest: number, text: string): number {
  const n = text.length;
  let h = Math.imul(digest ^ n, PRIME);
  if (n <= SAMPLES) {
    for (let i = 0; i < n; i++) h = Math.imul(h ^ text.charCodeAt(i), PRIME);
    return h;
  }
  const step = n / SAMPLES;
  for (let i = 0; i < SAMPLES; i++) h = Math.imul(h ^ text.charCodeAt((i * step) | 0), PRIME);
  return Math.imul(h ^ text.charCodeAt(n - 1), PRIME);
}

/**
 * Appended piece by piece, a large text is a long chain kept through collections until read as
 * one string: parts are made one string while new (a read does it), then joined once.
 */
export const PART_LENGTH = 16384;

export function endPart(t: Text): void {
  const part = t.text;
  t.read ^= part.charCodeAt(part.length >> 1); // kept, so that the read is not optimised away
  t.done.push(part);
  t.doneLength += part.length;
  t.text = "";
}

/** The text modes' whole text, the prefix first. */
export function writtenText(t: Text): string {
  if (t.done.length === 0) return t.text;
  endPart(t);
  return t.done.join("");
}

/** `"key":` for the canonical text; the texts of common keys (keyword names) are kept. */
const KEY_TEXTS = new Map<string, string>();
const KEY_TEXTS_SIZE = 4096;
/** Longer keys are not kept: 4,096 hostile megabyte-long keys would stay alive for good. */
const KEPT_KEY_LENGTH = 64;
function keyText(key: string): string {
  let text = KEY_TEXTS.get(key);
  if (text === undefined) {
    text = quote(key) + ":";
    if (KEY_TEXTS.size < KEY_TEXTS_SIZE && key.length <= KEPT_KEY_LENGTH) KEY_TEXTS.set(key, text);
  }
  return text;
}

/** @internal For the specs: how many key texts are kept, and the longest key among them. */
export function keptKeyTexts(): { count: number; longest: number } {
  let longest = 0;
  for (const key of KEY_TEXTS.keys()) longest = Math.max(longest, key.length);
  return { count: KEY_TEXTS.size, longest };
}
