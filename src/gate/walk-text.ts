// How the gate's walk (walk.ts) writes the canonical text: piece by piece, a part at a time (the
// text modes), or only counted while it makes the private copy (copy mode), the copy's text then
// written at the end.
import { canonical } from "../json/canonical.js";
import { quote, quotedLength } from "../json/quote.js";

export interface Text {
  readonly copying: boolean;
  /** The text modes: the text's last part; `done` holds the parts before it (see endPart()), `doneLength` their length. */
  text: string;
  readonly done: string[];
  doneLength: number;
  read: number;
  /** Copy mode: the text's length so far, and whether an object of the copy has an array index for a key (it lists those first). */
  length: number;
  indices: boolean;
}

/** The length of the text so far (the prefix included). */
export const written = (t: Text): number => (t.copying ? t.length : t.doneLength + t.text.length);

/** Appends a piece of the text (copy mode: counts it). */
export function put(t: Text, piece: string): void {
  if (t.copying) t.length += piece.length;
  else t.text += piece;
}

export function putString(t: Text, value: string): void {
  if (t.copying) t.length += quotedLength(value);
  else t.text += quote(value);
}

/** An object's key, `"key":`, after a comma unless it is the object's first. */
export function putKey(t: Text, key: string, first: boolean): void {
  if (t.copying) t.length += (first ? 0 : 1) + keyText(key).length;
  else t.text += first ? keyText(key) : "," + keyText(key);
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

/**
 * Copy mode: the copy's text, JSON.stringify's (its keys were added sorted), unless an object
 * lists some first (array indices), or a `toJSON` on the prototypes would change what it writes;
 * then canonical()'s, which sorts every object's keys.
 */
export function copyText(t: Text, copy: unknown): string {
  return t.indices || "toJSON" in Array.prototype ? canonical(copy)! : JSON.stringify(copy);
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
