// The graph of the schema places compile() can reach from the root: which subschemas each place
// applies, to its own instance or to a part of it, and where its references land. Two checks
// read it: in-place-cycles.ts (recursion that consumes no input is refused) and recursion.ts
// (which references can lead back to themselves, so evaluation counts them). On the way it notes
// whether every reference resolves and every pattern compiles: when all do, the definition checks
// (engine/definitions.ts) would refuse nothing, and compile skips them.
import { appendPointer } from "../json/pointer.js";
import { isObject } from "../json/type-of.js";
import type { Keyword } from "../keywords/types.js";
import { namesRead } from "../keywords/dialects.js";
import type { Registry, Target } from "../engine/registry.js";
import { sharedMatcher } from "../engine/regexes.js";

/**
 * A schema location, or a dynamic anchor name / $recursiveAnchor standing for all the places it
 * may land. Places are numbered from 0 in the order they are found: the checks index arrays by
 * them (a key string per place, made and hashed again at every edge, was most of the cost).
 */
export interface Place {
  /** `doc.id:pointer`, or `#dynamic:NAME` / `#recursive` for an anchor place. */
  readonly key: string;
  /** Places applied to the same instance, each with the keyword location that leads there. */
  readonly same: [place: number, via: Step][];
  /** Every place applied to this one's instance or to a part of it (same ones included). */
  readonly applied: number[];
}

/** A keyword location: a pointer into the schema, or into another document (`uri`). */
export interface Step {
  readonly uri: string | undefined;
  readonly ptr: string;
}

/** A reference keyword: where it sits (`doc.id:pointer`, as the compiler names it) and the places it may land. */
export interface Reference {
  readonly key: string;
  readonly from: number;
  readonly to: number[];
  /** $dynamicRef or $recursiveRef: where it lands depends on the dynamic scope. */
  readonly dynamic: boolean;
}

export interface SchemaGraph {
  readonly places: readonly Place[];
  readonly references: readonly Reference[];
  /** Every reference met resolved and every pattern compiled (for the registry's `definitionsChecked`). */
  readonly clean: boolean;
}

/** The graph of everything reachable from `root`: its subschemas (applied or not, such as $defs) and their references. */
export function schemaGraph(registry: Registry, root: Target): SchemaGraph {
  const places: Place[] = [];
  const references: Reference[] = [];
  const pending: [Target, number][] = [];
  // A schema object is found by itself (each sits at one place of a private copy); other values
  // (boolean schemas) and anchor places by their key.
  const byObject = new Map<object, number>();
  const byKey = new Map<string, number>();
  let clean = true;
  const newPlace = (key: string): number => {
    places.push({ key, same: [], applied: [] });
    return places.length - 1;
  };
  const add = (target: Target): number => {
    const { schema } = target;
    let id = isObject(schema) ? byObject.get(schema) : byKey.get(`${target.doc.id}:${target.ptr}`);
    if (id !== undefined) return id;
    id = newPlace(`${target.doc.id}:${target.ptr}`);
    if (isObject(schema)) byObject.set(schema, id);
    else byKey.set(places[id]!.key, id);
    pending.push([target, id]);
    return id;
  };
  // A dynamic anchor name (or $recursiveAnchor) is one place, leading to every place it may land.
  const anchor = (key: string): number => {
    const known = byKey.get(key);
    if (known !== undefined) return known;
    const targets = key === "#recursive" ? registry.recursiveAnchors() : registry.dynamicAnchors(key.slice("#dynamic:".length));
    const id = newPlace(key);
    byKey.set(key, id);
    const place = places[id]!;
    for (const t of targets) {
      const landing = add(t);
      place.same.push([landing, stepAt(t, t.ptr)]);
      place.applied.push(landing);
    }
    return id;
  };
  add(root);
  while (pending.length > 0) {
    const [target, from] = pending.pop()!;
    const schema = target.schema;
    if (!isObject(schema)) continue;
    const place = places[from]!;
    const { dialect, vocabularies } = target.resource;
    const names = namesRead(schema, dialect);
    for (const name of names) {
      const keyword = dialect.keywords.get(name);
      if (keyword === undefined || (keyword.children === undefined && keyword.reference === undefined && keyword.regexes === undefined) || !vocabularies.has(keyword.vocabulary)) continue;
      const value = schema[name];
      if (keyword.regexes !== undefined && clean) clean = patternsCompile(keyword.regexes(value));
      if (keyword.children === undefined && keyword.reference === undefined) continue;
      const at = appendPointer(target.ptr, name);
      const via = stepAt(target, at);
      if (keyword.reference !== undefined) {
        if (typeof value !== "string") continue;
        const to = landings(registry, target, keyword, value, add, anchor);
        if (to.length === 0) clean = false;
        for (const key of to) {
          place.same.push([key, via]);
          place.applied.push(key);
        }
        references.push({ key: `${target.doc.id}:${at}`, from, to, dynamic: keyword.reference !== "static" });
        continue;
      }
      // then/else without if apply nothing: their subschemas are reached, but not applied here.
      const inPlace = keyword.inPlace === true && (keyword.ownedBy === undefined || Object.hasOwn(schema, keyword.ownedBy));
      const applied = applies(keyword);
      for (const [sub, ptr] of children(keyword, value, at)) {
        const key = add({ doc: target.doc, ptr, resource: target.doc.roots.get(sub) ?? target.resource, schema: sub });
        if (inPlace) place.same.push([key, via]);
        if (applied) place.applied.push(key);
      }
    }
  }
  return { places, references, clean };
}

