// What references reach outside the places the gate's walk read as schemas. An unknown keyword's
// value (or an `examples` item) is data, but a `$ref` may land in it, and the compiler then
// compiles it as a schema (the suite asks for that): so what the references of a document land
// on, in it or in another `schemas` document, is walked as schemas too, counted against the
// referring document's bounds (subschemas, locations, patterns) as in a schema position, once
// however many references reach it. Depth and size need nothing more: each document's walk
// bounded its data as it bounded the rest. It runs on the private copies, the values the compiler
// reads: a getter or Proxy of the caller's document read again could show less than was copied.
import { externalRef } from "../errors.js";
import { TextKeys, type TextToken } from "../json/text-keys.js";
import { fragmentToPointer, isItemOf, segmentLength, splitPointer, unescapeSegment } from "../json/pointer.js";
import { sortedKeys } from "../json/sorted-keys.js";
import { isObject } from "../json/type-of.js";
import { resolvedParts } from "../engine/references.js";
import { countBoolean, located, notePattern, type Counts } from "./walk-counts.js";
import { pointer } from "./walk-errors.js";
import { scopeHere, type DialectLookup, type Scope } from "./walk-scope.js";
import { DATA, itemPosition, memberPosition, PATTERN, PATTERN_MAP, SCHEMA, SCHEMA_ARRAY, SCHEMA_MAP, SCHEMA_OR_ARRAY } from "./walk-tables.js";

/** A resource root of the document below its root: where it sits, and its scope. */
export interface ResourceAt {
  readonly path: readonly (string | number)[];
  readonly scope: Scope;
}

/**
 * What the walk hands over for this: its counts, and the references and resources it met. Every
 * member is the state's own from the start (walk.ts): one left out would be read from Object.prototype.
 */
export interface Reaching extends Counts {
  readonly fragmentOnly: boolean;
  readonly lookup: DialectLookup;
  /** The URI the document was found by (a `schemas` key; "" for the schema compiled). */
  readonly retrieval: string;
  /** References whose fragment may be a JSON Pointer (only those can land outside a schema position), and the scope each resolves in. */
  refs: { readonly references: string[]; readonly scopes: Scope[] } | undefined;
  /** The scope of the document's root resource, and the other resources by URI. */
  rootScope: Scope | undefined;
  resources: Map<string, ResourceAt> | undefined;
  /** A schema object met only as reached data holds a reference: the registry indexed none of it. */
  referencesReached: boolean;
  /** Inside the siblings of a draft-04..07 `$ref` (above 0): no keywords, so what references there name is never compiled, and none is followed. */
  hidden: number;
  /** Where references landed in this document outside its schema positions, and the scope each is read in: the metaschema check reads them as schemas too. */
  landings: { readonly path: readonly (string | number)[]; readonly scope: Scope }[] | undefined;
}

/** A walked document, and its private copy (what the compiler reads), made when first asked for. */
export interface ReachedDocument {
  readonly reaching: Reaching;
  readonly copy: () => unknown;
}

/** Applies the ref policy to a schema object's references, and notes those that may land in data. */
export function noteReferences(value: Record<string, unknown>, scope: Scope, ptr: string, w: Reaching): void {
  for (const name of scope.tables.references) {
    const reference = Object.hasOwn(value, name) ? value[name] : undefined;
    if (typeof reference !== "string") continue;
    if (w.fragmentOnly && !reference.startsWith("#")) throw externalRef(ptr + "/" + name, name, reference);
    if (reference.includes("#/") && !(w.hidden! > 0)) {
      const refs = (w.refs ??= { references: [], scopes: [] });
      refs.references.push(reference);
      refs.scopes.push(scope);
    }
  }
}

/** One walk of what a reference reached: the scope it is read in, and the schema locations counted so far (by pointer) in the document it lies in. */
interface Reach {
  readonly w: Reaching;
  readonly scope: Scope;
  readonly counted: Set<string>;
}

/**
 * Walks, as schemas, the data that each document's references land on (the references met there
 * too), in that document or another of `documents`. A place reached again from one document costs
 * a lookup: what is read there as a schema is counted once, by pointer. A document whose reached
 * data holds references says so (Reaching.referencesReached): the reference checks never saw them.
 */
