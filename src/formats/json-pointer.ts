// "json-pointer" (RFC 6901 §3) and "relative-json-pointer" (draft-bhutton-relative-json-pointer-00
// §3, the version 2020-12 cites: an index manipulation, "+N" or "-N", may follow the prefix
// before a JSON Pointer, not before "#"; the earlier drafts 2019-09 and draft-07 cite have none,
// and one checker serves every dialect: they accept it too).
// Tested as code, not as `^(?:/(?:[^/~]|~[01])*)*$`: V8 keeps a backtrack entry per repetition of
// a group, and its stack overflows (RangeError) on a string of some eight million characters.
import { compiledBeforeUse } from "../regex/compiled-now.js";

/** A "~" that is not "~0" or "~1". Any other character is allowed, lone surrogates included. */
const BAD_TILDE = compiledBeforeUse(/~(?![01])/);

export const isJsonPointer = (value: string): boolean => value === "" || (value.charCodeAt(0) === 0x2f && !BAD_TILDE.test(value));

/** A non-negative integer without leading zeros, and an index manipulation (one more such integer, signed). */
const PREFIX = compiledBeforeUse(/^(?:0|[1-9][0-9]*)([+-](?:0|[1-9][0-9]*))?/);

/** The prefix, then "#" (unless the index was manipulated) or a JSON Pointer. */
export function isRelativeJsonPointer(value: string): boolean {
  const prefix = PREFIX.exec(value);
  if (prefix === null) return false;
  const rest = value.slice(prefix[0].length);
  return (rest === "#" && prefix[1] === undefined) || isJsonPointer(rest);
}
