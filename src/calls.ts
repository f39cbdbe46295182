// A validator's calls (isValid, validate, assert), as the process sees them: the outermost one
// owns what a call keeps (the patterns' step budget, the verdicts on its strings); a call made
// inside it (a format checker or a getter of the data that validates) leaves that to it.
import { endCall, startCall } from "./regex/pike-vm.js";
import { forgetVerdicts } from "./engine/string-verdicts.js";
import { forgetLastMatch, lastMatch } from "./json/last-match.js";
import { call } from "./call-flag.js";

export { call };

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
