// The graph of the schema places reachable from some starts (the root; every reference's holder):
// which subschemas each place applies, to its own instance or to a part of it, and where its
// references land. Two checks read it: in-place-cycles.ts (recursion that consumes no input is
// refused) and recursion.ts (which references can lead back to themselves, so evaluation counts
// them); reference-checks.ts says which graphs they read. On the way it notes whether every
// reference resolves and every pattern compiles.
import { appendPointer } from "../json/pointer.js";
import { isObject } from "../json/type-of.js";
import { patternsIn, type Keyword } from "../keywords/types.js";
import { namesRead } from "../keywords/dialects.js";
import type { Doc, Registry, Resource, Target } from "../engine/registry.js";
import { sharedMatcher } from "../engine/regexes.js";

/**
 * Where a schema place sits: a pointer into its document, built only when asked (a message, a
 * reference's key, sorting a cycle once one is found). Most places are never asked: a pointer
 * string per subschema and keyword was most of what a large schema's graph allocated.
 */
class Spot {
  #ptr: string | undefined;
  constructor(
    readonly doc: Doc,
    readonly resource: Resource,
    readonly schema: unknown,
    /** The place whose keyword holds this one, and the keyword with the index or name within it. */
    private readonly parent: Spot | undefined,
    private readonly segments: readonly (string | number)[],
    ptr?: string,
  ) {
    this.#ptr = ptr;
  }

