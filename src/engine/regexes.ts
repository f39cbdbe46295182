// Compiled patterns, shared by every validator: many schemas repeat the same few patterns. A
// pattern is a Matcher (src/regex/matcher.ts): V8's RegExp when it is proven unable to
// backtrack badly, else the linear Pike VM, wrapped so that one validation call tests a long
// string once (string-verdicts.ts). Keywords only ever call test() on them, with no g or y flag,
// so sharing shares no state. Bounded by entries and by the VM states they hold: cleared
// when full, which validators already made do not notice.
import { SchemaError } from "../errors.js";
import { compilePattern, UnsupportedRegex, type Matcher } from "../regex/matcher.js";
import { KeptMatcher } from "./string-verdicts.js";

const MATCHERS = new Map<string, Matcher>();
const MATCHER_CACHE_SIZE = 1_000;
/** The VM states all cached patterns may hold together (about 30 bytes each while in use). */
const MATCHER_CACHE_STATES = 200_000;
let cachedStates = 0;

/**
 * The matcher of a `u`-flag pattern. Throws V8's SyntaxError (or a RegexSyntaxError) when it is
 * invalid, an UnsupportedRegex when it is valid but has backreferences or is too large to run.
 */
export function sharedMatcher(pattern: string): Matcher {
  let matcher = MATCHERS.get(pattern);
  if (matcher === undefined) {
    const compiled = compilePattern(pattern);
    matcher = new KeptMatcher(compiled.matcher);
    if (MATCHERS.size >= MATCHER_CACHE_SIZE || cachedStates + compiled.states > MATCHER_CACHE_STATES) {
      MATCHERS.clear();
      cachedStates = 0;
    }
    MATCHERS.set(pattern, matcher);
    cachedStates += compiled.states;
  }
  return matcher;
}

/** sharedMatcher for a pattern in a schema at `ptr`: an invalid or unsupported one is a SchemaError there. */
export function schemaMatcher(pattern: string, ptr: string): Matcher {
  try {
    return sharedMatcher(pattern);
  } catch (error) {
    if (error instanceof UnsupportedRegex) throw new SchemaError("unsupported-regex", ptr, `unsupported regular expression ${JSON.stringify(pattern)}: ${error.message}`);
    throw new SchemaError("invalid-regex", ptr, `invalid regular expression ${JSON.stringify(pattern)} (${(error as Error).message})`);
  }
}
