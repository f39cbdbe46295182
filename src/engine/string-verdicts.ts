// A pattern, a format checker or a length reads the whole string, some slowly (format "regex"
// parses it, a pattern may run on the linear VM), and a schema can apply thousands of
// subschemas to one string, or to a few strings in turn: a hundred anyOf branches of
// `format: "regex"` on a 1 MB string took seconds per branch. So one validation call tests a
// long string once per pattern and per format checker, and counts its code points once: the
// results are kept, by test and string, until the call ends (forgetVerdicts). Format checkers
// are taken to be functions of the string alone.
import { TextKeys, type TextToken } from "../json/text-keys.js";
import { ucs2length } from "../json/ucs2-length.js";

/** Shorter strings are tested each time: for them a test costs about what a lookup does. */
export const LONG_VERDICT_TEXT = 256;

/** The call's results by test (a shared matcher, a format checker, CODE_POINTS), then by string (or a very long string's token). */
let verdicts: Map<object, Map<string | TextToken, unknown>> | undefined;
let texts: TextKeys | undefined;
/** The string last looked up and its key: the subschemas at one place ask about one string in turn. */
let lastText: string | undefined;
let lastKey: string | TextToken | undefined;

/** run(text), or what this call kept for (test, text). */
function kept<T>(test: object, text: string, run: (text: string) => T): T {
  verdicts ??= new Map();
  let byText = verdicts.get(test);
  if (byText === undefined) verdicts.set(test, (byText = new Map()));
  if (text !== lastText) {
    lastKey = (texts ??= new TextKeys()).keyOf(text);
    lastText = text;
  }
  const key = lastKey!;
  if (byText.has(key)) return byText.get(key) as T;
  const result = run(text);
  byText.set(key, result);
  return result;
}

/** check(text), once per validation call for a long text. */
export function formatHolds(check: (value: string) => boolean, text: string): boolean {
  return Boolean(text.length <= LONG_VERDICT_TEXT ? check(text) : kept(check, text, check));
}

/** The key of code point counts. */
const CODE_POINTS = { counts: "code points" };

/** ucs2length(text), counted once per validation call for a long text (minLength, maxLength, their messages). */
export function codePoints(text: string): number {
  return text.length <= LONG_VERDICT_TEXT ? ucs2length(text) : kept(CODE_POINTS, text, ucs2length);
}

/** At least `limit` code points (minLength). Code points are at least half the UTF-16 length: count only when it could matter. */
export function atLeastChars(s: string, limit: number): boolean {
  const length = s.length;
  return length >= limit && (length >= 2 * limit || codePoints(s) >= limit);
}

/** At most `limit` code points (maxLength). The UTF-16 length bounds the count from above: count only when it could matter. */
export function atMostChars(s: string, limit: number): boolean {
  return s.length <= limit || codePoints(s) <= limit;
}

/** A matcher whose test() runs once per validation call for a long text (regexes.ts wraps every shared matcher in one). */
export class KeptMatcher {
  readonly #run: (text: string) => boolean;

  constructor(readonly matcher: { test(s: string): boolean }) {
    this.#run = (text) => matcher.test(text);
  }

  test(text: string): boolean {
    return text.length <= LONG_VERDICT_TEXT ? this.matcher.test(text) : kept(this, text, this.#run);
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
