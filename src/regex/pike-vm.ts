// The linear matcher: a Pike VM over the program of nfa.ts. It reads the string once, one code
// point at a time, and keeps the set of states the program can be in (each state at most once),
// so a test costs at most (code points + 1) × (states) steps whatever the pattern: no
// backtracking. `^ $ \b \B` are tested where the VM stands. A lookaround is a table of the
// positions where its body matches, made before the run by one more scan: forwards for a
// lookbehind (its body, started at every position, ends at p), backwards for a lookahead (its
// body, read backwards from every position, ends at p). Nested lookarounds make their tables
// first. Only test() is answered: which match, and captures, are never needed.
//
// V8 (unlike ECMA-262, which starts a match only at code point boundaries) also tries the
// position inside a surrogate pair, where nothing can be read, forwards or backwards, but `\B`
// and negative lookarounds hold: `/\B/u.test("a😀a")` is true. The VM does the same, so a pattern
// tests alike on V8 and here.
//
// Every test has a budget of MATCH_STEPS steps (a step is one state visited), and the tests of
// one validation call CALL_STEPS together; a test that needs more throws RegexBudgetExceeded,
// which the Validator turns into an invalid result with one `$pattern` unit. Patterns whose
// program is small never reach it on the strings this is for.
import { madeHere } from "../errors.js";
import { CharSet } from "./char-set.js";
import { CHAR, END, LOOK, MATCH, NOT_WORD_EDGE, type Lookaround, type Program, SPLIT, START, WORD_EDGE } from "./nfa.js";
import { shortenStart } from "../output/shorten.js";

/**
 * Steps one test may take: a bound on its time (spec/regressions/redos.spec.ts runs one past it). A string of
 * tens of thousands of characters against hundreds of states live at once fits; the honest
 * patterns that come to the VM keep a few states live.
 */
export const MATCH_STEPS = 10_000_000;

/**
 * Steps the tests of one validation call may take together (ten tests' worth): a schema may hold
 * 2,048 distinct patterns the VM runs (pattern-cost.ts), each reading a long string, or one
 * large automaton may read many strings.
 */
export const CALL_STEPS = 10 * MATCH_STEPS;

/**
 * The steps more that a code point above ASCII asked of a class's own RegExp (a class with \p{…})
 * counts: asking V8 takes several steps' time, and the budgets bound time (the figures: git
 * log src/regex/pike-vm.ts).
 */
const ASKED_STEPS = 3;

/**
 * A test of a pattern ran out of its step budget (MATCH_STEPS), or the call's tests of theirs
 * (CALL_STEPS: `inAll`), or (`overflow`) V8 ran out of backtrack stack on a pattern whose
 * automaton is too large for the VM (native.ts).
 */
export class RegexBudgetExceeded extends Error {
  override readonly name = "RegexBudgetExceeded";
  readonly pattern: string;
  constructor(
    pattern: string,
    readonly inAll: boolean,
    overflow = false,
  ) {
    const shown = `/${pattern.length > 64 ? shortenStart(pattern, 64) + "…" : pattern}/u`;
    super(
      overflow
        ? `V8's engine ran out of stack testing the pattern ${shown}, whose automaton is too large for the linear VM`
        : inAll
          ? `matching patterns took more than ${CALL_STEPS} steps in all in this validation (the last ${shown})`
          : `matching the pattern ${shown} took more than ${MATCH_STEPS} steps`,
    );
    this.pattern = pattern;
    madeHere(this);
  }
}

/** Steps taken by the test under way (tests never nest: nothing here calls user code). */
let steps = 0;
/** The most the test under way may take: MATCH_STEPS, or what is left of the call's CALL_STEPS. */
let limit = MATCH_STEPS;
/** No validation call under way: a test alone has MATCH_STEPS. A small integer, which V8 stores unboxed (a store of -Infinity allocated). */
const OUTSIDE = -1;
const NO_TABLES: readonly Uint8Array[] = [];
/** Steps the call's tests took before the one under way, or OUTSIDE. */
let callSteps = OUTSIDE;

/**
 * The outermost validation call starts (Validator, which tells a call made inside another, from
 * a format checker or a getter of the data, that shares the outer call's steps): its tests have
 * CALL_STEPS together, until endCall.
 */
export function startCall(): void {
  callSteps = 0;
}

/**
 * The outermost call's patterns have CALL_STEPS again: for the one pass an output format runs
 * after its annotating pass ran out of them (validate()'s own error pass, Validator), so a call
 * takes at most twice CALL_STEPS.
 */
export function renewCall(): void {
  if (callSteps !== OUTSIDE) callSteps = 0;
}

/** The outermost validation call returned: a test alone again. */
export function endCall(): void {
  callSteps = OUTSIDE;
}

/** Whether `p` falls between the two halves of a surrogate pair. */
function insidePair(s: string, p: number): boolean {
  const lead = s.charCodeAt(p - 1);
  const trail = s.charCodeAt(p);
  return lead >= 0xd800 && lead <= 0xdbff && trail >= 0xdc00 && trail <= 0xdfff;
}

