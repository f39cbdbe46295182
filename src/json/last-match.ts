// V8 keeps the string the last successful RegExp match read (the legacy statics: RegExp.input,
// lastMatch, `$1`…) until the next match anywhere in the process. A pattern, a format checker or
// a message that matched the caller's data kept it alive after the call (a 64 MiB string), and
// readable by any code. What may match a string of the data that can keep a larger one alive (a
// pattern or format: SLICED_FROM characters or more, string-verdicts.ts; a message: any) marks it
// here; the outermost call lets go of it as it ends. (Reading RegExp.input at every call's end instead, or letting go after every short
// match, cost the fast path: the figures are in git log src/json/last-match.ts.)
import { call } from "../call-flag.js";
import { compiledBeforeUse } from "../regex/compiled-now.js";

export const lastMatch = { ofData: false };

/** A RegExp's answer on a text that may be the caller's: a match is marked. */
export function matched(hit: boolean): boolean {
  if (hit) lastMatch.ofData = true;
  return hit;
}

/** A match of an empty pattern on "" takes the data's place in the statics. */
export function forgetLastMatch(): void {
  lastMatch.ofData = false;
  EMPTY.test("");
}

const EMPTY = compiledBeforeUse(/(?:)/);

/**
 * After a result is worded outside a call (an error's message, Standard Schema issues, the MCP
 * layer's messages, the compact view): lets go of what their RegExps matched of the data, unless
 * a call is under way, which does so as it ends.
 */
export function letGoOfMatches(): void {
  if (!call.open && lastMatch.ofData) forgetLastMatch();
}
