// The schema gate's one bounded walk over a document. Recursive, but never deeper than the
// depth bound (a 100,000-deep document is refused at level 65, never a stack overflow), and in
// the same pass it:
//   · refuses what is not JSON (undefined, functions, NaN, cycles, class instances, holes),
//   · enforces the depth and object-count bounds,
//   · enforces the ref policy on $ref/$dynamicRef in schema positions,
//   · writes the canonical text (sorted keys) that keys the cache and becomes the private copy,
//   · lists the schema objects that declare identifiers or references, for the registry,
//   · lists the patterns it reads (gate/reference-checks.ts compiles them),
//   · and notes the caller's key order where it is not the sorted one (gate/author-order.ts).
import { externalRef, SchemaError } from "../errors.js";
import { escapeSegment } from "../json/pointer.js";
import { isJsonObject } from "../json/type-of.js";
import { DEFAULT_VOCABULARIES, DIALECT_2020_12, knownDialect, type Dialect } from "../keywords/dialects.js";
import { quote } from "../json/quote.js";
import type { Unsorted } from "./author-order.js";
import { sortedKeys } from "../json/sorted-keys.js";
import { DATA, DATA_POSITIONS, PATTERN, PATTERN_MAP, SCHEMA, SCHEMA_ARRAY, SCHEMA_MAP, SCHEMA_OR_ARRAY, tablesOf, type DialectInUse, type Tables } from "./walk-tables.js";

export type { DialectInUse } from "./walk-tables.js";

export interface Bounds {
  readonly maxDepth: number;
  readonly maxSubschemas: number;
  /** Characters of canonical JSON (default: maxSubschemas × SIZE_PER_SUBSCHEMA). */
  readonly maxSize: number;
}

export interface Walked {
  /** JSON text with sorted keys: equal exactly for equal documents. */
  readonly canonical: string;
  /** The `prefix` given to walk() followed by the canonical text, as one flat string (the cache key). */
  readonly keyed: string;
  /** Pointers to the schema objects that declare $id, $anchor, $dynamicAnchor, $ref or $dynamicRef; parents first. */
  readonly marks: readonly string[];
  /** Each object whose keys the caller wrote unsorted: its number in the walk's order, its keys as written and sorted (author-order.ts). */
  readonly orders: Unsorted | undefined;
  /** The patterns of keywords that hold them (pattern's value, patternProperties' keys), as the walk read them. */
  readonly patterns: readonly string[];
}

/** Finds the dialect a `$schema` names (a custom metaschema: the dialect it builds on, with its vocabularies); undefined: keep the current one. */
export type DialectLookup = (uri: string) => DialectInUse | undefined;

const STANDARD = (uri: string): DialectInUse | undefined => {
  const dialect = knownDialect(uri);
  return dialect && { dialect, vocabularies: DEFAULT_VOCABULARIES };
};

/** One walk's state. Recursion is bounded by maxDepth; lifted bounds fall back on the stack's own limit. */
interface Walk {
  /** The canonical text's last part; `done` holds the parts before it (see endPart()), `doneLength` their length. */
  text: string;
  readonly done: string[];
  doneLength: number;
  read: number;
  objects: number;
  readonly maxDepth: number;
  readonly maxObjects: number;
  /** The longest the text may grow (the prefix and maxSize characters). */
  readonly maxText: number;
  readonly maxSize: number;
  readonly fragmentOnly: boolean;
  /** The dialect of the schema object being walked, which says where subschemas and references are. */
  use: DialectInUse;
  /** What the walk reads of it (tablesOf(use)). */
  tables: Tables;
  readonly lookup: DialectLookup;
  readonly marks: string[];
  readonly patterns: string[];
  orders: (number | string[])[] | undefined;
  /** The keys from the root to the value being walked (for pointers), and the containers on that path. */
  readonly path: (string | number)[];
  readonly containers: object[];
  /** Lifted bounds only: the containers being walked, to find a cycle before the stack runs out. */
  readonly open: Set<object> | undefined;
}

function pointer(path: readonly (string | number)[], length = path.length): string {
  let out = "";
  for (let i = 0; i < length; i++) out += "/" + escapeSegment(path[i]!);
  return out;
}

function describe(value: unknown): string {
  if (typeof value === "number") return String(value);
  if (typeof value !== "object") return typeof value === "undefined" ? "undefined" : `a ${typeof value}`;
  const tag = Object.prototype.toString.call(value).slice(8, -1);
  return (/^[AEIOU]/.test(tag) ? "an " : "a ") + tag;
}

function notJson(path: readonly (string | number)[], what: string, length = path.length): never {
  throw new SchemaError("not-json", pointer(path, length), `the schema is not JSON: ${what}`);
}

