// "json-pointer" (RFC 6901 §3) and "relative-json-pointer" (draft-handrews-relative-json-pointer-01
// §3, the version 2020-12 cites: no index adjustment after the prefix).
// Tested as code, not as `^(?:/(?:[^/~]|~[01])*)*$`: V8 keeps a backtrack entry per repetition of
// a group, and its stack overflows (RangeError) on a string of some eight million characters.

/** A "~" that is not "~0" or "~1". Any other character is allowed, lone surrogates included. */
const BAD_TILDE = /~(?![01])/;

export const isJsonPointer = (value: string): boolean => value === "" || (value.charCodeAt(0) === 0x2f && !BAD_TILDE.test(value));

/** A non-negative integer without leading zeros. */
const PREFIX = /^(?:0|[1-9][0-9]*)/;

/** The prefix, then "#" or a JSON Pointer. */
export function isRelativeJsonPointer(value: string): boolean {
  const prefix = PREFIX.exec(value);
  if (prefix === null) return false;
  const rest = value.slice(prefix[0].length);
  return rest === "#" || isJsonPointer(rest);
}
