// Compiled patterns, shared by every validator: many schemas repeat the same few patterns, and
// each RegExp costs ~170 bytes. Keywords only ever call test() on them, with no g or y flag, so
// sharing shares no state. Bounded: cleared when full, which validators already made do not notice.

const REGEXES = new Map<string, RegExp>();
const REGEX_CACHE_SIZE = 1_000;

/** The `u`-flag RegExp of a pattern; throws the RegExp constructor's SyntaxError when it is invalid. */
export function sharedRegex(pattern: string): RegExp {
  let regex = REGEXES.get(pattern);
  if (regex === undefined) {
    regex = new RegExp(pattern, "u");
    if (REGEXES.size >= REGEX_CACHE_SIZE) REGEXES.clear();
    REGEXES.set(pattern, regex);
  }
  return regex;
}