export function walk(
  document: unknown,
  bounds: Bounds | false,
  fragmentOnly: boolean,
  prefix = "",
  use: DialectInUse = { dialect: DIALECT_2020_12, vocabularies: DEFAULT_VOCABULARIES },
  lookup: DialectLookup = STANDARD,
): Walked {
  const w: Walk = {
    text: prefix,
    done: [],
    doneLength: 0,
    read: 0,
    objects: 0,
    maxDepth: bounds === false ? Infinity : bounds.maxDepth,
    maxObjects: bounds === false ? Infinity : bounds.maxSubschemas,
    maxText: bounds === false ? Infinity : prefix.length + bounds.maxSize,
    maxSize: bounds === false ? Infinity : bounds.maxSize,
    fragmentOnly,
    use,
    tables: tablesOf(use),
    lookup,
    marks: [],
    patterns: [],
    orders: undefined,
    path: [],
    containers: [],
    open: bounds === false ? new Set() : undefined,
  };
  try {
    walkValue(document, SCHEMA, 1, w);
  } catch (error) {
    // Only lifted or very large bounds let a document outgrow the stack.
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      throw new SchemaError("depth", "", "schema nesting is too deep to process");
    }
    throw error;
  }
  let keyed = w.text;
  if (w.done.length > 0) {
    endPart(w);
    keyed = w.done.join("");
  }
  return { canonical: keyed.slice(prefix.length), keyed, marks: w.marks, orders: w.orders, patterns: w.patterns };
}

function walkValue(value: unknown, position: number, depth: number, w: Walk): void {
  switch (typeof value) {
    case "string":
      if (position === PATTERN) w.patterns.push(value);
      w.text += quote(value);
      if (w.doneLength + w.text.length > w.maxText) tooLarge(w);
      return;
    case "boolean":
      w.text += value ? "true" : "false";
      return;
    case "number":
      if (!Number.isFinite(value)) notJson(w.path, `${value} is not a JSON number`);
      w.text += value === 0 ? "0" : String(value);
      return;
    case "object":
      if (value === null) w.text += "null";
      else walkContainer(value, position, depth, w);
      return;
    default:
      notJson(w.path, `${describe(value)} is not a JSON value`);
  }
}

/**
 * Appended piece by piece, a large schema's text is a long chain kept through collections until
 * read as one string: parts are made one string while new (a read does it), then joined once.
 */
const PART_LENGTH = 16384;

function endPart(w: Walk): void {
  const part = w.text;
  w.read ^= part.charCodeAt(part.length >> 1); // kept, so that the read is not optimised away
  w.done.push(part);
  w.doneLength += part.length;
  w.text = "";
}

/** Past maxSize: the same string or array reached again and again (aliases) is walked, and counted, each time. */
function tooLarge(w: Walk): never {
  throw new SchemaError("size", pointer(w.path), `schema is larger than ${w.maxSize} characters of JSON (bounds.maxSize)`);
}

function walkContainer(value: object, position: number, depth: number, w: Walk): void {
  if (w.text.length > PART_LENGTH) endPart(w);
  if (w.doneLength + w.text.length > w.maxText) tooLarge(w);
  // A cycle runs into the depth bound, so only then is the path searched for one; lifted bounds
  // keep the open containers in a Set instead.
  if (depth > w.maxDepth) {
    const repeat = firstRepeat(w.containers, value);
    if (repeat >= 0) notJson(w.path, "it contains itself (a cycle)", repeat);
    throw new SchemaError("depth", pointer(w.path), `schema nesting exceeds the maximum depth of ${w.maxDepth}`);
  }
  if (w.open !== undefined) {
    if (w.open.has(value)) notJson(w.path, "it contains itself (a cycle)");
    w.open.add(value);
  }
  w.containers.push(value);
  if (Array.isArray(value)) walkArray(value, position === SCHEMA_ARRAY || position === SCHEMA_OR_ARRAY ? SCHEMA : DATA, depth + 1, w);
  else {
    if (!isJsonObject(value)) notJson(w.path, `${describe(value)} is not a plain object`);
    if (++w.objects > w.maxObjects) throw new SchemaError("subschemas", pointer(w.path), `schema has more than ${w.maxObjects} objects`);
    walkObject(value as Record<string, unknown>, position === SCHEMA_OR_ARRAY ? SCHEMA : position, depth + 1, w);
  }
  w.containers.pop();
  w.open?.delete(value);
}

/** The depth (= path length) of the first container on the path that is one of its own ancestors; -1 for none. */
function firstRepeat(containers: readonly object[], last: object): number {
  const path = [...containers, last];
  for (let i = 1; i < path.length; i++) {
    for (let j = 0; j < i; j++) if (path[j] === path[i]) return i;
  }
  return -1;
}

function walkArray(value: readonly unknown[], position: number, depth: number, w: Walk): void {
  w.text += "[";
  const length = value.length;
  for (let i = 0; i < length; i++) {
    if (!Object.hasOwn(value, i)) notJson(w.path, `a sparse array (no item at index ${i})`);
    if (i > 0) w.text += ",";
    w.path.push(i);
    walkValue(value[i], position, depth, w);
    w.path.pop();
  }
  w.text += "]";
}

