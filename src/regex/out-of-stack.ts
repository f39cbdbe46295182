// V8 reports running out of stack as a RangeError, and inside its RegExp parser as a SyntaxError
// that says so ("Invalid regular expression: /…/: Maximum call stack size exceeded"). Neither says
// anything of the pattern: an answer made from one (invalid, unknown, not for V8) would be wrong,
// and kept in a process-wide table, wrong for every later caller.

/** Whether `error` is the stack running out, not an answer about a pattern. */
export function outOfStack(error: unknown): boolean {
  return error instanceof RangeError || (error instanceof SyntaxError && error.message.includes("call stack"));
}

/** What a stack overflow is thrown on as: a RangeError, as the engine's own (errors.ts isStackOverflow). */
export function stackSpent(error: unknown): RangeError {
  return error instanceof RangeError ? error : new RangeError("Maximum call stack size exceeded");
}