  get ptr(): string {
    if (this.#ptr !== undefined) return this.#ptr;
    // Without recursion: a chain of unbuilt parents can be as deep as the schema.
    const chain: Spot[] = [];
    let spot: Spot | undefined = this;
    for (; spot !== undefined && spot.#ptr === undefined; spot = spot.parent) chain.push(spot);
    let ptr = spot === undefined ? "" : spot.#ptr!;
    for (let i = chain.length - 1; i >= 0; i--) chain[i]!.#ptr = ptr = appendPointer(ptr, ...chain[i]!.segments);
    return ptr;
  }
}

/** What a search for an in-place cycle reads of a node (in-place-cycles.ts findCycle): its key, and its same-instance edges. */
export interface CycleNode {
  readonly key: string;
  readonly same: [node: number, via: Step][];
}

/**
 * A schema location, or a dynamic anchor name / $recursiveAnchor standing for all the places it
 * may land. Places are numbered from 0 in the order they are found: the checks index arrays by
 * them (a key string per place, made and hashed again at every edge, was most of the cost).
 */
export class Place implements CycleNode {
  /** Places applied to the same instance, each with the keyword location that leads there. */
  readonly same: [place: number, via: Step][] = [];
  /** Every place applied to this one's instance or to a part of it (same ones included). */
  readonly applied: number[] = [];
  #key: string | undefined;

  constructor(private readonly at: Spot | string) {}

  /** `doc.id:pointer`, or `#dynamic:NAME` / `#recursive` for an anchor place. */
  get key(): string {
    return (this.#key ??= typeof this.at === "string" ? this.at : `${this.at.doc.id}:${this.at.ptr}`);
  }
}

/** A keyword location: a pointer into the schema, or into another document (`uri`). */
export class Step {
  #ptr: string | undefined;
  constructor(
    private readonly at: Spot,
    /** Undefined: the place itself (where a dynamic anchor lands). */
    private readonly keyword: string | undefined,
  ) {}

  get uri(): string | undefined {
    const { doc, resource } = this.at;
    return doc.id === 0 ? undefined : resource.uri || "(document)";
  }

  /** The URI of the `schemas` document the step is in (Doc.uri); undefined in the schema compiled. */
  get document(): string | undefined {
    return this.at.doc.uri || undefined;
  }

  get ptr(): string {
    return (this.#ptr ??= this.keyword === undefined ? this.at.ptr : appendPointer(this.at.ptr, this.keyword));
  }

  /** `doc.id:pointer`, as the compiler names a keyword. */
  get key(): string {
    return `${this.at.doc.id}:${this.ptr}`;
  }
}

/** A reference keyword: where it sits and the places it may land. */
export interface Reference {
  readonly via: Step;
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
  /** The keys of the anchor places (`#dynamic:NAME`, `#recursive`: see anchorKey). */
  readonly anchors: readonly string[];
  /** The place of a schema object the graph reached. */
  placeOf(schema: object): number | undefined;
  /** The keyword location of `keyword` in the schema object at `place`. */
  stepAt(place: number, keyword: string): Step;
}

/**
 * What a graph follows from its starts besides references: every subschema ("all": $defs entries
 * too), or the subschemas that may apply ("applied": what compile can reach).
 */
export type Follow = "all" | "applied";

/** The graph of everything reachable from `starts` along what `follow` says, and their references. */
export function schemaGraph(registry: Registry, starts: readonly Target[], follow: Follow = "all"): SchemaGraph {
  const places: Place[] = [];
  const references: Reference[] = [];
  // The places whose keywords are still to read (a stack: the order does not matter), and where each sits.
  const pending: number[] = [];
  const spots: Spot[] = [];
  // A schema object is found by itself (each sits at one place of a private copy); other values
  // (boolean schemas) and anchor places by their key.
  const byObject = new Map<object, number>();
  const byKey = new Map<string, number>();
  const found = { clean: true };
  const anchors: string[] = [];
  const add = (spot: Spot): number => {
    const { schema } = spot;
    const object = isObject(schema);
    let id = object ? byObject.get(schema) : byKey.get(`${spot.doc.id}:${spot.ptr}`);
    if (id !== undefined) return id;
    id = places.push(new Place(spot)) - 1;
    if (object) byObject.set(schema, id);
    else byKey.set(places[id]!.key, id);
    spots[id] = spot;
    pending.push(id);
    return id;
  };
  // A subschema of the place at `parent`, under the keyword and index or name in `segments`.
  const reach = (sub: unknown, parent: Spot, segments: readonly (string | number)[]): number =>
    (isObject(sub) ? byObject.get(sub) : undefined) ?? add(new Spot(parent.doc, parent.doc.roots.get(sub) ?? parent.resource, sub, parent, segments));
  const addTarget = (target: Target): number => add(new Spot(target.doc, target.resource, target.schema, undefined, NO_SEGMENTS, target.ptr));
  // A dynamic anchor name (or $recursiveAnchor) is one place, leading to every place it may land.
  const anchor = (key: string): number => {
    const known = byKey.get(key);
    if (known !== undefined) return known;
    const targets = anchorTargets(registry, key);
    const id = places.push(new Place(key)) - 1;
    byKey.set(key, id);
    anchors.push(key);
    const place = places[id]!;
    for (const t of targets) {
      const landing = addTarget(t);
      edge(place, landing, new Step(spots[landing]!, undefined), true);
    }
    return id;
  };
  for (const start of starts) addTarget(start);
  const read: unknown[] = [];
  for (let from = pending.pop(); from !== undefined; from = pending.pop()) {
    const spot = spots[from]!;
    const { resource, schema } = spot;
    if (!isObject(schema)) continue;
    const place = places[from]!;
    const count = graphKeywords(schema, resource, found, read);
    for (let i = 0; i < count; i += 2) {
      const keyword = read[i] as Keyword;
      const value = read[i + 1];
      const name = keyword.name;
      if (keyword.reference !== undefined) {
        const via = new Step(spot, name);
        const to = landings(registry, resource, keyword, value as string, addTarget, anchor);
        if (to.length === 0) found.clean = false;
        for (const key of to) edge(place, key, via, true);
        references.push({ via, from, to, dynamic: keyword.reference !== "static" });
        continue;
      }
      if (keyword.children === undefined) continue;
      // then/else without if apply nothing: their subschemas are reached, but not applied here.
      const via = appliedInPlace(keyword, schema) ? new Step(spot, name) : undefined;
      const applied = applies(keyword);
      if (follow === "applied" && !applied) continue;
      const kind = subschemaKind(keyword, value);
      if (kind === "schema") edge(place, reach(value, spot, [name]), via, applied);
      else if (kind === "array" && Array.isArray(value)) for (let i = 0; i < value.length; i++) edge(place, reach(value[i], spot, [name, i]), via, applied);
      else if (kind === "map" && isObject(value)) for (const key of Object.keys(value)) edge(place, reach(value[key], spot, [name, key]), via, applied);
    }
  }
  return { places, references, clean: found.clean, anchors, placeOf: (schema) => byObject.get(schema), stepAt: (place, keyword) => new Step(spots[place]!, keyword) };
}

const NO_SEGMENTS: readonly (string | number)[] = [];

/** A place's edge to a subschema: applied to the same instance (via its keyword), or to a part of it. */
function edge(place: Place, to: number, via: Step | undefined, applied: boolean): void {
  if (via !== undefined) place.same.push([to, via]);
  if (applied) place.applied.push(to);
}

/** Whether every string among a keyword's patterns compiles (the check in definitions.ts refuses those that do not). */
export function patternsCompile(patterns: readonly unknown[]): boolean {
  try {
    for (const pattern of patterns) if (typeof pattern === "string") sharedMatcher(pattern);
    return true;
  } catch {
    return false;
  }
}

/** A keyword that only holds subschemas for references ($defs, definitions) applies none of them. */
export const applies = (keyword: Keyword): boolean => !(keyword.children === "map" && keyword.inPlace !== true && keyword.reaches === undefined);

/** The schemas a keyword's value holds, with their pointers. */
export function children(keyword: Keyword, value: unknown, ptr: string): [unknown, string][] {
  const kind = subschemaKind(keyword, value);
  if (kind === "schema") return [[value, ptr]];
  if (kind === "array" && Array.isArray(value)) return value.map((v, i) => [v, appendPointer(ptr, i)]);
  if (kind === "map" && isObject(value)) return Object.keys(value).map((k) => [value[k], appendPointer(ptr, k)]);
  return [];
}

/** How a keyword's value holds its subschemas: one, an array of them, or a map of them by name. */
export function subschemaKind(keyword: Keyword, value: unknown): "schema" | "array" | "map" | undefined {
  return keyword.children === "schema-or-array" ? (Array.isArray(value) ? "array" : "schema") : keyword.children;
}

/** Where a reference may land: its static target, and the anchor place standing for where a dynamic one may land instead. */
function landings(registry: Registry, from: Resource, keyword: Keyword, reference: string, add: (target: Target) => number, anchor: (key: string) => number): number[] {
  const target = landing(registry, from, keyword, reference);
  if (target === undefined) return [];
  const to = [add(target)];
  const key = anchorKey(registry, from, keyword, reference, target);
  if (key !== undefined) to.push(anchor(key));
  return to;
}

/**
 * Where a reference lands: its static target, or for a $dynamicRef to an anchor the root resource
 * declares, that anchor, and for a $recursiveRef to an anchored root, the root when it is
 * anchored too: where it lands whatever the dynamic scope (registry.fixedLanding);
 * undefined when it lands nowhere.
 */
export function landing(registry: Registry, from: Resource, keyword: Keyword, reference: string): Target | undefined {
  try {
    const target = registry.resolve(from, reference);
    return target === undefined || keyword.reference === undefined || keyword.reference === "static" ? target : (registry.fixedLanding(from, reference, keyword.reference) ?? target);
  } catch {
    return undefined; // refused later, where the reference compiles, with its own location
  }
}

/** For a dynamic reference landing at `target`, the key of the anchor standing for where else it may land (`#dynamic:NAME`, `#recursive`: see anchorTargets); none where the root resource's anchor fixes its landing. */
export function anchorKey(registry: Registry, from: Resource, keyword: Keyword, reference: string, target: Target): string | undefined {
  if (keyword.reference === "dynamic") {
    const name = registry.dynamicAnchorOf(from, reference, target);
    return name === undefined || registry.rootDynamicAnchor(name) !== undefined ? undefined : `#dynamic:${name}`;
  }
  return keyword.reference === "recursive" && registry.hasRecursiveAnchor(target) && registry.rootRecursiveAnchor() === undefined ? "#recursive" : undefined;
}

/** Every place a dynamic reference's anchor (anchorKey()'s key) may land. */
export function anchorTargets(registry: Registry, key: string): readonly Target[] {
  return key === "#recursive" ? registry.recursiveAnchors() : registry.dynamicAnchors(key.slice("#dynamic:".length));
}

/**
 * The keywords of a schema object the graphs read (those that hold subschemas, a reference or
 * patterns, in the vocabularies in force), each with its value, as flat pairs; a reference only
 * when it is a string. `found.clean` goes false at the first pattern among them that does not compile.
 * Written into `read`, the caller's array, from its start; returns how many entries were written.
 * (A search asks this of every schema object it meets: an array each, or an array emptied and
 * filled again, which lets go of its storage, was most of a large schema's search's garbage.)
 */
export function graphKeywords(schema: Readonly<Record<string, unknown>>, { dialect, vocabularies }: Resource, found: { clean: boolean }, read: unknown[]): number {
  let count = 0;
  for (const name of namesRead(schema, dialect)) {
    const keyword = dialect.keywords.get(name);
    if (keyword === undefined || (keyword.children === undefined && keyword.reference === undefined && keyword.regexes === undefined) || !vocabularies.has(keyword.vocabulary)) continue;
    const value = schema[name];
    if (keyword.regexes !== undefined && found.clean) found.clean = patternsCompile(patternsIn(keyword, value));
    if (keyword.reference === undefined || typeof value === "string") {
      read[count++] = keyword;
      read[count++] = value;
    }
  }
  return count;
}

/** The keyword applies its subschemas to the schema object's own instance (then/else only beside if). */
export function appliedInPlace(keyword: Keyword, schema: Readonly<Record<string, unknown>>): boolean {
  return keyword.inPlace === true && (keyword.ownedBy === undefined || Object.hasOwn(schema, keyword.ownedBy));
}
