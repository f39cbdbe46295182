// When V8's own engine may run a pattern: a proof that its backtracking stays linear.
//
// The criterion. V8 tests an unanchored pattern P by trying P at every start position; each try
// walks, depth first, the tree of the ways P's automaton can read a prefix of the rest of the
// string. All tries together walk, for each prefix s[0..j) of the string, the ways `[^]*P` (one
// way for "not started yet", then P's) can read it: so if no prefix can be read in more than K
// ways, a test costs at most (length + 1) × K × (states) steps. This module builds P's automaton
// (Thompson's construction, nfa.ts) and explores every reachable "count vector" (how many ways
// end in each state, counts capped) over an alphabet cut where the classes cut it; P is safe
// when no vector totals more than K ways, and no more than K ways lead from one point to the
// states that read next or to the end (V8 tries each). An automaton whose ways multiply without
// bound (`(a+)+`, `(\w+\s?)*`, and also `\s*#` unanchored: one more way per start position)
// has vectors above K. The automaton is read generously, so that it has at least the ways V8
// has: `$ \b \B` always hold, a class with \p{…} holds every code point, a count above CLAMP
// reads as `{min(n, CLAMP),}` (`a{4,32}` as `a{4,}`), only `^` is exact (it holds at position 0).
// A loop whose body can match the empty string (`(a*)*`) is not safe (V8's empty check).
//
// Lookaround: a lookbehind is not safe (V8 reads it backwards; not analysed). A lookahead is
// safe when its body is (as a pattern anchored where it is tried, with no lookaround inside)
// and it is either tried only at position 0 (`^(?!/)(?!.*\.\./)…`) or its body is short and
// reached by few ways: each way that reaches it at a position runs the body, so the ways to a
// prefix times the body's ways times the most it reads must stay within LOOK_WORK. Otherwise (and for anything too large to explore) the pattern runs on
// the Pike VM, which is linear for every pattern. In doubt, the VM.
import { alphabetOf } from "./char-set.js";
import { throwIfOutOfStack } from "./out-of-stack.js";
import type { RegexNode } from "./parse.js";
import { buildProgram, CHAR, LOOK, MATCH, maxLength, type Program, SPLIT, START } from "./nfa.js";

/** Most ways to read one prefix (see above). At most 31: explore writes a vector's entries, one way each at least, as bits of a number. */
const K = 16;
/** Counted repetitions up to this are written out for the analysis. */
const CLAMP = 8;
/** Most states of an analysed automaton, count vectors explored, and work (vector × letter × entry). */
const MAX_STATES = 300;
const MAX_VECTORS = 400;
const MAX_WORK = 400_000;
/** A lookahead tried after position 0: the most steps its tries may take at one position (see above). */
const LOOK_WORK = 64;

/**
 * The work the analyses of one compile may do together (regexes.ts): each pattern may take
 * MAX_WORK, and two thousand short patterns took seconds. Once it is spent (`cut`), patterns
 * are not analysed: they run on the VM, which is linear for every pattern.
 */
export class AnalysisMeter {
  cut = false;
  constructor(public left: number) {}
}

/** Whether V8 may run `root` (a parsed pattern without backreferences) without a blow-up. */
export function safeForBacktracking(root: RegexNode, meter?: AnalysisMeter): boolean {
  if (hasLook(root, (look) => look.behind || hasLook(look.body, () => true))) return false;
  if (meter !== undefined && meter.left <= 0) {
    meter.cut = true;
    return false;
  }
  const analysis = analyse(root, true, meter);
  if (analysis === undefined) return false;
  for (const [index, late] of analysis.looks) {
    const body = analysis.lookBodies[index]!;
    const inner = analyse(body, false, meter);
    if (inner === undefined) return false;
    if (late && !(analysis.ways * inner.ways * maxLength(body) <= LOOK_WORK)) return false;
  }
  return true;
}

function hasLook(node: RegexNode, test: (look: RegexNode & { type: "look" }) => boolean): boolean {
  switch (node.type) {
    case "look":
      return test(node);
    case "seq":
      return node.items.some((item) => hasLook(item, test));
    case "alt":
      return node.alts.some((alt) => hasLook(alt, test));
    case "repeat":
      return hasLook(node.body, test);
    default:
      return false;
  }
}

/** Ways from a point to each state that reads or ends (state → count, capped above K). */
type Ways = Map<number, number>;

interface Analysis {
  /** LOOK states' lookaround index → whether it is tried after position 0. */
  readonly looks: Map<number, boolean>;
  /** The bodies of the lookarounds, by index. */
  readonly lookBodies: RegexNode[];
  /** The most ways found to read one prefix (at most K). */
  readonly ways: number;
}

/** Explores `root`'s count vectors; undefined when it is not safe (or too large to tell, or past the meter's work: then cut). */
function analyse(root: RegexNode, restart: boolean, meter: AnalysisMeter | undefined): Analysis | undefined {
  const limit = meter === undefined ? MAX_WORK : Math.min(MAX_WORK, meter.left);
  const done = { work: 0 };
  const analysis = explored(root, restart, limit, done);
  if (meter !== undefined) {
    meter.left -= done.work;
    if (analysis === undefined && done.work > limit && limit < MAX_WORK) meter.cut = true;
  }
  return analysis;
}

