// V8 compiles a RegExp on its first test of each string width (one-byte characters, or others),
// to bytecode, and again to native code on a later test (tier-up), unless the string has 1,000
// characters or more: then to native code at once. And when it compiles with the stack nearly
// spent it does not throw: it aborts the process ("RegExpCompiler Allocation failed"), which no
// catch can stop. A validation of deeply nested data may have nearly spent the stack when it
// tests a string, so a RegExp it may test is compiled here first, to native code for both widths,
// where the stack is not deep (a compile). After that V8 compiles it no more.

import { throwIfOutOfStack } from "./out-of-stack.js";

/** V8 compiles native code at once for a subject at least this long (its tier-up for long subjects). */
const TIER_UP_LENGTH = 1_000;
const ONE_BYTE = "\0".repeat(TIER_UP_LENGTH);
const TWO_BYTE = "\u0100".repeat(TIER_UP_LENGTH);

/**
 * V8's RegExp compiler checks the stack as it builds a pattern's nodes, and takes running out for
 * running out of memory: it aborts the process. So before it runs, this much of the stack (its
 * frames and the pattern's) must be free: pushing as many arguments throws a RangeError where it
 * is not, which compile() then throws on.
 */
const SCHEMA_ROOM: readonly number[] = new Array<number>(4_096).fill(0); // 32 KiB: a schema's pattern, of any shape
const OWN_ROOM = SCHEMA_ROOM.slice(0, 1_024); // 8 KiB: the library's own small RegExps (a process with a small stack loads them)
const nothing = (): void => {};

/**
 * Has V8 compile `regex`'s native code for both string widths now; false when it cannot (its
 * compiler overflows on a very large pattern, "Regular expression too large": the caller tests
 * strings some other way). The stack running out is thrown on: it says nothing of the pattern,
 * and the answer is kept for every later compile (engine/regexes.ts).
 */
export function compiledNow(regex: RegExp, own = false): boolean {
  Reflect.apply(nothing, undefined, own ? OWN_ROOM : SCHEMA_ROOM);
  try {
    regex.lastIndex = 0;
    regex.test(ONE_BYTE);
    regex.lastIndex = 0;
    regex.test(TWO_BYTE);
    return true;
  } catch (error) {
    throwIfOutOfStack(error);
    return false;
  } finally {
    regex.lastIndex = 0;
  }
}

/** What compiles the library's own RegExps a validation may test, before any validation runs. */
const pending: (() => void)[] = [];

/**
 * `regex`, listed to be compiled by compilePending (the first compile in the process calls it,
 * and schemagate/formats as it loads): for a RegExp of the library's own that a validation may
 * test. One written in a function body is a new object each time: such RegExps are module
 * constants.
 */
export function compiledBeforeUse<R extends RegExp>(regex: R): R {
  pending.push(() => compiledNow(regex, true));
  return regex;
}

/** compiledBeforeUse for what makes its RegExp when first asked (when-used.ts). */
export function madeBeforeUse(make: () => void): void {
  pending.push(make);
}

/** Compiles what compiledBeforeUse and madeBeforeUse listed so far. */
export function compilePending(): void {
  // Each taken off once made: one the stack ran out on stays for the next compile.
  while (pending.length > 0) {
    pending[pending.length - 1]!();
    pending.pop();
  }
}
