// Compiled patterns, shared by every validator: many schemas repeat the same few patterns. A
// pattern is a Matcher (src/regex/matcher.ts): V8's RegExp when it is proven unable to
// backtrack badly, else the linear Pike VM, wrapped so that one validation call tests a long
// string once (string-verdicts.ts). Keywords only ever call test() on them, with no g or y flag,
// so sharing shares no state. Bounded by entries, their characters and the VM states they hold: cleared
// when full, which validators already made do not notice. One compile's patterns are bounded
// by the VM states they hold together (startCounting).
import { SchemaError } from "../errors.js";
import { compilePattern, UnsupportedRegex, type Matcher } from "../regex/matcher.js";
import { COMPILE_ANALYSIS_WORK, COMPILE_VM_STATES } from "../limits.js";
import { AnalysisMeter } from "../regex/safety.js";
import { propertyEscapes } from "../regex/pattern-cost.js";
import { throwIfOutOfStack } from "../regex/out-of-stack.js";
import { KeptMatcher } from "./string-verdicts.js";

/** A compiled pattern and the VM states it holds (0 on V8's RegExp). */
interface Shared {
  readonly matcher: Matcher;
  readonly states: number;
  /** Whether the safety analysis decided where it runs (false: put on the VM past a compile's COMPILE_ANALYSIS_WORK). */
  readonly analysed: boolean;
  /** The analysis work that decided it (analysed only), which every compile that meets the pattern is charged. */
  readonly work: number;
}

const MATCHERS = new Map<string, Shared>();
/** Twice the distinct patterns one schema document may hold (pattern-cost.ts: 65,536 characters, 32 at least each): a schema's own patterns are not evicted by each other. */
const MATCHER_CACHE_SIZE = 4_096;
/** The VM states all cached patterns may hold together (about 40 bytes each while in use: CACHE_BYTES_PER_VM_STATE). */
const MATCHER_CACHE_STATES = 200_000;
let cachedStates = 0;
/**
 * The characters all cached patterns may have together, each counted as at least 32 (as
 * pattern-cost.ts counts them), and each Unicode property escape as ESCAPE_CHARACTERS: V8 keeps
 * compiled code per character, up to about 160 bytes for lookarounds and groups, and kilobytes
 * per `\p{L}`: bounded by count alone, distinct large patterns ran the process out of memory
 * (the figures: git log src/engine/regexes.ts). Two documents' worth of patterns.
 */
const MATCHER_CACHE_CHARACTERS = 2 * 65_536;
const ESCAPE_CHARACTERS = 1_024;
let cachedCharacters = 0;
/** The work left to an analysis no compile counts (a variant's): more than any analysis does (safety.ts stops each at MAX_WORK). */
const UNMETERED = Number.MAX_SAFE_INTEGER;

/** What one compile's patterns have cost: the distinct ones met on the VM and their states, those past the bound (refused at every meeting), and the safety analyses' work left. */
export class StatesBudget {
  // Made when first needed: most compiles meet no pattern on the VM.
  seen: Set<string> | undefined = undefined;
  /** Where each pattern met went (placed): a pattern met again is where it was put first. */
  met: Map<string, Shared> | undefined = undefined;
  over: Set<string> | undefined = undefined;
  total = 0;
  readonly meter = new AnalysisMeter(COMPILE_ANALYSIS_WORK);
}

/** The budget of the compile under way (a compile inside it, of a metaschema, has its own). */
let budget: StatesBudget | undefined;

/**
 * Starts counting one compile's patterns (its checks and compile, until stopCounting): each
 * pattern may have VM_STATES, and a short one reaches them (`(?:[a-z]{99}){99}`), so past
 * COMPILE_VM_STATES together a pattern is refused (UnsupportedRegex, which the compile reports
 * where it meets the pattern). The safety analyses share COMPILE_ANALYSIS_WORK: past it, patterns
 * go to the VM unanalysed (and are shared so). Returns the budget it replaces (a compile inside
 * another, of a metaschema, counts on its own).
 */
export function startCounting(): StatesBudget | undefined {
  const outer = budget;
  budget = new StatesBudget();
  return outer;
}

/** Ends the count startCounting began (in a `finally`): the VM states the validator keeps, for the cache's count. */
export function stopCounting(outer: StatesBudget | undefined): number {
  const states = budget?.total ?? 0;
  budget = outer;
  return states;
}

/**
 * Runs a compile that no budget counts: a validator's variant, compiled on first use. That use
 * may come from a caller's function (a format checker) while another compile is under way, whose
 * budget must not be charged, nor refuse the variant of a schema already accepted.
 */
