// The schema gate's one bounded walk over a document. Recursive, but never deeper than the depth
// bound (a 100,000-deep document is refused at level 65, never a stack overflow); in one pass it:
//   · refuses what is not JSON (undefined, functions, NaN, cycles, class instances, holes),
//   · enforces the depth and object-count bounds,
//   · enforces the ref policy on $ref/$dynamicRef in schema positions,
//   · writes the canonical text (sorted keys) that keys the cache, or (a large document) makes
//     the private copy, whose JSON.stringify is that text, and a digest of it for the key,
//   · lists the schema objects that declare identifiers or references, for the registry,
//   · notes the references and resources that compile() follows, once every document is walked and
//     copied, to walk as schemas the data they land on (walk-reached.ts),
//   · lists the patterns it reads (gate/reference-checks.ts compiles them), and refuses a
//     document whose patterns together would cost too much to compile (regex/pattern-cost.ts),
//   · and notes the caller's key order where it is not the sorted one (gate/author-order.ts).
import { describeThrown, isOwnSchemaError, isStackOverflow, SchemaError, stackDepth } from "../errors.js";
import { segmentLength } from "../json/pointer.js";
import { describe, notJson, pointer, tooLarge, tooMany } from "./walk-errors.js";
import { quote } from "../json/quote.js";
import { isJsonObject } from "../json/type-of.js";
import { prototypesChanged } from "../json/prototype-changed.js";
import { copyMember } from "./copy-member.js";
import { DEFAULT_VOCABULARIES, DIALECT_2020_12, isReferenceOnly, knownDialect } from "../keywords/dialects.js";
import { DIGEST_SEED, endPart, PART_LENGTH, pastLength, put, putKey, putString, UNSURE, written, writtenText, type Text } from "./walk-text.js";
import { LateText, TAKEN, type CanonicalText } from "./private-copy.js";
import { Walked } from "./walked.js";
import { inOrder, isArrayIndex, sortedKeys } from "../json/sorted-keys.js";
import { countBoolean, located, notePattern, resourceAt } from "./walk-counts.js";
import { noteReferences, type Reaching } from "./walk-reached.js";
import { scopeHere, scopeOf, startScope, type DialectLookup, type Scope } from "./walk-scope.js";
import { DATA, DATA_POSITIONS, PATTERN, PATTERN_MAP, SCHEMA, SCHEMA_ARRAY, SCHEMA_MAP, SCHEMA_OR_ARRAY, type DialectInUse, type Tables } from "./walk-tables.js";

export type { DialectInUse } from "./walk-tables.js";
export type { DialectLookup } from "./walk-scope.js";
export { Walked } from "./walked.js";

export interface Bounds {
  readonly maxDepth: number;
  readonly maxSubschemas: number;
  /** Characters of canonical JSON (default: maxSubschemas × SIZE_PER_SUBSCHEMA). */
  readonly maxSize: number;
}

const STANDARD = (uri: string): DialectInUse | undefined => {
  const dialect = knownDialect(uri);
  return dialect && { dialect, vocabularies: DEFAULT_VOCABULARIES };
};

/** One walk's state. Recursion is bounded by maxDepth; lifted bounds fall back on the stack's own limit. */
interface Walk extends Text, Reaching {
  /** TEXT (turns to COPY past LARGE_TEXT characters of the document's text: `largeAt`), COPY, EXACT_COPY, or WRITE (the text only: see walk()). */
  readonly mode: number;
  readonly largeAt: number;
  /** Copy mode: the arrays copied (objects are bounded by maxSubschemas already), and whether members are set by definition (copy-member.ts). */
  readonly copied: Set<object> | undefined;
  readonly safe: boolean;
  /** The characters of the path's pointer kept in containers that hold subschemas (see located). */
  pathLength: number;
  readonly maxDepth: number;
  /** The longest the text may grow (the prefix and maxSize characters). */
  readonly maxText: number;
  /** The resource the schema object being walked belongs to: its dialect says where subschemas and references are. */
  scope: Scope;
  readonly marks: string[];
  readonly marked: object[] | undefined;
  orders: (number | string[])[] | undefined;
  /** The containers on the path. */
  readonly containers: object[];
  /**
   * The keys of the schema objects walked, and the members of the name maps each compiled form
   * keeps a table of apiece (MEMBER_TABLES): a cache entry's weight.
   */
  keywords: number;
  /** The keys of the last object walked (read by its parent for MEMBER_TABLES, whose valid values are objects: a schema that keeps an invalid one is refused). */
  lastKeys: number;
  /** The JSON values walked, and those inside `enum` and `const` values (a cache entry's weight: each compiled form keeps them apart). */
  values: number;
  compared: number;
  /** Lifted bounds only: the containers being walked, to find a cycle before the stack runs out. */
  readonly open: Set<object> | undefined;
}

