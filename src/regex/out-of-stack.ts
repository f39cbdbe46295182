// V8 reports running out of stack as a RangeError, and inside its RegExp parser as a SyntaxError
// that says so ("Invalid regular expression: /…/: Maximum call stack size exceeded"). Neither says
// anything of the pattern: an answer made from one (invalid, unknown, not for V8) would be wrong,
// and kept in a process-wide table, wrong for every later caller.

/** Throws `error` on, as a RangeError, when it is the stack running out; returns otherwise, for the caller's answer. */
export function throwIfOutOfStack(error: unknown): void {
  if (error instanceof RangeError) throw error;
  if (error instanceof SyntaxError && error.message.includes("call stack")) throw new RangeError("Maximum call stack size exceeded");
}
