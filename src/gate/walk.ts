// The schema gate's one bounded walk over a document. Iterative (a 100,000-deep document is
// refused, never a stack overflow), and in the same pass it:
//   · refuses what is not JSON (undefined, functions, NaN, cycles, class instances, holes),
//   · enforces the depth and object-count bounds,
//   · enforces the ref policy on $ref/$dynamicRef in schema positions,
//   · writes the canonical text (sorted keys) that keys the cache and becomes the private copy,
//   · and lists the schema objects that declare identifiers or references, for the registry.
import { SchemaError } from "../errors.js";
import { escapeSegment } from "../json/pointer.js";
import { isJsonObject } from "../json/type-of.js";
import { KEYWORDS_BY_NAME } from "../keywords/index.js";

export interface Bounds {
  readonly maxDepth: number;
  readonly maxSubschemas: number;
}

export interface Walked {
  /** JSON text with sorted keys: equal exactly for equal documents. */
  readonly canonical: string;
  /** The `prefix` given to walk() followed by the canonical text, as one flat string (the cache key). */
  readonly keyed: string;
  /** Pointers to the schema objects that declare $id, $anchor, $dynamicAnchor, $ref or $dynamicRef; parents first. */
  readonly marks: readonly string[];
}

// What a value is, for the keywords above it: data, a schema, an array or a map of schemas.
const DATA = 0;
const SCHEMA = 1;
const SCHEMA_ARRAY = 2;
const SCHEMA_MAP = 3;

interface Frame {
  readonly value: unknown;
  readonly parent: Frame | undefined;
  /** The key or index in the parent; a string key is written into the canonical text. */
  readonly key: string | number;
  readonly depth: number;
  readonly position: number;
  /** Not the first member of its container (a comma goes first). */
  readonly next: boolean;
  /** On a closing frame: the container being left, and its closing bracket. */
  readonly closes: object | undefined;
}

function pointer(frame: Frame | undefined): string {
  let out = "";
  for (let f = frame; f !== undefined && f.parent !== undefined; f = f.parent) out = "/" + escapeSegment(f.key) + out;
  return out;
}

function describe(value: unknown): string {
  if (typeof value === "number") return String(value);
  if (typeof value !== "object") return typeof value === "undefined" ? "undefined" : `a ${typeof value}`;
  const tag = Object.prototype.toString.call(value).slice(8, -1);
  return (/^[AEIOU]/.test(tag) ? "an " : "a ") + tag;
}

function notJson(frame: Frame, what: string): never {
  throw new SchemaError("not-json", pointer(frame), `the schema is not JSON: ${what}`);
}

export function walk(document: unknown, bounds: Bounds | false, fragmentOnly: boolean, prefix = ""): Walked {
  const maxDepth = bounds === false ? Infinity : bounds.maxDepth;
  const maxObjects = bounds === false ? Infinity : bounds.maxSubschemas;
  const marks: string[] = [];
  // Cycles: with a depth bound, a cycle is found when it runs into the bound (no Set on the way);
  // without one, the containers being walked are tracked.
  const open = bounds === false ? new Set<object>() : undefined;
  // Pieces joined once at the end: a flat string hashes and compares faster than a long rope.
  const text: string[] = [prefix];
  let objects = 0;
  const stack: Frame[] = [{ value: document, parent: undefined, key: "", depth: 1, position: SCHEMA, next: false, closes: undefined }];

  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (frame.closes !== undefined) {
      text.push(frame.value as string);
      open?.delete(frame.closes);
      continue;
    }
    if (frame.next) text.push(",");
    if (typeof frame.key === "string" && frame.parent !== undefined) text.push(keyText(frame.key));
    const value = frame.value;
    switch (typeof value) {
      case "string":
        text.push(JSON.stringify(value));
        break;
      case "boolean":
        text.push(value ? "true" : "false");
        break;
      case "number":
        if (!Number.isFinite(value)) notJson(frame, `${value} is not a JSON number`);
        text.push(value === 0 ? "0" : String(value));
        break;
      case "object": {
        if (value === null) {
          text.push("null");
          break;
        }
        if (frame.depth > maxDepth) {
          const cycle = firstRepeat(frame);
          if (cycle !== undefined) notJson(cycle, "it contains itself (a cycle)");
          throw new SchemaError("depth", pointer(frame), `schema nesting exceeds the maximum depth of ${maxDepth}`);
        }
        if (open !== undefined) {
          if (open.has(value)) notJson(frame, "it contains itself (a cycle)");
          open.add(value);
        }
        if (Array.isArray(value)) {
          text.push("[");
          openArray(value, frame, stack);
          break;
        }
        if (!isJsonObject(value)) notJson(frame, `${describe(value)} is not a plain object`);
        if (++objects > maxObjects) throw new SchemaError("subschemas", pointer(frame), `schema has more than ${maxObjects} objects`);
        text.push("{");
        openObject(value as Record<string, unknown>, frame, stack);
        if (frame.position === SCHEMA) mark(value as Record<string, unknown>, frame, marks, fragmentOnly);
        break;
      }
      default:
        notJson(frame, `${describe(value)} is not a JSON value`);
    }
  }
  const keyed = text.join("");
  return { canonical: keyed.slice(prefix.length), keyed, marks };
}

