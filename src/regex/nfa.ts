// Thompson's construction: the parsed pattern as a program of states, for the Pike VM
// (pike-vm.ts) and the safety analysis (safety.ts). Counted repetitions are written out
// (`a{2,4}` is a a a? a?), so the program's size is bounded: past `limit` states the build stops
// with ProgramTooLarge. A lookaround is a state that reads the table of positions where its body
// matches (computed before the run, see pike-vm.ts); its body is a program of its own, read
// backwards for a lookahead, forwards for a lookbehind.
import type { Ranges } from "./char-set.js";
import { internalError } from "../errors.js";
import type { RegexNode } from "./parse.js";

/** Reads one code point of `sets[arg]`, then goes to out1. */
export const CHAR = 0;
/** Goes to out1 and out2. */
export const SPLIT = 1;
/** Input start (`^`), input end (`$`), `\b`, `\B`: go to out1 when they hold. */
export const START = 2;
export const END = 3;
export const WORD_EDGE = 4;
export const NOT_WORD_EDGE = 5;
/** Goes to out1 when lookaround `arg` holds here. */
export const LOOK = 6;
export const MATCH = 7;

export interface Program {
  readonly op: Uint8Array;
  readonly out1: Int32Array;
  readonly out2: Int32Array;
  readonly arg: Int32Array;
  /** The set each CHAR state reads, with its \p source when it has one. */
  readonly sets: readonly Ranges[];
  readonly atoms: readonly (string | undefined)[];
  readonly start: number;
  /** Whether every way through the program passes `^` before reading: it never starts again later. */
  readonly anchored: boolean;
  /** Read from the end of the string towards its start (a lookahead's body, see pike-vm.ts). */
  readonly backwards: boolean;
}

export interface Lookaround {
  readonly program: Program;
  readonly behind: boolean;
  readonly negate: boolean;
  readonly node: RegexNode;
}

export class ProgramTooLarge extends Error {
  override readonly name = "ProgramTooLarge";
}

export interface BuildOptions {
  /** Most states (all programs of the pattern together). */
  readonly limit: number;
  /**
   * For the safety analysis: a repetition `{n,m}` with m above this reads as `{min(n, clamp),}`
   * (a program with more ways through, never fewer), lookaround bodies are not built.
   */
  readonly clamp?: number;
}

/**
 * The program of `root`, read forwards, and its lookarounds, innermost first (their tables are
 * made in this order). With `clamp`, the lookarounds' bodies are not built: `looks` lists their
 * nodes only (by the LOOK states' `arg`), with an empty program.
 */
export function buildProgram(root: RegexNode, options: BuildOptions): { program: Program; looks: Lookaround[] } {
  const looks: Lookaround[] = [];
  const budget = { left: options.limit };
  const program = new Builder(false, looks, budget, options.clamp).finish(root);
  return { program, looks };
}

const NOTHING: RegexNode = { type: "seq", items: [] };

class Builder {
  readonly #op: number[] = [];
  readonly #out1: number[] = [];
  readonly #out2: number[] = [];
  readonly #arg: number[] = [];
  readonly #sets: Ranges[] = [];
  readonly #atoms: (string | undefined)[] = [];
  /**
   * A counted repetition writes its body out once per count: the copies of one class share its
   * set (a table of 128 bytes each, and its ranges tested anew, made a 23-character pattern cost
   * megabytes), and the copies of one lookaround share its body's program and table.
   */
  readonly #setOf = new Map<RegexNode, number>();
  readonly #lookOf = new Map<RegexNode, number>();

  constructor(
    readonly backwards: boolean,
    readonly looks: Lookaround[],
    readonly budget: { left: number },
    readonly clamp: number | undefined,
  ) {}

