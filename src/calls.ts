// A validator's calls (isValid, validate, assert), as the process sees them: the outermost one
// owns what a call keeps (the patterns' step budget, the verdicts on its strings); a call made
// inside it (a format checker or a getter of the data that validates) leaves that to it.
import { endCall, startCall } from "./regex/pike-vm.js";
import { forgetVerdicts } from "./engine/string-verdicts.js";
import { forgetLastMatch, lastMatch } from "./json/last-match.js";

/**
 * A call is under way. Each method clears `open` in its `finally` (or catch) before anything it
 * calls there: a stack overflow can meet the call's own bookkeeping (a caller recursing to the
 * stack's edge), and a flag left set would make every later call of the process a call nested in
 * that dead one (one pattern step budget and one table of kept verdicts for all of them). An
 * object, so the methods clear it with a store, no call.
 */
export const call = { open: false };

/**
 * A call starts: true for the outermost one, which ends it (callEnds). The outermost starts its
 * step budget afresh, whatever a call that ran out of stack as it ended left (the verdicts it
 * kept are functions of their strings, let go as this call ends).
 */
export function callStarts(): boolean {
  if (call.open) return false;
  startCall();
  call.open = true;
  return true;
}

/** The outermost call ends (after `call.open` is cleared): what it kept is let go. */
export function callEnds(): void {
  forgetVerdicts();
  endCall();
  if (lastMatch.ofData) forgetLastMatch();
}

/**
 * After a result is worded outside a call (assert's error, Standard Schema issues, the MCP layer's
 * messages, the compact view): lets go of what their RegExps matched of the data, unless a call is
 * under way, which does so as it ends.
 */
export function letGoOfMatches(): void {
  if (!call.open && lastMatch.ofData) forgetLastMatch();
}
