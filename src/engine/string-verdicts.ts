// A pattern, a format checker or a length reads the whole string, some slowly (format "regex"
// parses it, a pattern may run on the linear VM), and a schema can apply thousands of
// subschemas to one string, or to a few strings in turn: a hundred anyOf branches of
// `format: "regex"` on a 1 MB string took seconds per branch. So one validation call tests a
// long string once per pattern, counts its code points once, and checks any string once per
// format checker: the results are kept, by test and string, until the call ends
// (forgetVerdicts). Format checkers are taken to be functions of the string alone.
import { TextKeys, type TextToken } from "../json/text-keys.js";
import { ucs2length } from "../json/ucs2-length.js";
import { shortenStart } from "../output/shorten.js";
import { madeHere } from "../errors.js";
import { lastMatch } from "../json/last-match.js";

/** Shorter strings are tested by patterns and counted each time: that costs about what a lookup does. */
export const LONG_VERDICT_TEXT = 256;

/**
 * V8 makes a substring of this many characters or more (split, slice) a slice that keeps the
 * whole string it was cut from alive: a 100-character line of a 64 MiB text, left in RegExp's
 * statics, kept the 64 MiB. A match on a shorter string holds a copy of its own.
 */
const SLICED_FROM = 13;

/** The call's results, by string (or a very long string's token), then by test (a shared matcher, a format checker, CODE_POINTS). */
let found: Map<string | TextToken, Map<object, unknown>> | undefined;
const texts = new TextKeys();
/** The string last asked about and its results: the subschemas at one place ask about one string in turn. */
let lastText: string | undefined;
let lastFound: Map<object, unknown> | undefined;

/** run(text), or what this call kept for (test, text). */
function kept<T>(test: object, text: string, run: (text: string) => T): T {
  let known = text === lastText ? lastFound! : undefined;
  if (known === undefined) {
    const key = texts.keyOf(text);
    known = (found ??= new Map()).get(key);
    if (known === undefined) found.set(key, (known = new Map()));
    lastText = text;
    lastFound = known;
  }
  if (known.has(test)) return known.get(test) as T;
  const result = run(text); // a format checker may validate inside, and the call's results be let go: `known` is then only this one's
  known.set(test, result);
  return result;
}

/**
 * Format checks of short strings a call makes before it keeps their verdicts: most calls make
 * fewer and pay nothing for keeping, and what the checks before it can waste stays small (a
 * short check takes at most tens of microseconds).
 */
export const FREE_CHECKS = 1024;
let shortChecks = 0;

/**
 * check(text), once per validation call. Short strings too, past the call's first FREE_CHECKS:
 * a format check costs far more than a lookup even on short strings (idn-hostname about 20 us on
 * 60 characters), and a schema can ask it of each of many strings thousands of times.
 */
export function formatHolds(check: (value: string) => boolean, text: string, format: string): boolean {
  if (text.length >= SLICED_FROM) lastMatch.ofData = true; // a checker's regexes read the string
  const verdict: unknown = text.length <= LONG_VERDICT_TEXT && ++shortChecks <= FREE_CHECKS ? check(text) : kept(check, text, check);
  if (typeof verdict !== "boolean") throw notAVerdict(verdict, format);
  return verdict;
}

/**
 * A checker's answer that is not a boolean fails the validation, never passes it: taken for its
 * truth, an async checker's Promise passed every string. validate() words its "$data" unit from
 * this message, which names the schema's format and the answer's kind, nothing of the data.
 */
export class NotAVerdict extends TypeError {}

function notAVerdict(verdict: unknown, format: string): NotAVerdict {
  // Nothing of the value is read: it may be a Proxy, or have a throwing `then`.
  const what = verdict === null || verdict === undefined ? String(verdict) : typeof verdict === "object" ? "an object" : `a ${typeof verdict}`;
  return madeHere(new NotAVerdict(`the checker of format ${JSON.stringify(shortenStart(format, 40))} returned ${what}, not a boolean${what === "an object" ? " (an async checker's Promise? checkers are synchronous)" : ""}`));
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
  /** Made for the first long text: most patterns never meet one, and a closure per pattern is memory every validator holds. */
  #run: ((text: string) => boolean) | undefined = undefined;

  constructor(readonly matcher: { test(s: string): boolean }) {}

  test(text: string): boolean {
    if (text.length < SLICED_FROM) return this.matcher.test(text); // RegExp's statics keep a short copy at most
    lastMatch.ofData = true;
    if (text.length <= LONG_VERDICT_TEXT) return this.matcher.test(text);
    const matcher = this.matcher;
    return kept(this, text, (this.#run ??= (s) => matcher.test(s)));
  }
}

/** Lets go of the kept verdicts, and of the caller's strings with them, and counts afresh (as each validation call ends). */
export function forgetVerdicts(): void {
  shortChecks = 0;
  if (found === undefined) return; // nothing kept (most calls)
  found = undefined;
  texts.clear();
  lastText = undefined;
  lastFound = undefined;
}