export function walk(
  document: unknown,
  bounds: Bounds | false,
  fragmentOnly: boolean,
  prefix?: string,
  use: DialectInUse = { dialect: DIALECT_2020_12, vocabularies: DEFAULT_VOCABULARIES },
  lookup: DialectLookup = STANDARD,
  /** The URI the document was found by: its base (a `schemas` key; "" for the schema compiled). */
  retrieval = "",
): Walked {
  for (let mode = TEXT, safe = false; ; ) {
    try {
      return walkIn(mode, document, bounds, fragmentOnly, prefix, use, lookup, retrieval, safe);
    } catch (error) {
      if (error === CHANGED) safe = true;
      else if (error === LARGE) mode = COPY;
      else if (error === UNSURE) mode = EXACT_COPY;
      else if (error === ALIASED) mode = WRITE;
      else throw error;
    }
  }
}

/** A variant's walk of a copy of a document compile() walked (compile.ts): its marks and objects at them, no text, no copy. */
export function walkMarks(document: unknown, bounds: Bounds | false, fragmentOnly: boolean, use: DialectInUse, lookup: DialectLookup): { marks: readonly string[]; marked: readonly object[] | undefined } {
  try {
    return walkIn(MARKS, document, bounds, fragmentOnly, undefined, use, lookup);
  } catch (error) {
    if (error !== UNSURE) throw error;
  }
  return { marks: walk(document, bounds, fragmentOnly, undefined, use, lookup).marks, marked: undefined }; // near maxSize: its objects may be a copy's
}

// The walk's modes. A small document's text is cheaper to write than a copy is to make (and a
// cache hit needs only the text); a large one's text, written piece by piece, made most of the
// walk's garbage, and parsing it into the private copy cost as much again: past LARGE_TEXT
// characters the walk starts again making the copy, whose JSON.stringify is the text (written when
// first read: LateText): cheaper past that length even with the text walk thrown away (git log).
// But a copy keeps every container it makes: an array met again (aliased: `a = [a, a]`) would be
// copied again each time, up to maxSize characters of text, far more than the caller's document
// holds (objects count towards maxSubschemas, aliased or not). At an aliased array the walk
// writes the text once more, and only the text. The copy counts the text's length without
// escapes, and again exactly (EXACT_COPY) near maxSize (walk-text.ts). MARKS counts as COPY does, no copy.
const TEXT = 0;
const COPY = 1;
const WRITE = 2;
const EXACT_COPY = 3;
const MARKS = 4;
/** @internal For the specs too. */
export const LARGE_TEXT = 131072;
const LARGE: object = Object.freeze({ large: true });
const ALIASED: object = Object.freeze({ aliased: true });
const CHANGED: object = Object.freeze({ changed: true }); // a prototype took names during a copy: copied again, safely

