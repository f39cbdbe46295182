// "regex": an ECMA-262 pattern, checked in Unicode mode (the u flag rejects the Annex B
// leniencies, such as the identity escape "\a") by schemagate's own parser (src/regex/parse.ts):
// linear in the string's length and never recursive, it neither runs the pattern nor builds a
// RegExp from the data (V8's parser is not linear on every input: a 1 MB class of \p{…} took
// half a minute). It checks the syntax only: no tree is kept and no class's set is made (a
// megabyte of `[^\S\S…]` made hundreds of megabytes of ranges). Backreferences are valid syntax
// here, though `pattern` refuses them. Only the parser's syntax error is an answer: anything else
// (a RangeError with the stack nearly spent) is thrown on, never taken for an invalid pattern.
import { parseRegex, RegexSyntaxError } from "../regex/parse.js";

export function isRegex(value: string): boolean {
  try {
    parseRegex(value, false);
    return true;
  } catch (error) {
    if (error instanceof RegexSyntaxError) return false;
    throw error;
  }
}