function walkObject(value: Record<string, unknown>, position: number, depth: number, w: Walk): void {
  w.text += "{";
  let keys = Object.keys(value);
  if (!inOrder(keys)) {
    // Objects are numbered in the order the walk meets them (w.objects counted this one). The
    // positions are worked out on a cache miss only (author-order.ts).
    const author = keys;
    keys = sortedKeys(keys.slice());
    (w.orders ??= []).push(w.objects - 1, author, keys);
  }
  const outer = w.use;
  const outerTables = w.tables;
  let positions = DATA_POSITIONS;
  if (position === SCHEMA) {
    // Keys sort by UTF-16 code unit: "$schema" and the "$" names marked come before any letter.
    let schemaKey = false;
    for (let i = 0; i < keys.length && !(keys[i]!.charCodeAt(0) > 36); i++) if (keys[i] === "$schema") schemaKey = true;
    if (schemaKey) {
      const use = dialectHere(value, w);
      if (use !== w.use) {
        w.use = use;
        w.tables = tablesOf(use);
      }
    }
    const tables = w.tables;
    positions = tables.positions;
    if (markedHere(value, keys, tables)) mark(value, w.use.dialect, w);
  }
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    w.text += i > 0 ? "," + keyText(key) : keyText(key);
    w.path.push(key);
    if (position === PATTERN_MAP) w.patterns.push(key);
    walkValue(value[key], position === SCHEMA ? (positions.get(key) ?? DATA) : position === SCHEMA_MAP || position === PATTERN_MAP ? SCHEMA : DATA, depth, w);
    w.path.pop();
  }
  w.use = outer;
  w.tables = outerTables;
  w.text += "}";
}

/** Whether a schema object declares an identifier or a reference: "$" names among its first keys, the others (draft-04's id) by name. */
function markedHere(value: Record<string, unknown>, keys: readonly string[], tables: Tables): boolean {
  for (let i = 0; i < keys.length && !(keys[i]!.charCodeAt(0) > 36); i++) if (tables.marked.has(keys[i]!)) return true;
  for (const name of tables.plain) if (Object.hasOwn(value, name)) return true;
  return false;
}

/**
 * The dialect of a schema object: its own `$schema` at a document root, or at an embedded
 * resource root where the dialect around allows one there; otherwise the one around it.
 */
function dialectHere(value: Record<string, unknown>, w: Walk): DialectInUse {
  const current = w.use;
  if (!Object.hasOwn(value, "$schema") || typeof value["$schema"] !== "string") return current;
  if (w.path.length > 0 && !(current.dialect.embeddedDialects && Object.hasOwn(value, current.dialect.identifier.name))) return current;
  return w.lookup(value["$schema"]) ?? current;
}

/** Whether the keys are already in the canonical text's order (most objects written by hand are not). */
function inOrder(keys: readonly string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (keys[i - 1]! > keys[i]!) return false;
  return true;
}

/** `"key":` for the canonical text; the texts of common keys (keyword names) are kept. */
const KEY_TEXTS = new Map<string, string>();
const KEY_TEXTS_SIZE = 4096;
/** Longer keys are not kept: 4,096 hostile megabyte-long keys would stay alive for good. */
const KEPT_KEY_LENGTH = 64;
function keyText(key: string): string {
  let text = KEY_TEXTS.get(key);
  if (text === undefined) {
    text = quote(key) + ":";
    if (KEY_TEXTS.size < KEY_TEXTS_SIZE && key.length <= KEPT_KEY_LENGTH) KEY_TEXTS.set(key, text);
  }
  return text;
}

/** @internal For the specs: how many key texts are kept, and the longest key among them. */
export function keptKeyTexts(): { count: number; longest: number } {
  let longest = 0;
  for (const key of KEY_TEXTS.keys()) longest = Math.max(longest, key.length);
  return { count: KEY_TEXTS.size, longest };
}

/** Records identifiers and references, and applies the ref policy before anything is resolved. */
function mark(value: Record<string, unknown>, dialect: Dialect, w: Walk): void {
  const ptr = pointer(w.path);
  if (w.fragmentOnly) {
    for (const keyword of dialect.marked) {
      const reference = keyword.reference === undefined || !Object.hasOwn(value, keyword.name) ? undefined : value[keyword.name];
      if (typeof reference === "string" && !reference.startsWith("#")) {
        throw externalRef(ptr + "/" + keyword.name, keyword.name, reference);
      }
    }
  }
  w.marks.push(ptr);
}

/**
 * The private copy a compiled validator keeps: parsed from the canonical text, so nothing the
 * caller owns is shared. It never leaves the validator (`validator.schema` hands out copies).
 */
export function privateCopy(walked: Walked): unknown {
  return JSON.parse(walked.canonical);
}
