// V8's own RegExp, for a pattern the safety analysis proved linear (safety.ts). Linear time is
// not all a test needs: V8 keeps a backtrack stack, one entry per loop iteration for a group or
// an alternation in a loop (`^([ab])*$`, `^(?:a|b)*$`), and throws a RangeError once a string is
// long enough (about two million iterations; fewer with more captures in the loop), and its
// compiler recurses and throws on a very large pattern (ten thousand groups). So captures are
// made plain groups (test() never reads them), a pattern V8 cannot compile goes to the VM, and a
// string V8 cannot finish is tested on the VM, which keeps no stack.
import { buildProgram, ProgramTooLarge } from "./nfa.js";
import { parseRegex, type RegexNode } from "./parse.js";
import { atomRegExp, MAX_CODE_POINT, positiveClass } from "./char-set.js";
import { PikeMatcher, RegexBudgetExceeded } from "./pike-vm.js";
import { compiledNow } from "./compiled-now.js";

/** V8's RegExp for `pattern`, or undefined when V8 cannot compile it or would answer wrong (then the VM runs it). `vmStates`: the most a VM program may have. */
export function nativeMatcher(pattern: string, root: RegexNode, vmStates: number): NativeMatcher | undefined {
  const classes = classesOf(root);
  if (classes.some(missesLastCodePoint)) return undefined;
  const regex = new RegExp(withoutCaptures(pattern), "u");
  // Compiled by V8 now for both string widths: never on the caller's data, where the stack may be
  // nearly spent (compiled-now.ts); a pattern V8's compiler overflows on goes to the VM.
  if (!compiledNow(regex)) return undefined;
  // The VM for a string V8 cannot finish is made on the data; the RegExps it asks about \p{...}
  // classes are made (and compiled) now.
  const atoms = new Map<string, RegExp>();
  for (const { atom } of classes) if (atom !== undefined && !atoms.has(atom)) atoms.set(atom, atomRegExp(atom));
  return new NativeMatcher(regex, pattern, vmStates, atoms.size > 0 ? atoms : undefined);
}

export class NativeMatcher {
  constructor(
    readonly regex: RegExp,
    readonly pattern: string,
    readonly vmStates: number,
    /** The RegExps of its \p{...} classes, for the VM (nativeMatcher). */
    readonly atoms?: ReadonlyMap<string, RegExp>,
  ) {}

  test(s: string): boolean {
    try {
      return this.regex.test(s);
    } catch {
      // Out of backtrack stack on this string. (Should the call stack itself be nearly spent,
      // the VM throws as well, and the RangeError reports the data as too deep.)
      return onVm(this.pattern, this.vmStates, this.atoms).test(s);
    }
  }
}

type ClassNode = Extract<RegexNode, { type: "set" }>;

/** The character classes of a pattern's tree, its lookarounds' included. */
function classesOf(node: RegexNode): ClassNode[] {
  switch (node.type) {
    case "set":
      return [node];
    case "seq":
      return node.items.flatMap(classesOf);
    case "alt":
      return node.alts.flatMap(classesOf);
    case "repeat":
    case "look":
      return classesOf(node.body);
    default:
      return [];
  }
}

const LAST = String.fromCodePoint(MAX_CODE_POINT);

/**
 * Whether V8 would leave U+10FFFF out of `set` when it holds it: a negated class whose members
 * end at U+10FFFE (char-set.ts positiveClass). Without \p, the complement then ends with
 * U+10FFFF alone (a class that holds only U+10FFFF at its end is sent to the VM too, harmlessly);
 * with \p, V8 is asked both ways.
 */
function missesLastCodePoint(set: ClassNode): boolean {
  if (set.atom === undefined) return set.ranges[set.ranges.length - 2] === MAX_CODE_POINT;
  return set.atom.startsWith("[^") && new RegExp(set.atom, "u").test(LAST) === new RegExp(positiveClass(set.atom), "u").test(LAST);
}

/** The VM for a pattern V8 could not finish: made for the string at hand and let go (it is rare, and the shared table counts no states for V8's patterns). */
function onVm(pattern: string, vmStates: number, atoms: ReadonlyMap<string, RegExp> | undefined): PikeMatcher {
  try {
    const { program, looks } = buildProgram(parseRegex(pattern).root, { limit: vmStates });
    return new PikeMatcher(pattern, program, looks, atoms);
  } catch (error) {
    if (error instanceof ProgramTooLarge) throw new RegexBudgetExceeded(pattern, false, true);
    throw error;
  }
}

/**
 * The pattern with each capturing group, numbered or named, written `(?:`. Only a valid pattern
 * without backreferences comes here, so a plain scan suffices: `\` escapes the next character,
 * `[…]` holds no group, and `(?` opens a named group only as `(?<` not followed by `=` or `!`.
 */
export function withoutCaptures(pattern: string): string {
  let out = "";
  let from = 0;
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") i++;
    else if (inClass) inClass = c !== "]";
    else if (c === "[") inClass = true;
    else if (c === "(") {
      let end = i + 1;
      if (pattern[end] === "?") {
        if (pattern[end + 1] !== "<" || pattern[end + 2] === "=" || pattern[end + 2] === "!") continue;
        end = pattern.indexOf(">", end) + 1;
      }
      out += pattern.slice(from, i) + "(?:";
      from = end;
      i = end - 1;
    }
  }
  return from === 0 ? pattern : out + pattern.slice(from);
}
