import { isJsonObject } from "./type-of.js";
import { quote } from "./quote.js";

/**
 * A text that is equal for two values exactly when they are equal as JSON: keys sorted, numbers
 * as JavaScript prints them (so 1.0 and 1, -0 and 0 coincide). Own properties only. undefined
 * when the value holds anything that is not JSON: such a value equals nothing.
 */
export function canonical(value: unknown): string | undefined {
  switch (typeof value) {
    case "string":
      return quote(value);
    case "boolean":
      return value ? "true" : "false";
    case "number":
      return Number.isFinite(value) ? String(value === 0 ? 0 : value) : undefined;
    case "object":
      break;
    default:
      return undefined;
  }
  if (value === null) return "null";
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i++) {
      const item = canonical(value[i]);
      if (item === undefined) return undefined;
      out += (i === 0 ? "" : ",") + item;
    }
    return out + "]";
  }
  if (!isJsonObject(value)) return undefined;
  const keys = Object.keys(value).sort();
  let out = "{";
  for (let i = 0; i < keys.length; i++) {
    const member = canonical(value[keys[i]!]);
    if (member === undefined) return undefined;
    out += (i === 0 ? "" : ",") + quote(keys[i]!) + ":" + member;
  }
  return out + "}";
}

/**
 * A JSON object or array again, with every object's keys sorted (what canonical() writes), so
 * that what is shown of a schema's value (const, enum) does not depend on the order it was
 * written in; other values as they are.
 */
export function sortedKeys<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  const text = canonical(value);
  return text === undefined ? value : (JSON.parse(text) as T);
}
