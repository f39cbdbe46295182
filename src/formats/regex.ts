// "regex": an ECMA-262 pattern, checked with the engine's own parser in Unicode mode (the u flag
// rejects the Annex B leniencies, such as the identity escape "\a"). Compiling only parses the
// pattern, it never runs it, and the RegExp constructor is not eval: it works under a strict CSP.
export function isRegex(value: string): boolean {
  try {
    new RegExp(value, "u");
    return true;
  } catch {
    return false;
  }
}
