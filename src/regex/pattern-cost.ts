// What compiling a schema's patterns costs before any string is tested. schemagate's parser and
// V8's RegExp parser (compilePattern asks both) take time linear in a pattern's length, but V8
// expands every Unicode property escape (\p{L}, \P{Script=Han}) from its tables anew, at a cost
// far above a character's: a pattern of a few hundred kilobytes of `\p{L}` kept V8 busy for many
// seconds. A hostile schema holds as many patterns as its size allows, so the bound is on one
// document's distinct patterns together (the gate's walk counts them, gate/walk.ts) and, for a
// pattern compiled from anywhere, on each one (compilePattern).

/** Characters one pattern, or the distinct patterns of one schema document together, may have. */
export const MAX_PATTERN_TEXT = 65_536;
/**
 * What each pattern counts as, at least, towards a document's characters: compiling one costs a
 * share of its own whatever its length (both parsers, the backtracking analysis).
 */
export const PATTERN_OVERHEAD = 32;
/** Unicode property escapes (`\p{L}`, `\P{L}`, ...) one pattern, or one document's distinct patterns together, may hold. */
export const MAX_PROPERTY_ESCAPES = 512;

/**
 * What sorting a pattern's character classes costs V8's parser (one pattern's or one document's
 * together). It keeps a class's members sorted and inserts each one that comes in below an
 * earlier one, shifting those above it: about the members out of order times the class's size,
 * so one long class written backwards takes it seconds (git log src/regex/pattern-cost.ts), and
 * compilePattern has V8 read a pattern up to four times. Real classes cost a few dozen.
 */
export const MAX_CLASS_SORTING = 2 ** 26;

const hexAt = (pattern: string, from: number, to: number): number => (/^[0-9a-fA-F]+$/.test(pattern.slice(from, to)) ? parseInt(pattern.slice(from, to), 16) : -1);

/**
 * For each character class of a pattern, its members that are new to it and below one written
 * before them (what V8 inserts rather than appends) times its distinct members; summed. Literal
 * characters and \u, \x escapes are read as members (a range as its two ends); other escapes
 * (\d, \p{…}) are skipped. Linear in the pattern.
 */
export function classSorting(pattern: string): number {
  let cost = 0;
  let seen: Set<number> | undefined;
  let highest = -1;
  let unsorted = 0;
  for (let i = 0; i < pattern.length; i++) {
    let c = pattern.codePointAt(i)!;
    if (c > 0xffff) i++;
    if (seen === undefined) {
      if (c === 0x5c) i++; // "\" and the character it escapes
      else if (c === 0x5b) (seen = new Set()), (highest = -1), (unsorted = 0); // "["
      continue;
    }
    if (c === 0x5d) {
      cost += unsorted * seen.size; // "]"
      seen = undefined;
      continue;
    }
    if (c === 0x2d && seen.size > 0 && pattern.charCodeAt(i + 1) !== 0x5d) continue; // a range's "-": its ends are the members
    if (c === 0x5c) {
      const kind = pattern.charCodeAt(i + 1);
      if (kind === 0x75 && pattern.charCodeAt(i + 2) === 0x7b) {
        const end = pattern.indexOf("}", i + 3); // \u{…}
        c = end < 0 ? -1 : hexAt(pattern, i + 3, end);
        i = end < 0 ? i + 1 : end;
      } else if (kind === 0x75 || kind === 0x78) {
        const digits = kind === 0x75 ? 4 : 2; // \uXXXX, \xXX
        c = hexAt(pattern, i + 2, i + 2 + digits);
        i += c < 0 ? 1 : 1 + digits;
      } else if ((kind === 0x70 || kind === 0x50) && pattern.charCodeAt(i + 2) === 0x7b) {
        c = -1; // \p{…}, \P{…}: a set, not a member
        const end = pattern.indexOf("}", i + 3);
        i = end < 0 ? i + 1 : end;
      } else {
        c = -1;
        i++;
      }
      if (c < 0) continue;
    }
    if (c < highest && !seen.has(c)) unsorted++;
    seen.add(c);
    if (c > highest) highest = c;
  }
  // An unterminated class is invalid, but V8 reads all of it to say so.
  return seen === undefined ? cost : cost + unsorted * seen.size;
}

/**
 * The `\p{...}` and `\P{...}` escapes in a pattern. A backslash always takes the next character with
 * it (in a class too), so skipping each escaped character counts them exactly.
 */
export function propertyEscapes(pattern: string): number {
  let count = 0;
  for (let i = pattern.indexOf("\\"); i >= 0 && i < pattern.length - 1; i = pattern.indexOf("\\", i + 2)) {
    const next = pattern.charCodeAt(i + 1);
    if (next === 0x70 || next === 0x50) count++; // "p", "P"
  }
  return count;
}

/** Why patterns of `chars` characters holding `escapes` property escapes, whose classes cost `sorting` (classSorting), cost too much to compile; undefined when they do not. */
export function tooCostly(chars: number, escapes: number, sorting: number): string | undefined {
  if (chars > MAX_PATTERN_TEXT) return `longer than ${MAX_PATTERN_TEXT} characters (each pattern counting as ${PATTERN_OVERHEAD} at least)`;
  if (escapes > MAX_PROPERTY_ESCAPES) return `more than ${MAX_PROPERTY_ESCAPES} Unicode property escapes (\\p{…}, \\P{…}), which the RegExp parser expands one by one`;
  if (sorting > MAX_CLASS_SORTING) return "character classes of thousands of members out of order, which the RegExp parser sorts in time growing with the square of their number";
  return undefined;
}

/** One document's distinct patterns, counted as the walk meets them (a pattern repeated costs nothing more: compiled patterns are shared). */
export class PatternBudget {
  readonly #seen = new Set<string>();
  #chars = 0;
  #escapes = 0;
  #sorting = 0;

  /** Counts `pattern`; returns why the document's patterns together now cost too much, or undefined. */
  add(pattern: string): string | undefined {
    if (this.#seen.has(pattern)) return undefined;
    this.#seen.add(pattern);
    this.#chars += Math.max(pattern.length, PATTERN_OVERHEAD);
    this.#escapes += propertyEscapes(pattern);
    this.#sorting += classSorting(pattern);
    return tooCostly(this.#chars, this.#escapes, this.#sorting);
  }
}