function walkIn(mode: number, document: unknown, bounds: Bounds | false, fragmentOnly: boolean, prefix: string | undefined, use: DialectInUse, lookup: DialectLookup, retrieval = "", safe = false): Walked {
  const copying = mode !== TEXT && mode !== WRITE;
  // The text modes write the key whole, the JSON text of [prefix, document], and slice the
  // canonical text from it (one string: joining a prefix to a finished text would make a second
  // string of the whole document). Copy mode writes no text (see LateText): its key is a digest.
  const head = prefix === undefined ? "" : "[" + quote(prefix) + ",";
  const w: Walk = {
    // The Text fields, written out: a spread here would leave the walk's state in dictionary mode.
    copying,
    exact: mode !== COPY && mode !== MARKS,
    chars: 0,
    text: head,
    done: [],
    doneLength: 0,
    read: 0,
    length: head.length,
    indices: false,
    digest: DIGEST_SEED,
    mode,
    largeAt: head.length + LARGE_TEXT,
    copied: mode === COPY || mode === EXACT_COPY ? new Set() : undefined,
    safe: (mode === COPY || mode === EXACT_COPY) && (safe || prototypesChanged()),
    objects: 0,
    booleans: 0,
    keywords: 0,
    lastKeys: 0,
    values: 0,
    compared: 0,
    locations: 0,
    pathLength: 0,
    maxDepth: bounds === false ? Infinity : bounds.maxDepth,
    maxObjects: bounds === false ? Infinity : bounds.maxSubschemas,
    maxText: bounds === false ? Infinity : head.length + bounds.maxSize,
    maxSize: bounds === false ? Infinity : bounds.maxSize,
    fragmentOnly,
    scope: retrieval === "" ? startScope(use) : scopeOf(use, retrieval),
    lookup,
    retrieval,
    refs: undefined,
    rootScope: undefined,
    resources: undefined,
    referencesReached: false,
    landings: undefined,
    marks: [],
    marked: copying ? [] : undefined,
    patterns: [],
    patternBudget: undefined,
    orders: undefined,
    path: [],
    containers: [],
    hidden: 0,
    open: bounds === false ? new Set() : undefined,
  };
  let copy: unknown = TAKEN;
  let text: CanonicalText;
  let keyed: string | undefined;
  try {
    const walked = walkValue(document, SCHEMA, 1, w);
    // Checked as each string and container starts; the closing brackets and last scalars count too.
    if (pastLength(w, w.maxText)) tooLarge(w.path, w.maxSize);
    if (w.copied !== undefined && !w.safe && prototypesChanged()) throw CHANGED;
    if (mode === MARKS) text = ""; // walkMarks: no text, no copy
    else if (copying) {
      copy = walked;
      text = new LateText(copy, w.indices);
      if (prefix !== undefined) keyed = `${head}#${(w.digest >>> 0).toString(36)}:${w.length}]`;
    } else {
      if (prefix !== undefined) put(w, "]");
      const whole = writtenText(w);
      keyed = prefix === undefined ? undefined : whole;
      text = prefix === undefined ? whole : whole.slice(head.length, whole.length - 1);
    }
  } catch (error) {
    // Only lifted or very large bounds let a document outgrow the stack.
    if (isStackOverflow(error)) throw stackDepth();
    if (error === LARGE || error === UNSURE || error === ALIASED || error === CHANGED || isOwnSchemaError(error)) throw error;
    // What the caller's document threw as it was read (a getter, a Proxy trap): refused where it was read.
    throw new SchemaError("not-json", pointer(w.path), `the schema is not JSON: reading it threw (${describeThrown(error)})`);
  }
  // walkMarks: a document compile() walked already, whose references were followed then.
  return new Walked(text, keyed, written(w), copy, w.marks, w.marked, w.orders, w.patterns, w.objects + w.booleans, w.keywords, w.locations, w.compared, w.values, mode === MARKS ? undefined : w);
}

/** Walks a value: in copy mode, returns its copy (a string is shared: it cannot change). */
function walkValue(value: unknown, position: number, depth: number, w: Walk): unknown {
  w.values++;
  switch (typeof value) {
    case "string":
      if (position === PATTERN) notePattern(w, value);
      putString(w, value);
      if (pastLength(w, w.maxText)) tooLarge(w.path, w.maxSize);
      return value;
    case "boolean":
      if (position === SCHEMA || position === SCHEMA_OR_ARRAY) {
        countBoolean(w);
        located(w, w.pathLength);
      }
      put(w, value ? "true" : "false");
      return value;
    case "number":
      if (!Number.isFinite(value)) notJson(w.path, `${value} is not a JSON number`);
      put(w, value === 0 ? "0" : String(value));
      return value === 0 ? 0 : value; // -0 is written 0
    case "object":
      if (value === null) {
        put(w, "null");
        return null;
      }
      return walkContainer(value, position, depth, w);
    default:
      notJson(w.path, `${describe(value)} is not a JSON value`);
  }
}

