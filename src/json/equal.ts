import { canonical } from "./canonical.js";
import { isJsonObject } from "./type-of.js";

/** One value compared with itself is equal when it is JSON: not undefined, ±Infinity, or a container holding something that is not JSON. */
function sameIsJson(value: unknown): boolean {
  switch (typeof value) {
    case "string":
    case "boolean":
      return true;
    case "number":
      return Number.isFinite(value);
    case "object":
      return value === null || canonical(value) !== undefined;
    default:
      return false;
  }
}

/**
 * JSON equality: key order is ignored, 1 equals 1.0, -0 equals 0. Own properties only. Values
 * that are not JSON (NaN, a Date, a class instance, …) equal nothing, themselves included.
 */
export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return sameIsJson(a);
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!equal(a[i], b[i])) return false;
    return true;
  }
  if (!isJsonObject(a) || !isJsonObject(b)) return false;
  const keys = Object.keys(a);
  for (const key of keys) {
    if (!Object.hasOwn(b, key) || !equal(a[key], b[key])) return false;
  }
  // Counted last: most objects compared (uniqueItems' items) differ in a value, and need no second key array.
  return keys.length === Object.keys(b).length;
}
