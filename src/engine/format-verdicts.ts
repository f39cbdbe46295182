// A format checker reads the whole string, some slowly (format "regex" parses it as a pattern),
// and a schema can apply thousands of subschemas to one string, or to a few strings in turn: a
// hundred anyOf branches of `format: "regex"` on a 1 MB string took seconds per branch. So one
// validation call checks a long string against each checker once: the verdicts are kept, by
// checker and string, until the call ends (forgetFormats). Checkers are taken to be functions
// of the string alone.
import { TextKeys, type TextToken } from "../json/text-keys.js";

/** Shorter strings are checked each time: for them a check costs about what a lookup does. */
export const LONG_FORMAT_TEXT = 256;

type Check = (value: string) => boolean;

/** The call's verdicts by checker, then by string (or a very long string's token). */
let verdicts: Map<Check, Map<string | TextToken, boolean>> | undefined;
let texts: TextKeys | undefined;
/** The string last looked up and its key: the subschemas at one place ask about one string in turn. */
let lastText: string | undefined;
let lastKey: string | TextToken | undefined;

/** check(text), once per validation call for a long text. */
export function formatHolds(check: Check, text: string): boolean {
  if (text.length <= LONG_FORMAT_TEXT) return check(text);
  verdicts ??= new Map();
  let byText = verdicts.get(check);
  if (byText === undefined) verdicts.set(check, (byText = new Map()));
  if (text !== lastText) {
    lastKey = (texts ??= new TextKeys()).keyOf(text);
    lastText = text;
  }
  const key = lastKey!;
  let verdict = byText.get(key);
  if (verdict === undefined) byText.set(key, (verdict = Boolean(check(text))));
  return verdict;
}

/** Lets go of the kept verdicts, and of the caller's strings with them (as each validation call ends). */
export function forgetFormats(): void {
  if (verdicts === undefined) return; // nothing kept (most calls)
  verdicts = undefined;
  texts = undefined;
  lastText = undefined;
  lastKey = undefined;
}
