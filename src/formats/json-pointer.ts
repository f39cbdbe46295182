// "json-pointer" (RFC 6901 §3) and "relative-json-pointer" (draft-handrews-relative-json-pointer-01
// §3, the version 2020-12 cites: no index adjustment after the prefix).

// Any character but "/" and "~", or an escape "~0"/"~1". The u flag makes a lone surrogate one
// character, so unpaired surrogates (possible in JSON strings) are accepted like any other.
const POINTER = "(?:/(?:[^/~]|~[01])*)*";
const JSON_POINTER = new RegExp(`^${POINTER}$`, "u");
// A non-negative integer without leading zeros, then "#" or a JSON Pointer.
const RELATIVE_JSON_POINTER = new RegExp(`^(?:0|[1-9][0-9]*)(?:#|${POINTER})$`, "u");

export const isJsonPointer = (value: string): boolean => JSON_POINTER.test(value);
export const isRelativeJsonPointer = (value: string): boolean => RELATIVE_JSON_POINTER.test(value);
