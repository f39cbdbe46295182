// A pattern or a format checker reads the whole string, some slowly (format "regex" parses it,
// a pattern may run on the linear VM), and a schema can apply thousands of subschemas to one
// string, or to a few strings in turn: a hundred anyOf branches of `format: "regex"` on a 1 MB
// string took seconds per branch. So one validation call tests a long string once per pattern
// and per format checker: the verdicts are kept, by test and string, until the call ends
// (forgetVerdicts). Format checkers are taken to be functions of the string alone.
import { TextKeys, type TextToken } from "../json/text-keys.js";

/** Shorter strings are tested each time: for them a test costs about what a lookup does. */
export const LONG_VERDICT_TEXT = 256;

/** The call's verdicts by test (a shared matcher or a format checker), then by string (or a very long string's token). */
let verdicts: Map<object, Map<string | TextToken, boolean>> | undefined;
let texts: TextKeys | undefined;
/** The string last looked up and its key: the subschemas at one place ask about one string in turn. */
let lastText: string | undefined;
let lastKey: string | TextToken | undefined;

/** run(text), or the verdict this call kept for (test, text). */
function keptVerdict(test: object, text: string, run: (text: string) => boolean): boolean {
  verdicts ??= new Map();
  let byText = verdicts.get(test);
  if (byText === undefined) verdicts.set(test, (byText = new Map()));
  if (text !== lastText) {
    lastKey = (texts ??= new TextKeys()).keyOf(text);
    lastText = text;
  }
  const key = lastKey!;
  let verdict = byText.get(key);
  if (verdict === undefined) byText.set(key, (verdict = Boolean(run(text))));
  return verdict;
}

/** check(text), once per validation call for a long text. */
export function formatHolds(check: (value: string) => boolean, text: string): boolean {
  return text.length <= LONG_VERDICT_TEXT ? check(text) : keptVerdict(check, text, check);
}

/** A matcher whose test() runs once per validation call for a long text (regexes.ts wraps every shared matcher in one). */
export class KeptMatcher {
  readonly #run: (text: string) => boolean;

  constructor(readonly matcher: { test(s: string): boolean }) {
    this.#run = (text) => matcher.test(text);
  }

  test(text: string): boolean {
    return text.length <= LONG_VERDICT_TEXT ? this.matcher.test(text) : keptVerdict(this, text, this.#run);
  }
}

/** Lets go of the kept verdicts, and of the caller's strings with them (as each validation call ends). */
export function forgetVerdicts(): void {
  if (verdicts === undefined) return; // nothing kept (most calls)
  verdicts = undefined;
  texts = undefined;
  lastText = undefined;
  lastKey = undefined;
}