/** Whether every string among a keyword's patterns compiles (the check in definitions.ts refuses those that do not). */
function patternsCompile(patterns: readonly unknown[]): boolean {
  try {
    for (const pattern of patterns) if (typeof pattern === "string") sharedMatcher(pattern);
    return true;
  } catch {
    return false;
  }
}

/** A keyword that only holds subschemas for references ($defs, definitions) applies none of them. */
const applies = (keyword: Keyword): boolean => !(keyword.children === "map" && keyword.inPlace !== true && keyword.reaches === undefined);

/** Where a keyword sits, for messages: a pointer in the schema itself, or in another document. */
function stepAt(target: Target, ptr: string): Step {
  return { uri: target.doc.id === 0 ? undefined : target.resource.uri || "(document)", ptr };
}

/** The schemas a keyword's value holds, with their pointers. */
export function children(keyword: Keyword, value: unknown, ptr: string): [unknown, string][] {
  const kind = keyword.children === "schema-or-array" ? (Array.isArray(value) ? "array" : "schema") : keyword.children;
  if (kind === "schema") return [[value, ptr]];
  if (kind === "array" && Array.isArray(value)) return value.map((v, i) => [v, appendPointer(ptr, i)]);
  if (kind === "map" && isObject(value)) return Object.keys(value).map((k) => [value[k], appendPointer(ptr, k)]);
  return [];
}

/** Where a reference may land: its static target, and the anchor place standing for where a dynamic one may land instead. */
function landings(registry: Registry, target: Target, keyword: Keyword, reference: string, add: (target: Target) => number, anchor: (key: string) => number): number[] {
  let resolved: Target | undefined;
  try {
    resolved = registry.resolve(target.resource, reference);
  } catch {
    return []; // refused later, where the reference compiles, with its own location
  }
  if (resolved === undefined) return [];
  const to = [add(resolved)];
  if (keyword.reference === "dynamic") {
    const name = registry.dynamicAnchorOf(target.resource, reference, resolved);
    if (name !== undefined) to.push(anchor(`#dynamic:${name}`));
  } else if (keyword.reference === "recursive" && registry.hasRecursiveAnchor(resolved)) to.push(anchor("#recursive"));
  return to;
}