function walkContainer(value: object, position: number, depth: number, w: Walk): unknown {
  if (!w.copying) {
    if (w.mode === TEXT && written(w) > w.largeAt) throw LARGE;
    if (w.text.length > PART_LENGTH) endPart(w);
  }
  if (pastLength(w, w.maxText)) tooLarge(w.path, w.maxSize);
  // A cycle runs into the depth bound, where the path is searched for it (lifted bounds: a Set).
  if (depth > w.maxDepth) {
    const repeat = firstRepeat(w.containers, value);
    if (repeat >= 0) notJson(w.path, "it contains itself (a cycle)", repeat);
    throw new SchemaError("depth", pointer(w.path), `schema nesting exceeds the maximum depth of ${w.maxDepth} (bounds.maxDepth)`);
  }
  if (w.open !== undefined) {
    if (w.open.has(value)) notJson(w.path, "it contains itself (a cycle)");
    w.open.add(value);
  }
  w.containers.push(value);
  let copy: unknown;
  if (Array.isArray(value)) copy = walkArray(value, position === SCHEMA_ARRAY || position === SCHEMA_OR_ARRAY ? SCHEMA : DATA, depth + 1, w);
  else {
    if (!isJsonObject(value)) notJson(w.path, `${describe(value)} is not a plain object`);
    if (++w.objects + w.booleans > w.maxObjects) tooMany(w.path, w.maxObjects);
    if (position === SCHEMA || position === SCHEMA_OR_ARRAY) located(w, w.pathLength);
    copy = walkObject(value as Record<string, unknown>, position === SCHEMA_OR_ARRAY ? SCHEMA : position, depth + 1, w);
  }
  w.containers.pop();
  w.open?.delete(value);
  return copy;
}

/** The depth (= path length) of the first container on the path that is one of its own ancestors; -1 for none. */
function firstRepeat(containers: readonly object[], last: object): number {
  const path = [...containers, last];
  for (let i = 1; i < path.length; i++) {
    for (let j = 0; j < i; j++) if (path[j] === path[i]) return i;
  }
  return -1;
}

function walkArray(value: readonly unknown[], position: number, depth: number, w: Walk): unknown[] | undefined {
  const copied = w.copied;
  if (copied !== undefined) {
    const count = copied.size;
    if (copied.add(value).size === count) throw ALIASED;
  }
  put(w, "[");
  const length = value.length;
  // Exact length: a copy kept by a validator, and a pushed array keeps room to grow (a one-item
  // array's backing store kept 17 slots).
  const copy: unknown[] | undefined = copied !== undefined ? new Array<unknown>(length) : undefined;
  for (let i = 0; i < length; i++) {
    if (!Object.hasOwn(value, i)) notJson(w.path, `a sparse array (no item at index ${i})`);
    if (i > 0) put(w, ",");
    w.path.push(i);
    const segment = position === DATA ? 0 : segmentLength(i);
    w.pathLength += segment;
    const item = walkValue(value[i], position, depth, w);
    if (copy !== undefined) copyMember(copy, i, item, w.safe);
    w.pathLength -= segment;
    w.path.pop();
  }
  put(w, "]");
  return copy;
}

/**
 * Keywords whose map of names (`dependentRequired`'s, `dependencies`') each compiled form keeps a
 * table of, member by member: 47,000 short names kept five times what their text and values
 * counted (a red-team probe of the cache's accounting).
 */
const MEMBER_TABLES: ReadonlySet<string> = new Set(["dependentRequired", "dependencies"]);

