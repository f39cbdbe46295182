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

/** Why patterns of `chars` characters holding `escapes` property escapes cost too much to compile; undefined when they do not. */
export function tooCostly(chars: number, escapes: number): string | undefined {
  if (chars > MAX_PATTERN_TEXT) return `longer than ${MAX_PATTERN_TEXT} characters (each pattern counting as ${PATTERN_OVERHEAD} at least)`;
  if (escapes > MAX_PROPERTY_ESCAPES) return `more than ${MAX_PROPERTY_ESCAPES} Unicode property escapes (\\p{…}, \\P{…}), which the RegExp parser expands one by one`;
  return undefined;
}

/** One document's distinct patterns, counted as the walk meets them (a pattern repeated costs nothing more: compiled patterns are shared). */
export class PatternBudget {
  readonly #seen = new Set<string>();
  #chars = 0;
  #escapes = 0;

  /** Counts `pattern`; returns why the document's patterns together now cost too much, or undefined. */
  add(pattern: string): string | undefined {
    if (this.#seen.has(pattern)) return undefined;
    this.#seen.add(pattern);
    this.#chars += Math.max(pattern.length, PATTERN_OVERHEAD);
    this.#escapes += propertyEscapes(pattern);
    return tooCostly(this.#chars, this.#escapes);
  }
}
