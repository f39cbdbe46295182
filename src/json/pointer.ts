// JSON Pointer (RFC 6901) segments, and their form inside a URI fragment (RFC 3986).
import { isObject } from "./type-of.js";
import { LONE_SURROGATE } from "./surrogates.js";
import { lastMatch, matched } from "./last-match.js";
import { compiledBeforeUse } from "../regex/compiled-now.js";

const CANONICAL_INDEX = compiledBeforeUse(/^(0|[1-9]\d*)$/);

export function escapeSegment(segment: string | number): string {
  if (typeof segment === "number") return indexText(segment);
  if (!needsEscape(segment)) return segment;
  lastMatch.ofData = true; // a key of the caller's
  return segment.replaceAll("~", "~0").replaceAll("/", "~1");
}

/** The characters a key or index adds to a JSON Pointer, "/" included (a key counted unescaped). */
export function segmentLength(segment: string | number): number {
  return 1 + (typeof segment === "number" ? indexText(segment).length : segment.length);
}

/**
 * A key or index as the part of a JSON Pointer it makes: "/" and the escaped segment. An index's is
 * made once (up to INDEX_TEXTS_UP_TO); a declared property name's is kept by the keyword that
 * declares it (engine/report.ts DeclaredSegments), so an instance location costs one concatenation
 * per level.
 */
export function slashSegment(key: string | number): string {
  if (typeof key === "number" && key >= 0 && key < INDEX_TEXTS_UP_TO && Number.isInteger(key)) {
    while (SLASHED_INDICES.length <= key) SLASHED_INDICES.push("/" + indexText(SLASHED_INDICES.length));
    return SLASHED_INDICES[key]!;
  }
  return "/" + escapeSegment(key);
}

// Both tables are filled in order, never with holes: a read of a hole would find a numeric name
// that something set on Object.prototype.
const SLASHED_INDICES: string[] = [];

/** Up to this length a loop over the characters is tested, which costs less than two indexOf calls. */
const SHORT = 64;

/** The segment holds "~" or "/". */
function needsEscape(segment: string): boolean {
  if (segment.length > SHORT) return segment.indexOf("~") >= 0 || segment.indexOf("/") >= 0;
  for (let i = 0; i < segment.length; i++) {
    const c = segment.charCodeAt(i);
    if (c === 0x7e || c === 0x2f) return true; // "~", "/"
  }
  return false;
}

/**
 * An array index as text, each made once. String(n) goes through V8's number-to-string cache,
 * one entry per hash slot: an index in an error's location and a fractional number in its message
 * ("/items/0" and "but is 1.5") can take the same slot, and then each conversion evicts the other
 * and the fraction is converted from scratch on every call.
 */
function indexText(n: number): string {
  if (!(n >= 0 && n < INDEX_TEXTS_UP_TO) || !Number.isInteger(n)) return String(n);
  while (INDEX_TEXTS.length <= n) INDEX_TEXTS.push(String(INDEX_TEXTS.length));
  return INDEX_TEXTS[n]!;
}

const INDEX_TEXTS: string[] = [];
/** The indices kept: a bound on the table, which lives as long as the process. */
const INDEX_TEXTS_UP_TO = 1024;

export function unescapeSegment(segment: string): string {
  // Most segments have no "~": returned as they are, without two regex passes each.
  if (segment.indexOf("~") < 0) return segment;
  lastMatch.ofData = true; // a key of the caller's
  return segment.replaceAll("~1", "/").replaceAll("~0", "~");
}

/** "/a/b" → ["a", "b"]; "" → []. */
export function splitPointer(pointer: string): string[] {
  return pointer === "" ? [] : pointer.slice(1).split("/").map(unescapeSegment);
}

/**
 * Where the segment of `pointer` that starts at `start` ends: at its "/" or the pointer's end. The
 * segments of "/a/b" are read, without an array of them, by
 * `for (let start = 1, end = 0; start <= pointer.length; start = end + 1) end = segmentEnd(pointer, start), …`.
 */
export function segmentEnd(pointer: string, start: number): number {
  const end = pointer.indexOf("/", start);
  return end < 0 ? pointer.length : end;
}

