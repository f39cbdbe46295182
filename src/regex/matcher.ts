// A pattern from a schema, ready to test strings in bounded time: V8's own RegExp when the
// safety analysis proves its backtracking linear (safety.ts; native.ts), otherwise the Pike VM (pike-vm.ts).
// Backreferences are refused: no linear matcher can run them.
import { buildProgram, ProgramTooLarge } from "./nfa.js";
import { parseRegex, UnsupportedRegex } from "./parse.js";
import { nativeMatcher } from "./native.js";
import { PikeMatcher } from "./pike-vm.js";
import { safeForBacktracking, type AnalysisMeter } from "./safety.js";
import { propertyEscapes, tooCostly, classSorting } from "./pattern-cost.js";

/** What keywords need of a pattern (no g or y flag: test() keeps no state). */
export interface Matcher {
  test(s: string): boolean;
}

/** Groups and lookarounds nested deeper than this are refused (the walks over the tree recurse). */
export const MAX_NESTING = 1_000;

/** Most states of a pattern's automaton on the VM (all its lookarounds' together); see nfa.ts. */
export const VM_STATES = 10_000;

export { UnsupportedRegex };

/** A compiled pattern and its weight (states held, for the shared table's bound). */
export interface CompiledPattern {
  readonly matcher: Matcher;
  readonly states: number;
}

/**
 * Compiles a `u`-flag pattern. Throws V8's SyntaxError or a RegexSyntaxError when it is
 * invalid, UnsupportedRegex when it is valid but cannot be run in linear time. `meter`: the
 * safety analyses' work left to the compile under way.
 */
export function compilePattern(pattern: string, meter?: AnalysisMeter): CompiledPattern {
  // Before either parser reads it: what a pattern costs to compile is bounded too.
  const costly = tooCostly(pattern.length, propertyEscapes(pattern), classSorting(pattern));
  if (costly !== undefined) throw new UnsupportedRegex(`it is too costly to compile: ${costly}`);
  new RegExp(pattern, "u"); // V8 refuses what it refuses: we never accept more
  const { root, backreferences, depth } = parseRegex(pattern);
  if (backreferences) throw new UnsupportedRegex("backreferences (\\1, \\k<name>) cannot be matched in linear time");
  if (depth > MAX_NESTING) throw new UnsupportedRegex(`its groups nest more than ${MAX_NESTING} levels deep`);
  if (safeForBacktracking(root, meter)) {
    const native = nativeMatcher(pattern, root, VM_STATES);
    if (native !== undefined) return { matcher: native, states: 0 };
  }
  try {
    const { program, looks } = buildProgram(root, { limit: VM_STATES });
    return { matcher: new PikeMatcher(pattern, program, looks), states: looks.reduce((sum, look) => sum + look.program.op.length, program.op.length) };
  } catch (error) {
    if (error instanceof ProgramTooLarge) throw new UnsupportedRegex(`its automaton needs more than ${VM_STATES} states (a state per character or class, a counted repetition copying its body: a long pattern, such as a literal or an alternation of thousands of characters, or a large count)`);
    throw error;
  }
}
