import { isJsonObject } from "./type-of.js";
import { quote } from "./quote.js";

/**
 * A text that is equal for two values exactly when they are equal as JSON: keys sorted, numbers
 * as JavaScript prints them (so 1.0 and 1, -0 and 0 coincide). Own properties only. undefined
 * when the value holds anything that is not JSON: such a value equals nothing.
 */
export function canonical(value: unknown): string | undefined {
  return canonicalWithin(value, Infinity, Infinity, Object.keys);
}

/**
 * A JSON object or array again, with every object's keys sorted (what canonical() writes), so
 * that what is shown of a schema's value (const, enum) does not depend on the order it was
 * written in; other values as they are, and so is one whose objects list their keys sorted
 * already (a const of a million arrays was written out and parsed again, for the same value).
 */
export function sortedKeys<T>(value: T): T {
  if (typeof value !== "object" || value === null || inSortedOrder(value)) return value;
  const text = canonical(value);
  return text === undefined ? value : (JSON.parse(text) as T);
}

/** Every object in `value` lists its keys as canonical() would (without recursion: a value is as deep as the schema allows). */
function inSortedOrder(value: object): boolean {
  const open: object[] = [value];
  while (open.length > 0) {
    const container = open.pop()!;
    if (Array.isArray(container)) {
      for (const child of container) if (typeof child === "object" && child !== null) open.push(child);
      continue;
    }
    const keys = Object.keys(container);
    for (let i = 0; i < keys.length; i++) {
      if (i > 0 && keys[i - 1]! > keys[i]!) return false;
      const child = (container as Record<string, unknown>)[keys[i]!];
      if (typeof child === "object" && child !== null) open.push(child);
    }
  }
  return true;
}

/**
 * canonical(value) when it is at most `room` characters long and nests at most `depth`
 * containers deep; otherwise undefined (then it is none of the texts it is compared with), as
 * for a value that is not JSON. It reads no more of the value than its limits let through: an
 * enum's lookup of a large value costs the longest member, not the value. `keys` lists an
 * object's keys (the pass's list: once-per-pass.ts keysOf).
 */
export function canonicalWithin(value: unknown, room: number, depth: number, keys: (object: object) => readonly string[]): string | undefined {
  if (typeof value !== "object" || value === null) {
    // A string's text is at least two characters longer; it is quoted only when it may fit.
    if (typeof value === "string" && value.length + 2 > room) return undefined;
    const text = scalarText(value);
    return text === undefined || text.length > room ? undefined : text;
  }
  if (depth === 0) return undefined;
  if (Array.isArray(value)) {
    // "[]", and at least two characters an item: "[0]", "[0,0]".
    if (value.length * 2 + 1 > room && value.length > 0) return undefined;
    let out = "[";
    for (let i = 0; i < value.length; i++) {
      // Room for the item: what is left after a comma before it (none before the first) and "]".
      const item = canonicalWithin(value[i], room - out.length - (i === 0 ? 1 : 2), depth - 1, keys);
      if (item === undefined) return undefined;
      out += (i === 0 ? "" : ",") + item;
    }
    return out.length + 1 > room ? undefined : out + "]";
  }
  if (!isJsonObject(value)) return undefined;
  const names = keys(value);
  // At least five characters a member: `"":0,`.
  if (names.length * 5 + 1 > room) return undefined;
  // The pass keeps its lists (keysOf): sorted as a copy. Object.keys gives one of its own.
  const sorted = (keys === Object.keys ? (names as string[]) : names.slice()).sort();
  let out = "{";
  for (let i = 0; i < sorted.length; i++) {
    // A name is quoted only when it may fit (the data's names can be long).
    if (sorted[i]!.length + 2 > room - out.length) return undefined;
    const name = quote(sorted[i]!);
    const member = canonicalWithin(value[sorted[i]!], room - out.length - name.length - (i === 0 ? 2 : 3), depth - 1, keys);
    if (member === undefined) return undefined;
    out += (i === 0 ? "" : ",") + name + ":" + member;
  }
  return out.length + 1 > room ? undefined : out + "}";
}

/** A string's, number's, boolean's or null's canonical text; undefined for what is not JSON. */
export function scalarText(value: unknown): string | undefined {
  switch (typeof value) {
    case "string":
      return quote(value);
    case "boolean":
      return value ? "true" : "false";
    case "number":
      return Number.isFinite(value) ? String(value === 0 ? 0 : value) : undefined;
    default:
      return value === null ? "null" : undefined;
  }
}

/** How deep a value nests containers (canonicalWithin's `depth`): 0 for a primitive, 1 for [] or {}. */
export function nesting(value: unknown): number {
  if (typeof value !== "object" || value === null) return 0;
  let deepest = 0;
  for (const member of Object.values(value)) deepest = Math.max(deepest, nesting(member));
  return deepest + 1;
}
