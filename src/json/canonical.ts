import { isObject } from "./type-of.js";

/**
 * A text that is equal for two values exactly when they are equal as JSON: keys sorted,
 * numbers as JavaScript prints them (so 1.0 and 1, -0 and 0 coincide). Own properties only.
 */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i++) out += (i === 0 ? "" : ",") + canonical(value[i]);
    return out + "]";
  }
  if (isObject(value)) {
    const keys = Object.keys(value).sort();
    let out = "{";
    for (let i = 0; i < keys.length; i++) out += (i === 0 ? "" : ",") + JSON.stringify(keys[i]) + ":" + canonical(value[keys[i]!]);
    return out + "}";
  }
  return typeof value === "number" ? String(value === 0 ? 0 : value) : (JSON.stringify(value) ?? "null");
}