function explored(root: RegexNode, restart: boolean, limit: number, done: { work: number }): Analysis | undefined {
  let built: ReturnType<typeof buildProgram>;
  try {
    built = buildProgram(root, { limit: MAX_STATES, clamp: CLAMP });
  } catch (error) {
    throwIfOutOfStack(error); // kept, "not safe" would hold for every later compile
    return undefined;
  }
  const program = built.program;
  const looks = new Map<number, boolean>();
  const closures = new Closures(program, looks);
  // The alphabet is analysis work too: thousands of classes of hundreds of ranges each cost
  // their cut points times the classes (a 63 KB pattern of 299 classes: about a second).
  const letters = alphabetOf(program.sets as number[][], limit - done.work, done);
  if (letters === undefined) return undefined;
  const initial = closures.of(program.start, true);
  if (initial === undefined) return undefined;
  const again = restart ? closures.of(program.start, false) : new Map<number, number>();
  if (again === undefined) return undefined;
  const seen = new Set<string>();
  const queue: Ways[] = [];
  let most = 0;
  // A vector: the ways that end having read in each CHAR state; `ready` is where they go next.
  const explore = (ready: Ways): boolean => {
    let total = 0;
    for (const count of ready.values()) total += count;
    if (total > K) return false;
    most = Math.max(most, total);
    // In state order, so that each letter's vector is written as its key without a sort.
    const entries = [...ready].sort((a, b) => a[0] - b[0]);
    // A letter's vector is the entries whose states read it: a bit mask (each entry holds a
    // way, so there are at most K). Letters mostly repeat a few masks; each is made once.
    const masks = new Set<number>();
    for (const letter of letters) {
      let mask = 0;
      for (let i = 0; i < entries.length; i++) {
        done.work++;
        const state = entries[i]![0];
        if (program.op[state] === CHAR && letter[program.arg[state]!]) mask |= 1 << i;
      }
      masks.add(mask);
    }
    for (const mask of masks) {
      const vector: Ways = new Map();
      let key = "";
      for (let i = 0; i < entries.length; i++) {
        if ((mask & (1 << i)) === 0) continue;
        const [state, count] = entries[i]!;
        vector.set(state, count);
        key += state + "," + count + ";";
      }
      if (seen.has(key)) continue;
      seen.add(key);
      queue.push(vector);
    }
    return seen.size <= MAX_VECTORS && done.work <= limit;
  };
  if (!explore(initial)) return undefined;
  while (queue.length > 0) {
    const vector = queue.pop()!;
    const ready: Ways = new Map(again);
    for (const [state, count] of vector) {
      const next = closures.of(program.out1[state]!, false);
      if (next === undefined) return undefined;
      for (const [to, ways] of next) ready.set(to, Math.min(K + 1, (ready.get(to) ?? 0) + count * ways));
    }
    if (!explore(ready)) return undefined;
  }
  return { looks, lookBodies: built.looks.map((look) => (look.node.type === "look" ? look.node.body : look.node)), ways: most };
}

/** The ways from a state to the states that read or end, without reading; memoised. */
class Closures {
  readonly #memo = [new Map<number, Ways | undefined>(), new Map<number, Ways | undefined>()];
  readonly #open = new Set<number>();

  constructor(
    readonly program: Program,
    readonly looks: Map<number, boolean>,
  ) {}

  /** Undefined when the state reaches itself without reading (a loop around the empty string). */
  of(state: number, atStart: boolean): Ways | undefined {
    const memo = this.#memo[atStart ? 1 : 0]!;
    if (memo.has(state)) return memo.get(state);
    if (this.#open.has(state)) return undefined;
    this.#open.add(state);
    const ways = this.#compute(state, atStart);
    this.#open.delete(state);
    memo.set(state, ways);
    return ways;
  }

  #compute(state: number, atStart: boolean): Ways | undefined {
    const { op, out1, out2, arg } = this.program;
    switch (op[state]) {
      case CHAR:
      case MATCH:
        return new Map([[state, 1]]);
      case SPLIT: {
        const first = this.of(out1[state]!, atStart);
        const second = this.of(out2[state]!, atStart);
        if (first === undefined || second === undefined) return undefined;
        const sum = new Map(first);
        for (const [to, ways] of second) sum.set(to, Math.min(K + 1, (sum.get(to) ?? 0) + ways));
        return sum;
      }
      case START:
        return atStart ? this.of(out1[state]!, atStart) : new Map();
      case LOOK:
        this.looks.set(arg[state]!, (this.looks.get(arg[state]!) ?? false) || !atStart);
        return this.of(out1[state]!, atStart);
      default: // `$ \b \B`: taken to hold
        return this.of(out1[state]!, atStart);
    }
  }
}