export function walkReached(documents: readonly ReachedDocument[]): void {
  for (const from of documents) {
    const { refs } = from.reaching;
    if (refs !== undefined) follow(from, refs.references, refs.scopes, documents);
  }
}

function follow(from: ReachedDocument, references: readonly string[], scopes: readonly Scope[], documents: readonly ReachedDocument[]): void {
  const w = from.reaching;
  const counted = new Map<Reaching, Set<string>>();
  // Most references repeat one another, in one scope: each is followed once (keyed by token: V8
  // hashes a long string by its length, and long references of one length compared all others).
  let followed: Map<string | TextToken, Scope> | undefined;
  let keys: TextKeys | undefined;
  // `references` grows as the walks below meet references.
  for (let i = 0; i < references.length; i++) {
    const reference = references[i]!;
    const scope = scopes[i]!;
    if (references.length > 1) {
      const key = (keys ??= new TextKeys()).keyOf(reference);
      if ((followed ??= new Map()).get(key) === scope) continue;
      followed.set(key, scope);
    }
    const [uri, fragment] = resolvedParts(scope.base, reference);
    if (!fragment.startsWith("/")) continue;
    // Most fragments need no decoding (one that is no pointer lands nowhere: the registry refuses it).
    const found = fragment.includes("%") ? fragmentToPointer(fragment) : fragment;
    const target = found === undefined ? undefined : resourceNamed(uri, from, documents);
    if (target === undefined) continue;
    const [document, resource] = target;
    const landing = trace(rootOf(document, resource), resource.scope, resource.path, found!, w.lookup);
    if (landing === undefined) continue;
    let places = counted.get(document.reaching);
    if (places === undefined) counted.set(document.reaching, (places = new Set()));
    (document.reaching.landings ??= []).push({ path: landing.path, scope: landing.scope });
    w.path.push(...landing.path);
    let length = 0;
    for (const segment of landing.path) length += segmentLength(segment);
    reachValue(landing.value, SCHEMA, landing.position, landing.scope, length, { w, scope: landing.scope, counted: places });
    w.path.length = 0;
  }
}

const ROOT_PATH: readonly string[] = [];

/** The document and resource a URI names: the referring document's own first (as the registry resolves), then the others'. */
function resourceNamed(uri: string, own: ReachedDocument, documents: readonly ReachedDocument[]): [ReachedDocument, ResourceAt] | undefined {
  const here = resourceIn(own.reaching, uri);
  if (here !== undefined) return [own, here];
  for (const document of documents) {
    const at = document === own ? undefined : resourceIn(document.reaching, uri);
    if (at !== undefined) return [document, at];
  }
  return undefined;
}

function resourceIn(d: Reaching, uri: string): ResourceAt | undefined {
  const root = d.rootScope;
  if (root === undefined) return undefined;
  if (uri === root.base || (uri === d.retrieval && uri !== "")) return { path: ROOT_PATH, scope: root };
  return d.resources?.get(uri);
}

/** A resource's object in the document's private copy. */
function rootOf(document: ReachedDocument, resource: ResourceAt): unknown {
  let value = document.copy();
  for (const key of resource.path) value = (value as Record<string | number, unknown>)[key];
  return value;
}

interface Landing {
  readonly value: unknown;
  /** Where the walk read it: data, or a container of schemas (a schema itself, it was counted there). */
  readonly position: number;
  /** The scope of the schema object around it. */
  readonly scope: Scope;
  readonly path: readonly (string | number)[];
}

/**
 * Where a pointer below a resource root (its object, scope and path) lands, as the walk read that
 * place; undefined when nothing is there, or the walk read a schema there.
 */