function walkObject(value: Record<string, unknown>, position: number, depth: number, w: Walk): Record<string, unknown> | undefined {
  put(w, "{");
  const copy: Record<string, unknown> | undefined = w.copied !== undefined ? {} : undefined;
  let keys = Object.keys(value);
  if (!inOrder(keys)) {
    // Objects are numbered in the order the walk meets them (w.objects counted this one). The
    // positions are worked out on a cache miss only (author-order.ts).
    const author = keys;
    keys = sortedKeys(keys.slice());
    (w.orders ??= []).push(w.objects - 1, author, keys);
  }
  const outer = w.scope;
  let positions = DATA_POSITIONS;
  if (position === SCHEMA) {
    w.keywords += keys.length;
    // Keys sort by UTF-16 code unit: "$schema" and the "$" names marked come before any letter.
    // Only a `$schema` or an identifier can change the scope (draft-04's `id` sorts among the letters).
    const identifier = outer.tables.identifier;
    let changes = identifier.charCodeAt(0) !== 36 && Object.hasOwn(value, identifier);
    for (let i = 0; i < keys.length && !(keys[i]!.charCodeAt(0) > 36); i++) if (keys[i] === "$schema" || keys[i] === identifier) changes = true;
    const root = w.path.length === 0;
    const scope = changes ? scopeHere(value, outer, root, w.lookup) : outer;
    w.scope = scope;
    // A resource is keyed by its URI as subschemas are by their locations (the registry, the
    // explainer): thousands of long URIs would make each cost the base's length.
    if (scope !== outer) resourceAt(w, scope.base, root ? scope.tables.identifier : identifier);
    positions = scope.tables.positions;
    // The resources, for references that land below them (a second one of a URI is refused by the registry).
    if (root) w.rootScope = scope;
    else if (scope !== outer && w.resources?.has(scope.base) !== true) (w.resources ??= new Map()).set(scope.base, { path: w.path.slice(), scope });
    // An embedded resource is marked by the identifier of the dialect around it, whatever its own calls one (draft-04's `id`).
    if (scope !== outer && !root) mark(value, copy, w);
    else if (markedHere(value, keys, scope.tables)) {
      located(w, scope.base.length); // an anchor or a reference is kept as a URI the base's length
      mark(value, copy, w);
    }
  }
  const ref = position === SCHEMA && isReferenceOnly(value, w.scope.use.dialect) ? w.scope.use.dialect.ref.name : undefined;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const hides = ref !== undefined && key !== ref; // before 2019-09 a `$ref`'s siblings are no keywords: what references there name is never compiled
    if (hides) w.hidden!++;
    putKey(w, key, i === 0);
    w.path.push(key);
    const segment = position === DATA ? 0 : segmentLength(key);
    w.pathLength += segment;
    if (position === PATTERN_MAP) notePattern(w, key);
    const values = w.values;
    const item = walkValue(value[key], position === SCHEMA ? (positions.get(key) ?? DATA) : position === SCHEMA_MAP || position === PATTERN_MAP ? SCHEMA : DATA, depth, w);
    if (position === SCHEMA && (key === "enum" || key === "const")) w.compared += w.values - values;
    else if (position === SCHEMA && key.charCodeAt(0) === 100 && MEMBER_TABLES.has(key)) w.keywords += w.lastKeys; // "d…": one test for most keys
    if (copy !== undefined) {
      if (!w.indices && isArrayIndex(key)) w.indices = true;
      copyMember(copy, key, item, w.safe);
    }
    w.pathLength -= segment;
    w.path.pop();
    if (hides) w.hidden!--;
  }
  w.scope = outer;
  w.lastKeys = keys.length;
  put(w, "}");
  return copy;
}

/** Whether a schema object declares an identifier or a reference: "$" names among its first keys, the others (draft-04's id) by name. */
function markedHere(value: Record<string, unknown>, keys: readonly string[], tables: Tables): boolean {
  for (let i = 0; i < keys.length && !(keys[i]!.charCodeAt(0) > 36); i++) if (tables.marked.has(keys[i]!)) return true;
  for (const name of tables.plain) if (Object.hasOwn(value, name)) return true;
  return false;
}

/** Records identifiers and references, and applies the ref policy before anything is resolved. */
function mark(value: Record<string, unknown>, copy: object | undefined, w: Walk): void {
  const ptr = pointer(w.path);
  noteReferences(value, w.scope, ptr, w);
  w.marks.push(ptr);
  w.marked?.push(copy ?? value); // MARKS: the walked document's own
}