function isWordAt(s: string, i: number): boolean {
  if (i < 0 || i >= s.length) return false;
  const c = s.charCodeAt(i);
  // \w without the i and u flags together: [0-9A-Za-z_].
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
}

/** The test() of a pattern, by the VM. */
export class PikeMatcher {
  readonly #pattern: string;
  readonly #main: Runner;
  readonly #looks: Runner[];
  readonly #negate: Uint8Array;

  /** `atoms`: the RegExps of its \p{...} classes, made before (char-set.ts atomRegExp). */
  constructor(pattern: string, program: Program, looks: Lookaround[], atoms?: ReadonlyMap<string, RegExp>) {
    this.#pattern = pattern;
    this.#negate = Uint8Array.from(looks, (look) => (look.negate ? 1 : 0));
    this.#main = new Runner(program, this.#negate, atoms);
    this.#looks = looks.map((look) => new Runner(look.program, this.#negate, atoms));
  }

  test(s: string): boolean {
    steps = 0;
    const inCall = callSteps !== OUTSIDE;
    limit = inCall ? Math.min(MATCH_STEPS, CALL_STEPS - callSteps) : MATCH_STEPS;
    const matched = this.#run(s);
    if (inCall) callSteps += steps;
    return matched;
  }

  #run(s: string): boolean {
    const tables: Uint8Array[] = [];
    try {
      for (let i = 0; i < this.#looks.length; i++) {
        const runner = this.#looks[i]!;
        const table = new Uint8Array(s.length + 1);
        runner.scan(s, tables, table, this.#pattern);
        tables.push(table);
        // Each closure counts against the budget as a scan's steps do: a body of thousands of states
        // closed at every place inside a pair of a long string would run on past it otherwise.
        for (let p = 1; p < s.length; p++) {
          if (!insidePair(s, p)) continue;
          if (runner.emptyMatchAt(s, p)) table[p] = 1;
          if (steps > limit) throw new RegexBudgetExceeded(this.#pattern, limit < MATCH_STEPS);
        }
      }
      return this.#main.scan(s, tables, undefined, this.#pattern);
    } finally {
      // A matcher is shared by every validator of its pattern (engine/regexes.ts) and outlives the
      // call: it must not keep the caller's string, nor the lookaround tables as long as it.
      this.#main.release();
      for (let i = 0; i < this.#looks.length; i++) this.#looks[i]!.release();
    }
  }

  /** @internal For the specs: the characters of strings and tables the matcher's runners still hold. */
  get held(): number {
    let held = this.#main.held;
    for (let i = 0; i < this.#looks.length; i++) held += this.#looks[i]!.held;
    return held;
  }

  /** Steps the last test took (for specs). */
  static get lastSteps(): number {
    return steps;
  }
}

class Runner {
  readonly #op: Uint8Array;
  readonly #out1: Int32Array;
  readonly #out2: Int32Array;
  readonly #arg: Int32Array;
  readonly #sets: CharSet[];
  /** ASCII membership of every set, 128 entries a set: the common case needs no call. */
  readonly #ascii: Uint8Array;
  readonly #start: number;
  readonly #anchored: boolean;
  readonly #backwards: boolean;
  readonly #negate: Uint8Array;
  // Made on first use: the two state lists, the marks (a state is in the list being made when
  // its mark is that list's generation) and the closure's stack.
  #lists: [Int32Array, Int32Array, Int32Array] | undefined;
  #mark: Int32Array | undefined;
  #stack: Int32Array | undefined;
  #gen = 0;
  // The scan under way.
  #s = "";
  #tables: readonly Uint8Array[] = NO_TABLES;
  #matched = false;

  constructor(program: Program, negate: Uint8Array, atoms: ReadonlyMap<string, RegExp> | undefined) {
    this.#op = program.op;
    this.#out1 = program.out1;
    this.#out2 = program.out2;
    this.#arg = program.arg;
    const ascii = (this.#ascii = new Uint8Array(program.sets.length * 128));
    this.#sets = program.sets.map((ranges, i) => new CharSet(ranges, program.atoms[i], ascii, i * 128, atoms));
    this.#start = program.start;
    this.#anchored = program.anchored;
    this.#backwards = program.backwards;
    this.#negate = negate;
  }

  /**
   * Without `record`: whether the program matches somewhere in `s` (the first match ends the
   * scan). With it: a new start at every position, and record[p] = 1 where a match ends.
   */
  scan(s: string, tables: Uint8Array[], record: Uint8Array | undefined, pattern: string): boolean {
    const n = this.#op.length;
    if (this.#lists === undefined || this.#gen > 0x3fffffff) {
      this.#lists = [new Int32Array(n), new Int32Array(n), new Int32Array(n)];
      this.#mark = new Int32Array(n);
      this.#stack = new Int32Array(n);
      this.#gen = 0;
    }
    let list = this.#lists[0];
    let next = this.#lists[1];
    const backwards = this.#backwards;
    const restart = record !== undefined || !this.#anchored;
    const sets = this.#sets;
    const ascii = this.#ascii;
    const op = this.#op;
    const arg = this.#arg;
    const out1 = this.#out1;
    const mark = this.#mark!;
    const start = this.#start;
    const end = backwards ? 0 : s.length;
    this.#s = s;
    this.#tables = tables;
    let p = backwards ? s.length : 0;
    let gen = ++this.#gen;
    this.#matched = false;
    let live = this.#close(start, p, list, 0);
    for (;;) {
      if (record !== undefined) record[p] = this.#matched ? 1 : 0;
      else if (this.#matched) return true;
      if (p === end || (live === 0 && !restart)) return false;
      let cp: number;
      let q: number;
      if (backwards) {
        cp = s.charCodeAt(p - 1);
        q = p - 1;
        if (cp >= 0xdc00 && cp <= 0xdfff && p >= 2) {
          const lead = s.charCodeAt(p - 2);
          if (lead >= 0xd800 && lead <= 0xdbff) {
            cp = 0x10000 + ((lead - 0xd800) << 10) + (cp - 0xdc00);
            q = p - 2;
          }
        }
      } else {
        cp = s.codePointAt(p)!;
        q = cp > 0xffff ? p + 2 : p + 1;
      }
      const at = backwards ? q : p;
      gen = ++this.#gen;
      this.#matched = false;
      let count = 0;
      let asked = 0;
      for (let i = 0; i < live; i++) {
        const state = list[i]!;
        const set = arg[state]!;
        if (cp < 128) {
          if (ascii[set * 128 + cp] === 0) continue;
        } else {
          const members = sets[set]!;
          if (members.asksRegExp) asked++;
          if (!members.has(cp, s, at)) continue;
        }
        const to = out1[state]!;
        if (mark[to] === gen) continue;
        if (op[to] === CHAR) {
          mark[to] = gen;
          next[count++] = to;
        } else {
          count = this.#close(to, q, next, count);
        }
      }
      if (restart) count = this.#close(start, q, next, count);
      if (record === undefined && restart && q === p + 2 && this.#emptyMatch(p + 1)) return true;
      steps += live + asked * ASKED_STEPS;
      if (steps > limit) throw new RegexBudgetExceeded(pattern, limit < MATCH_STEPS);
      const swap = list;
      list = next;
      next = swap;
      live = count;
      p = q;
    }
  }

  get held(): number {
    let held = this.#s.length;
    for (let i = 0; i < this.#tables.length; i++) held += this.#tables[i]!.length;
    return held;
  }

  /** Lets go of the string and tables of the last scan. */
  release(): void {
    this.#s = "";
    this.#tables = NO_TABLES;
  }

  /** Whether the program matches the empty string at `p` (inside a surrogate pair: nothing can be read there). */
  emptyMatchAt(s: string, p: number): boolean {
    this.#s = s;
    return this.#emptyMatch(p);
  }

  #emptyMatch(p: number): boolean {
    const matched = this.#matched;
    this.#gen++;
    this.#matched = false;
    this.#close(this.#start, p, this.#lists![2], 0);
    const found = this.#matched;
    this.#matched = matched;
    return found;
  }

  /** Adds `from` and every state it reaches without reading, at position `p`, to `list` (holding `count`); returns the new count. */
  #close(from: number, p: number, list: Int32Array, count: number): number {
    const mark = this.#mark!;
    const stack = this.#stack!;
    const op = this.#op;
    const out1 = this.#out1;
    const gen = this.#gen;
    if (mark[from] === gen) return count;
    mark[from] = gen;
    stack[0] = from;
    let top = 1;
    let visited = 0;
    while (top > 0) {
      const state = stack[--top]!;
      visited++;
      let go = -1;
      switch (op[state]) {
        case CHAR:
          list[count++] = state;
          break;
        case MATCH:
          this.#matched = true;
          break;
        case SPLIT: {
          const other = this.#out2[state]!;
          if (mark[other] !== gen) {
            mark[other] = gen;
            stack[top++] = other;
          }
          go = out1[state]!;
          break;
        }
        case START:
          if (p === 0) go = out1[state]!;
          break;
        case END:
          if (p === this.#s.length) go = out1[state]!;
          break;
        case WORD_EDGE:
        case NOT_WORD_EDGE:
          if (isWordAt(this.#s, p - 1) !== isWordAt(this.#s, p) === (op[state] === WORD_EDGE)) go = out1[state]!;
          break;
        case LOOK: {
          const look = this.#arg[state]!;
          if (this.#tables[look]![p] !== this.#negate[look]) go = out1[state]!;
          break;
        }
      }
      if (go >= 0 && mark[go] !== gen) {
        mark[go] = gen;
        stack[top++] = go;
      }
    }
    steps += visited;
    return count;
  }
}