function trace(root: unknown, rootScope: Scope, rootPath: readonly (string | number)[], found: string, lookup: DialectLookup): Landing | undefined {
  let value = root;
  let position = SCHEMA;
  let scope = rootScope;
  // Segment by segment, as splitPointer() would cut them, without an array of them (most land on a schema).
  for (let start = 1; start <= found.length; ) {
    let end = found.indexOf("/", start);
    if (end < 0) end = found.length;
    const key = unescapeSegment(found.slice(start, end));
    const first = start === 1;
    start = end + 1;
    const last = start > found.length;
    if (Array.isArray(value)) {
      if (!isItemOf(value, key)) return undefined;
      position = itemPosition(position);
    } else if (isObject(value)) {
      if (!first && (position === SCHEMA || position === SCHEMA_OR_ARRAY)) scope = scopeHere(value, scope, false, lookup);
      position = memberPosition(position, scope.tables.positions, key);
      // A landing on a schema is none of this walk's: asked before the key is looked up (a long
      // key of many of one length costs a lookup as long as all of them).
      if (last && (position === SCHEMA || position === SCHEMA_OR_ARRAY)) return undefined;
      if (!Object.hasOwn(value, key)) return undefined;
    } else return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  if (position === SCHEMA || position === SCHEMA_OR_ARRAY) return undefined;
  return { value, position, scope, path: [...rootPath, ...splitPointer(found)] };
}

/**
 * Walks a value as the reached schema reads it (`reach`), beside where the document's walk read it
 * (`main`, with the scope it read in): what that walk already counted as a schema is not counted
 * again. `length`: its pointer's, each segment counted as in walk.ts.
 */
function reachValue(value: unknown, reach: number, main: number, mainScope: Scope, length: number, r: Reach): void {
  const w = r.w;
  if (typeof value === "string") {
    if (reach === PATTERN && main !== PATTERN) notePattern(w, value);
    return;
  }
  const schema = reach === SCHEMA || reach === SCHEMA_OR_ARRAY;
  const read = main === SCHEMA || main === SCHEMA_OR_ARRAY;
  if (typeof value === "boolean") {
    if (schema && !read && firstTime(r) !== undefined) {
      countBoolean(w);
      located(w, length);
    }
    return;
  }
  if (typeof value !== "object" || value === null) return;
  if (Array.isArray(value)) {
    // Only an array of schemas holds any; those the walk read as schemas are counted.
    if (reach !== SCHEMA_ARRAY && reach !== SCHEMA_OR_ARRAY) return;
    const item = main === SCHEMA_ARRAY || main === SCHEMA_OR_ARRAY ? SCHEMA : DATA;
    if (item === SCHEMA) return;
    for (let i = 0; i < value.length; i++) {
      w.path.push(i);
      reachValue(value[i], SCHEMA, item, mainScope, length + segmentLength(i), r);
      w.path.pop();
    }
    return;
  }
  const record = value as Record<string, unknown>;
  if (schema) {
    if (read) return; // the walk read it, and all below it, as the compiler will
    const ptr = firstTime(r);
    if (ptr === undefined) return;
    located(w, length);
    noteReferences(record, r.scope, ptr, w);
    if (!w.referencesReached && r.scope.tables.references.some((name) => Object.hasOwn(record, name))) w.referencesReached = true;
  } else if (reach !== SCHEMA_MAP && reach !== PATTERN_MAP) return; // data: nothing in it is a schema here
  const inner = read ? scopeHere(record, mainScope, false, w.lookup) : mainScope;
  for (const key of sortedKeys(Object.keys(record))) {
    w.path.push(key);
    if (reach === PATTERN_MAP && main !== PATTERN_MAP) notePattern(w, key);
    const child = schema ? (r.scope.tables.positions.get(key) ?? DATA) : SCHEMA;
    const mainChild = read ? (inner.tables.positions.get(key) ?? DATA) : main === SCHEMA_MAP || main === PATTERN_MAP ? SCHEMA : DATA;
    reachValue(record[key], child, mainChild, inner, length + segmentLength(key), r);
    w.path.pop();
  }
}

/** The pointer of the value being walked, the first time a reached schema is met there; undefined after. */
function firstTime(r: Reach): string | undefined {
  const ptr = pointer(r.w.path);
  if (r.counted.has(ptr)) return undefined;
  r.counted.add(ptr);
  return ptr;
}
