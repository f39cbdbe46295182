// The walk's refusals (walk.ts): what is not JSON, what is past its bounds, and the pointers they name.
import { SchemaError } from "../errors.js";
import { escapeSegment } from "../json/pointer.js";

/** The JSON Pointer of the first `length` keys of a path (built only for a refusal's message). */
export function pointer(path: readonly (string | number)[], length = path.length): string {
  let out = "";
  for (let i = 0; i < length; i++) out += "/" + escapeSegment(path[i]!);
  return out;
}

/** What a value that is not JSON is, as a refusal says it: "undefined", "a function", "a Date". */
export function describe(value: unknown): string {
  if (typeof value === "number") return String(value);
  if (typeof value !== "object") return typeof value === "undefined" ? "undefined" : `a ${typeof value}`;
  const tag = Object.prototype.toString.call(value).slice(8, -1);
  return (/^[AEIOU]/.test(tag) ? "an " : "a ") + tag;
}

/** Refuses a value that is not JSON, at its place on the path. */
export function notJson(path: readonly (string | number)[], what: string, length = path.length): never {
  throw new SchemaError("not-json", pointer(path, length), `the schema is not JSON: ${what}`);
}

/** Past bounds.maxSubschemas. */
export function tooMany(path: readonly (string | number)[], maxObjects: number): never {
  throw new SchemaError("subschemas", pointer(path), `schema has more than ${maxObjects} objects and boolean subschemas (bounds.maxSubschemas)`);
}

/** Past maxSize: the same string or array reached again and again (aliases) is walked, and counted, each time. */
export function tooLarge(path: readonly (string | number)[], maxSize: number): never {
  throw new SchemaError("size", pointer(path), `schema is larger than ${maxSize} characters of JSON (bounds.maxSize)`);
}

/** Past maxSize in the subschemas' locations and the resources' URIs together: long keys above many subschemas (or a long base URI under many identifiers) made each of them cost that length. */
export function tooFar(path: readonly (string | number)[], maxSize: number): never {
  throw new SchemaError("size", pointer(path), `the schema's subschemas sit at locations of more than ${maxSize} characters together (bounds.maxSize), its resources' URIs counted with them: long keys above many subschemas, or a long base URI under many identifiers`);
}