export function appendPointer(pointer: string, ...segments: (string | number)[]): string {
  let out = pointer;
  for (const s of segments) out += "/" + escapeSegment(s);
  return out;
}

/** A JSON Pointer written as a URI fragment: characters outside the fragment set are %-encoded. */
export function pointerToFragment(pointer: string): string {
  // Most pointers are made of characters encodeURI keeps, and hold no "#" or "%": written as they are.
  if (FRAGMENT_AS_IS.test(pointer)) return pointer;
  return encodedText(pointer).replaceAll("#", "%23");
}

/**
 * encodeURI's text, where a lone surrogate (a key may hold one: JSON allows "\ud800"), on which
 * encodeURI throws, is written as the three bytes UTF-8's pattern would give its code (WTF-8), so
 * that two keys that differ there still make two locations.
 */
function encodedText(text: string): string {
  if (!LONE.test(text)) return encodeURI(text);
  const parts = text.split(LONE); // the surrogates at the odd places
  let out = "";
  for (let i = 0; i < parts.length; i++) out += i % 2 === 0 ? encodeURI(parts[i]!) : wtf8(parts[i]!.charCodeAt(0));
  return out;
}

const LONE = compiledBeforeUse(new RegExp(`(${LONE_SURROGATE})`)); // captured: split() keeps them
const hex = (byte: number): string => "%" + byte.toString(16).toUpperCase().padStart(2, "0");
const wtf8 = (code: number): string => hex(0xe0 | (code >> 12)) + hex(0x80 | ((code >> 6) & 0x3f)) + hex(0x80 | (code & 0x3f));

/** Characters encodeURI leaves alone, but "#" (encoded here) and "%" (encoded by it). */
const FRAGMENT_AS_IS = compiledBeforeUse(/^[A-Za-z0-9\-_.!~*'();/?:@&=+$,]*$/);

/** Decodes a URI fragment into a JSON Pointer; undefined if it is not valid percent-encoding or not a pointer. */
export function fragmentToPointer(fragment: string): string | undefined {
  const pointer = decoded(fragment);
  return pointer === undefined || BAD_ESCAPE.test(pointer) ? undefined : pointer;
}

/** A fragment percent-decoded; undefined if it is not valid percent-encoding. */
function decoded(fragment: string): string | undefined {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return undefined;
  }
}

/** RFC 6901 escapes only "~" (as ~0) and "/" (as ~1): any other "~" makes the text no pointer. */
const BAD_ESCAPE = compiledBeforeUse(/~(?![01])/);

/** Why a reference's fragment names no place, when it is not a pointer (for the message of "unresolved-ref"). */
export function fragmentFault(reference: string): string | undefined {
  const hash = reference.indexOf("#");
  if (hash < 0 || reference[hash + 1] !== "/") return undefined;
  const pointer = decoded(reference.slice(hash + 1));
  if (pointer === undefined) return "its fragment is not valid percent-encoding";
  return BAD_ESCAPE.test(pointer) ? 'its fragment is not a JSON Pointer: "~" must be followed by 0 or 1 (RFC 6901)' : undefined;
}

/** What valueAt() finds where nothing is. */
export const MISSING: unique symbol = Symbol("missing");

/** Whether a pointer segment names an item of `array`: a canonical index below its length (RFC 6901). */
export function isItemOf(array: readonly unknown[], segment: string): boolean {
  return matched(CANONICAL_INDEX.test(segment)) && Number(segment) < array.length;
}

/** The value at a JSON Pointer, reading own properties only. */
export function valueAt(root: unknown, pointer: string): unknown {
  let value = root;
  for (let start = 1, end = 0; start <= pointer.length; start = end + 1) {
    end = segmentEnd(pointer, start);
    const segment = unescapeSegment(pointer.slice(start, end));
    if (Array.isArray(value) ? isItemOf(value, segment) : isObject(value) && Object.hasOwn(value, segment)) {
      value = (value as Record<string, unknown>)[segment];
    } else {
      return MISSING;
    }
  }
  return value;
}