export function uncounted<T>(run: () => T): T {
  const outer = budget;
  budget = undefined;
  try {
    return run();
  } finally {
    budget = outer;
  }
}

/**
 * The matcher of a `u`-flag pattern. Throws V8's SyntaxError (or a RegexSyntaxError) when it is
 * invalid, an UnsupportedRegex when it is valid but has backreferences or is too large to run
 * (alone, or with the other patterns of the compile under way).
 */
export function sharedMatcher(pattern: string): Matcher {
  const counting = budget;
  let shared = counting?.met?.get(pattern);
  if (shared === undefined) {
    shared = placed(pattern, counting?.meter);
    if (counting !== undefined) (counting.met ??= new Map()).set(pattern, shared);
  }
  if (counting !== undefined && shared.states > 0) count(counting, pattern, shared.states);
  return shared.matcher;
}

/**
 * Where a pattern goes the first time a compile meets it (`meter`: its analysis work left;
 * undefined for a variant's compile, which no budget counts): where a fresh process would put it.
 * Otherwise what other compiles left in the table would decide whether a schema is accepted (the
 * states of its patterns on the VM, past COMPILE_VM_STATES).
 */
function placed(pattern: string, meter: AnalysisMeter | undefined): Shared {
  const shared = MATCHERS.get(pattern);
  if (shared !== undefined && shared.analysed && meter !== undefined) {
    // The compile pays for the analysis another compile made; where its work left would not cover
    // it, its own analysis is cut there and the pattern goes to the VM, for this validator only.
    if (!meter.cut && meter.left > 0 && shared.work <= meter.left) {
      meter.left -= shared.work;
      return shared;
    }
    const compiled = compilePattern(pattern, meter);
    if (compiled.states === shared.states) return shared;
    return { matcher: new KeptMatcher(compiled.matcher), states: compiled.states, analysed: false, work: 0 };
  }
  // Past the compile's analysis work, a pattern goes to the VM unanalysed, and is shared so: the
  // explainer and the variants, compiled later without a budget, would otherwise analyse it after
  // all (the VM answers as V8 does, in linear time). Another compile with work left analyses it
  // again and shares what it finds: one schema's exhausted budget must not put a pattern on the
  // VM, with the VM's step bounds, for every validator compiled after it.
  if (shared !== undefined && (shared.analysed || meter === undefined || meter.cut)) return shared;
  const metered = meter ?? new AnalysisMeter(UNMETERED);
  const before = metered.left;
  const compiled = compilePattern(pattern, metered);
  const made: Shared = { matcher: new KeptMatcher(compiled.matcher), states: compiled.states, analysed: compiled.states === 0 || !metered.cut, work: before - metered.left };
  const characters = Math.max(pattern.length, 32) + ESCAPE_CHARACTERS * propertyEscapes(pattern);
  if (shared !== undefined) {
    cachedStates -= shared.states;
    cachedCharacters -= characters;
  }
  if (MATCHERS.size >= MATCHER_CACHE_SIZE || cachedStates + compiled.states > MATCHER_CACHE_STATES || cachedCharacters + characters > MATCHER_CACHE_CHARACTERS) {
    MATCHERS.clear();
    cachedStates = 0;
    cachedCharacters = 0;
  }
  MATCHERS.set(pattern, made);
  cachedStates += compiled.states;
  cachedCharacters += characters;
  return made;
}

function count(budget: StatesBudget, pattern: string, states: number): void {
  const seen = (budget.seen ??= new Set());
  if (!seen.has(pattern)) {
    seen.add(pattern);
    if ((budget.total += states) > COMPILE_VM_STATES) (budget.over ??= new Set()).add(pattern);
  }
  if (budget.over?.has(pattern) === true) {
    throw new UnsupportedRegex(`the schema's patterns that run on the linear matcher need more than ${COMPILE_VM_STATES} automaton states together (a state per character or class, a counted repetition copying its body: long patterns or large counts)`);
  }
}

/** sharedMatcher for a pattern in a schema at `ptr`: an invalid or unsupported one is a SchemaError there. */
export function schemaMatcher(pattern: string, ptr: string): Matcher {
  try {
    return sharedMatcher(pattern);
  } catch (error) {
    throwIfOutOfStack(error); // the caller's stack, not the pattern
    if (error instanceof UnsupportedRegex) throw new SchemaError("unsupported-regex", ptr, `unsupported regular expression ${JSON.stringify(pattern)}: ${error.message}`);
    throw new SchemaError("invalid-regex", ptr, `invalid regular expression ${JSON.stringify(pattern)} (${(error as Error).message})`);
  }
}
