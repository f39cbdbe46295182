// Sets of code points, as sorted inclusive ranges: the character classes of a pattern, and what
// the linear matcher tests one code point against. A class that uses \p{…}/\P{…} keeps its
// source text too: the matcher tests it with a one-class V8 RegExp (an atom, one code point at a
// time, which cannot backtrack), and the safety analysis takes it for "any code point".

import { compiledNow } from "./compiled-now.js";

/** Flat sorted pairs [lo0, hi0, lo1, hi1, …] of inclusive, disjoint, non-adjacent ranges. */
export type Ranges = number[];

export const MAX_CODE_POINT = 0x10ffff;

export const DIGITS: Ranges = [0x30, 0x39];
export const WORD: Ranges = [0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a];
/** WhiteSpace and LineTerminator (ECMA-262 \s). */
export const SPACES: Ranges = [0x09, 0x0d, 0x20, 0x20, 0xa0, 0xa0, 0x1680, 0x1680, 0x2000, 0x200a, 0x2028, 0x2029, 0x202f, 0x202f, 0x205f, 0x205f, 0x3000, 0x3000, 0xfeff, 0xfeff];
const LINE_TERMINATORS: Ranges = [0x0a, 0x0a, 0x0d, 0x0d, 0x2028, 0x2029];
/** What `.` matches without the s flag. */
export const DOT: Ranges = complement(LINE_TERMINATORS);
export const ANY: Ranges = [0, MAX_CODE_POINT];
/** The sets of the class escapes \d \D \s \S \w \W, made once: a pattern may hold a million of them. */
export const CLASS_ESCAPES: ReadonlyMap<string, Ranges> = new Map([["d", DIGITS], ["D", complement(DIGITS)], ["s", SPACES], ["S", complement(SPACES)], ["w", WORD], ["W", complement(WORD)]]);

/** Normalises a list of (possibly overlapping, unsorted) pairs. */
export function normalize(pairs: number[]): Ranges {
  const order: [number, number][] = [];
  for (let i = 0; i < pairs.length; i += 2) order.push([pairs[i]!, pairs[i + 1]!]);
  order.sort((a, b) => a[0] - b[0]);
  const out: Ranges = [];
  for (const [lo, hi] of order) {
    const last = out.length - 1;
    if (last > 0 && lo <= out[last]! + 1) out[last] = Math.max(out[last]!, hi);
    else out.push(lo, hi);
  }
  return out;
}

export function complement(ranges: Ranges): Ranges {
  const out: Ranges = [];
  let next = 0;
  for (let i = 0; i < ranges.length; i += 2) {
    if (ranges[i]! > next) out.push(next, ranges[i]! - 1);
    next = ranges[i + 1]! + 1;
  }
  if (next <= MAX_CODE_POINT) out.push(next, MAX_CODE_POINT);
  return out;
}

export function rangesHave(ranges: Ranges, cp: number): boolean {
  let lo = 0;
  let hi = (ranges.length >> 1) - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < ranges[2 * mid]!) hi = mid - 1;
    else if (cp > ranges[2 * mid + 1]!) lo = mid + 1;
    else return true;
  }
  return false;
}

/**
 * A class as the matcher tests it: ASCII by a table, the rest by binary search, or by the
 * class's own one-code-point RegExp (sticky, so it reads the string in place) when it uses \p.
 */
export class CharSet {
  readonly #ranges: Ranges;
  readonly #atom: RegExp | undefined;
  /** The atom is a negated class, tested as its members and the answer negated (see positiveClass). */
  readonly #negated: boolean;
  /** Whether a code point above ASCII is asked of the class's own RegExp (a class with \p{...}), which costs the VM several steps' time. */
  readonly asksRegExp: boolean;

  /**
   * Writes the membership of U+0000 to U+007F into `ascii` from `from` on, one byte each (the
   * matcher's one table for all its sets). `atoms`: atomRegExp's, made before (see native.ts).
   */
  constructor(ranges: Ranges, atom: string | undefined, ascii: Uint8Array, from: number, atoms?: ReadonlyMap<string, RegExp>) {
    this.#ranges = ranges;
    this.#negated = atom !== undefined && atom.startsWith("[^");
    this.#atom = atom === undefined ? undefined : (atoms?.get(atom) ?? atomRegExp(atom));
    this.asksRegExp = atom !== undefined;
    for (let c = 0; c < 128; c++) ascii[from + c] = (this.#atom === undefined ? rangesHave(ranges, c) : this.#atomHas(String.fromCharCode(c), 0)) ? 1 : 0;
  }

  /** Whether `cp`, the code point at `s[at]` (past U+007F: the table answers below), is in the set. */
  has(cp: number, s: string, at: number): boolean {
    return this.#atom === undefined ? rangesHave(this.#ranges, cp) : this.#atomHas(s, at);
  }

  #atomHas(s: string, at: number): boolean {
    const atom = this.#atom!;
    atom.lastIndex = at;
    return atom.test(s) !== this.#negated; // a code point is at `at`: not one of the members is in the negated class
  }
}

/**
 * The one-class RegExp a CharSet tests a class with \p{...} by (sticky: it reads the string in
 * place), compiled for both string widths now, not where deep data first reaches it
 * (compiled-now.ts).
 */
export function atomRegExp(atom: string): RegExp {
  const regex = new RegExp(atom.startsWith("[^") ? positiveClass(atom) : atom, "uy");
  compiledNow(regex);
  return regex;
}

/**
 * The members of a negated class's source, `[^…]` written `[…]`. V8 (Node 20) drops U+10FFFF
 * from a negated class whose members end at U+10FFFE (`[^\p{Lu}\u{10FFFE}]` does not match it);
 * it reads the members right.
 */
export function positiveClass(negated: string): string {
  const members = negated.slice(2);
  return members.startsWith("^") ? "[\\^" + members.slice(1) : "[" + members;
}

/**
 * The alphabet cut into pieces no set splits: each piece is listed by the sets that hold it
 * (one bit string per piece, deduplicated). The safety analysis reads one piece as one letter.
 */
export function alphabetOf(sets: Ranges[], room = Infinity, done?: { work: number }): boolean[][] | undefined {
  const cuts = new Set<number>([0]);
  for (const ranges of sets) for (let i = 0; i < ranges.length; i += 2) cuts.add(ranges[i]!).add(ranges[i + 1]! + 1);
  // Each cut point is looked up in every class: past `room` that work is not done (the caller's
  // analysis gives up, and the pattern runs on the linear VM).
  const work = cuts.size * sets.length;
  if (done !== undefined) done.work += work;
  if (work > room) return undefined;
  const letters = new Map<string, boolean[]>();
  for (const cut of cuts) {
    if (cut > MAX_CODE_POINT) continue;
    const holds = sets.map((ranges) => rangesHave(ranges, cut));
    const key = holds.map((h) => (h ? 1 : 0)).join("");
    if (!letters.has(key) && holds.some((h) => h)) letters.set(key, holds);
  }
  return [...letters.values()];
}