/** On the path to `frame`, the first container that is one of its own ancestors. */
function firstRepeat(frame: Frame): Frame | undefined {
  const path: Frame[] = [];
  for (let f: Frame | undefined = frame; f !== undefined; f = f.parent) path.unshift(f);
  for (let i = 1; i < path.length; i++) {
    for (let j = 0; j < i; j++) if (path[j]!.value === path[i]!.value) return path[i];
  }
  return undefined;
}

/** `"key":` for the canonical text; the texts of common keys (keyword names) are kept. */
const KEY_TEXTS = new Map<string, string>();
function keyText(key: string): string {
  let text = KEY_TEXTS.get(key);
  if (text === undefined) {
    text = JSON.stringify(key) + ":";
    if (KEY_TEXTS.size < 4096) KEY_TEXTS.set(key, text);
  }
  return text;
}

function openArray(value: unknown[], frame: Frame, stack: Frame[]): void {
  stack.push({ value: "]", parent: frame, key: 0, depth: 0, position: DATA, next: false, closes: value });
  const position = frame.position === SCHEMA_ARRAY ? SCHEMA : DATA;
  const depth = frame.depth + 1;
  for (let i = value.length - 1; i >= 0; i--) {
    if (!Object.hasOwn(value, i)) notJson(frame, `a sparse array (no item at index ${i})`);
    stack.push({ value: value[i], parent: frame, key: i, depth, position, next: i > 0, closes: undefined });
  }
}

function openObject(value: Record<string, unknown>, frame: Frame, stack: Frame[]): void {
  stack.push({ value: "}", parent: frame, key: 0, depth: 0, position: DATA, next: false, closes: value });
  const keys = Object.keys(value).sort();
  const depth = frame.depth + 1;
  for (let i = keys.length - 1; i >= 0; i--) {
    const key = keys[i]!;
    stack.push({ value: value[key], parent: frame, key, depth, position: childPosition(frame.position, key), next: i > 0, closes: undefined });
  }
}

function childPosition(position: number, key: string): number {
  if (position === SCHEMA_MAP) return SCHEMA;
  if (position !== SCHEMA) return DATA;
  const children = KEYWORDS_BY_NAME.get(key)?.children;
  return children === "schema" ? SCHEMA : children === "array" ? SCHEMA_ARRAY : children === "map" ? SCHEMA_MAP : DATA;
}

/** Records identifiers and references, and applies the ref policy before anything is resolved. */
function mark(value: Record<string, unknown>, frame: Frame, marks: string[], fragmentOnly: boolean): void {
  const ref = Object.hasOwn(value, "$ref");
  const dynamicRef = Object.hasOwn(value, "$dynamicRef");
  if (!ref && !dynamicRef && !Object.hasOwn(value, "$id") && !Object.hasOwn(value, "$anchor") && !Object.hasOwn(value, "$dynamicAnchor")) return;
  const ptr = pointer(frame);
  if (fragmentOnly) {
    for (const keyword of ref ? (dynamicRef ? ["$ref", "$dynamicRef"] : ["$ref"]) : dynamicRef ? ["$dynamicRef"] : []) {
      const reference = value[keyword];
      if (typeof reference === "string" && !reference.startsWith("#")) {
        throw new SchemaError(
          "external-ref",
          ptr + "/" + keyword,
          `${keyword} "${reference}" leaves the document; only references starting with "#" are allowed (option refs: "fragment")`,
        );
      }
    }
  }
  marks.push(ptr);
}

/**
 * The private copy a compiled validator keeps: parsed from the canonical text, so nothing the
 * caller owns is shared. It never leaves the validator (`validator.schema` hands out copies).
 */
export function privateCopy(walked: Walked): unknown {
  return JSON.parse(walked.canonical);
}