  finish(root: RegexNode): Program {
    const match = this.#add(MATCH, -1, -1, 0);
    const start = this.#emit(root, match);
    return {
      op: Uint8Array.from(this.#op),
      out1: Int32Array.from(this.#out1),
      out2: Int32Array.from(this.#out2),
      arg: Int32Array.from(this.#arg),
      sets: this.#sets,
      atoms: this.#atoms,
      start,
      anchored: !this.backwards && anchoredAtStart(root),
      backwards: this.backwards,
    };
  }

  #add(op: number, out1: number, out2: number, arg: number): number {
    if (--this.budget.left < 0) throw new ProgramTooLarge("the pattern's automaton is too large");
    this.#op.push(op);
    this.#out1.push(out1);
    this.#out2.push(out2);
    this.#arg.push(arg);
    return this.#op.length - 1;
  }

  /** The entry state of `node`, continuing at `next`. */
  #emit(node: RegexNode, next: number): number {
    switch (node.type) {
      case "set": {
        let set = this.#setOf.get(node);
        if (set === undefined) {
          this.#setOf.set(node, (set = this.#sets.push(node.ranges) - 1));
          this.#atoms.push(node.atom);
        }
        return this.#add(CHAR, next, -1, set);
      }
      case "seq": {
        const items = node.items;
        if (this.backwards) for (let i = 0; i < items.length; i++) next = this.#emit(items[i]!, next);
        else for (let i = items.length - 1; i >= 0; i--) next = this.#emit(items[i]!, next);
        return next;
      }
      case "alt": {
        let entry = this.#emit(node.alts[node.alts.length - 1]!, next);
        for (let i = node.alts.length - 2; i >= 0; i--) entry = this.#add(SPLIT, this.#emit(node.alts[i]!, next), entry, 0);
        return entry;
      }
      case "repeat":
        return this.#repeat(node.body, node.min, node.max, next);
      case "assert":
        return this.#add({ "^": START, $: END, b: WORD_EDGE, B: NOT_WORD_EDGE }[node.kind], next, -1, 0);
      case "look": {
        let look = this.#lookOf.get(node);
        if (look === undefined) {
          const body = this.clamp === undefined ? node.body : NOTHING;
          const program = new Builder(!node.behind, this.looks, this.budget, this.clamp).finish(body);
          this.#lookOf.set(node, (look = this.looks.push({ program, behind: node.behind, negate: node.negate, node }) - 1));
        }
        return this.#add(LOOK, next, -1, look);
      }
      case "backref":
        throw internalError("a backreference reached the matcher");
    }
  }

  #repeat(body: RegexNode, min: number, max: number, next: number): number {
    if (isEmpty(body)) return next;
    if (this.clamp !== undefined && max > this.clamp) [min, max] = [Math.min(min, this.clamp), Infinity];
    let entry = next;
    if (max === Infinity && min > 0) {
      // `x{n,}` as n copies, the last looping back to itself (not n copies and a star: each
      // level of nested `+` would double the program).
      const loop = this.#add(SPLIT, -1, next, 0);
      entry = this.#out1[loop] = this.#emit(body, loop);
      min--;
    } else if (max === Infinity) {
      entry = this.#add(SPLIT, -1, next, 0);
      this.#out1[entry] = this.#emit(body, entry);
    } else {
      for (let i = min; i < max; i++) {
        const skip = this.#add(SPLIT, -1, next, 0);
        this.#out1[skip] = this.#emit(body, entry);
        entry = skip;
      }
    }
    for (let i = 0; i < min; i++) entry = this.#emit(body, entry);
    return entry;
  }
}

/** A node that matches only the empty string and tests nothing (`(?:)`, `(?:){5}`): it adds no state. */
function isEmpty(node: RegexNode): boolean {
  switch (node.type) {
    case "seq":
      return node.items.every(isEmpty);
    case "alt":
      return node.alts.every(isEmpty);
    case "repeat":
      return node.max === 0 || isEmpty(node.body);
    default:
      return false;
  }
}

/** Whether every way through `node` passes `^` before it reads a code point. */
export function anchoredAtStart(node: RegexNode): boolean {
  switch (node.type) {
    case "assert":
      return node.kind === "^";
    case "seq":
      for (const item of node.items) {
        if (anchoredAtStart(item)) return true;
        if (!zeroWidth(item)) return false;
      }
      return false;
    case "alt":
      return node.alts.every(anchoredAtStart);
    case "repeat":
      return node.min > 0 && anchoredAtStart(node.body);
    default:
      return false;
  }
}

function zeroWidth(node: RegexNode): boolean {
  return node.type === "assert" || node.type === "look" || isEmpty(node);
}

/** The most code points a match of `node` reads (Infinity when unbounded). */
export function maxLength(node: RegexNode): number {
  switch (node.type) {
    case "set":
      return 1;
    case "seq":
      return node.items.reduce((sum, item) => sum + maxLength(item), 0);
    case "alt":
      return node.alts.reduce((most, alt) => Math.max(most, maxLength(alt)), 0);
    case "repeat": {
      const body = maxLength(node.body);
      return body === 0 ? 0 : node.max * body;
    }
    default:
      return 0;
  }
}
