// What the explainer (explain.ts) reads of the schema's own objects: each one's keywords that can
// fail, with their prepared values; whether it can explain a schema at all; where a reference
// lands, and which resource a place sits in.
import { isObject } from "../json/type-of.js";
import { PASSES, type Keyword, type SchemaObject, type Vocabulary } from "../keywords/types.js";
import { keywordsInUse, type Dialect } from "../keywords/dialects.js";
import { MISSING, valueAt } from "../json/pointer.js";
import { innermostResource, landingPointer } from "./references.js";
import { reach } from "./reach.js";
import { evaluating, evaluatingKeywords, walkable } from "./explain-evaluated.js";

/**
 * A schema object's keywords that can fail, in evaluation order, with their values (what a
 * keyword's `prepare` hook made of it and its siblings, for those that have one), kept per schema
 * object in one array of its exact length (an object and a second array would cost every schema
 * object their headers again): at FLAGS the bits below, at POINTER its pointer once it is needed
 * a second time (a unit, or a reference crossed here; false: needed once), then keyword, value,
 * keyword, value, … from FIRST_PAIR on.
 */
export type Keywords = unknown[];

export const FLAGS = 0;
export const POINTER = 1;
export const FIRST_PAIR = 2;

/** Nothing but a reference can fail here: compile() plans such a schema as its target's plan. */
export const REF_ONLY = 1;
/** Two of its subschemas can reach one value (reach.ts): the references below it, to the next one, count as the closures' memoized ones. */
export const BRANCHES = 2;
/** It has an unevaluated keyword: the closures at and below it track (Explaining.tracking). */
export const OWNER = 4;

/** Whether a schema object's Keywords have `flag` (REF_ONLY, BRANCHES, OWNER). */
export const flagged = (found: Keywords, flag: number): boolean => ((found[FLAGS] as number) & flag) !== 0;

/** The Keywords of `schema`, whose keywords in use are `all`. */
export function schemaKeywords(schema: SchemaObject, all: readonly Keyword[]): Keywords {
  const found: unknown[] = [0, undefined];
  let refOnly = true;
  for (const keyword of all) {
    if (keyword.explain === PASSES) continue;
    const value = keyword.prepare === undefined ? schema[keyword.name] : keyword.prepare(schema[keyword.name], schema);
    if (value === PASSES) continue; // nothing to explain here (a sibling explains it)
    found.push(keyword, value);
    if (keyword.reference === undefined) refOnly = false;
  }
  found[FLAGS] = (refOnly && found.length > FIRST_PAIR ? REF_ONLY : 0) | (reach(schema, all) >= 2 ? BRANCHES : 0) | (all.some((keyword) => keyword.vocabulary === "unevaluated") ? OWNER : 0);
  return found.slice();
}

/**
 * What an explainer keeps of its schema objects between calls, made as its runs first ask. (Maps,
 * not WeakMaps: the objects are the explainer's own copy, kept as long, and a Map's table is the
 * smaller.)
 */
export class SchemaObjects {
  readonly #keywords = new Map<SchemaObject, Keywords>();
  /** Made only for a schema with an unevaluated keyword: the in-place objects its walks visit. */
  #evaluating: Map<SchemaObject, readonly Keyword[]> | undefined = undefined;
  #all: readonly Keyword[] | undefined = undefined;

  constructor(
    /** The document's resources: where a reference lands, the resource a place sits in. */
    readonly resources: Resources,
    private readonly dialect: Dialect,
    private readonly vocabularies: ReadonlySet<Vocabulary>,
  ) {}

  keywordsOf(schema: SchemaObject): Keywords {
    let found = this.#keywords.get(schema);
    if (found === undefined) this.#keywords.set(schema, (found = schemaKeywords(schema, keywordsInUse(schema, this.dialect, this.vocabularies))));
    return found;
  }

  /** The keywords of a schema object that say what they evaluate, or whose subschemas count in place (explain-evaluated.ts). */
  evaluating(schema: SchemaObject): readonly Keyword[] {
    let found = (this.#evaluating ??= new Map()).get(schema);
    if (found === undefined) this.#evaluating.set(schema, (found = evaluating(schema, this.dialect, (this.#all ??= evaluatingKeywords(this.dialect, this.vocabularies)))));
    return found;
  }
}

/** Where a reference lands: its target's pointer, the target, and the resource it sits in. */
export interface Landing {
  readonly ptr: string;
  readonly schema: unknown;
  readonly resource: ExplainResource;
}

/**
 * Where each reference from a resource lands, made as the explainer first asks: [reference,
 * landing, …] while there are few (a resource seldom has more, and a Map's table costs several
 * times such a list), a Map from FEW_LANDINGS on.
 */
type Landings = readonly unknown[] | Map<unknown, Landing | undefined>;

const FEW_LANDINGS = 8;
const NO_LANDINGS: readonly unknown[] = [];
/** A reference not resolved yet (undefined is a landing: it lands nowhere the explainer can follow). */
const UNSEEN: object = Object.freeze({});

function landingIn(landings: Landings, reference: unknown): Landing | undefined | typeof UNSEEN {
  if (landings instanceof Map) return landings.has(reference) ? landings.get(reference) : UNSEEN;
  for (let i = 0; i < landings.length; i += 2) if (landings[i] === reference) return landings[i + 1] as Landing | undefined;
  return UNSEEN;
}

/** `landings` with one more (a list is copied: concat makes it no longer than its entries). */
function withLanding(landings: Landings, reference: unknown, landing: Landing | undefined): Landings {
  if (landings instanceof Map) return landings.set(reference, landing);
  if (landings.length < 2 * FEW_LANDINGS) return landings.concat([reference, landing]);
  const many = new Map<unknown, Landing | undefined>();
  for (let i = 0; i < landings.length; i += 2) many.set(landings[i], landings[i + 1] as Landing | undefined);
  return many.set(reference, landing);
}

/** A resource of the document: its URI and its root's pointer, and where each reference from it lands. */
export class ExplainResource {
  landings: Landings = NO_LANDINGS;
  /** Each dynamic reference's fixed landing (registry.fixedLanding), by its text; and where it lands, as found. */
  fixed: Map<string, string> | undefined = undefined;
  dynamicLandings: Landings = NO_LANDINGS;
  constructor(
    readonly uri: string,
    readonly ptr: string,
  ) {}
}

/**
 * The document's resources and anchors (registry.resourcesOf()'s pairs) over the explainer's own
 * copy: which resource a schema object sits in, and where a reference from it lands, resolved as
 * the registry resolves it (landingPointer).
 */
export class Resources {
  readonly root: ExplainResource;
  /**
   * Several resources: each by its root's pointer, by its URI and by its root object, and the
   * schema objects explainable() found in an embedded one, with it (undefined: one resource).
   */
  private readonly several: { byPointer: Map<string, ExplainResource>; byUri: Map<string, ExplainResource>; roots: Map<unknown, ExplainResource>; inner: Map<object, ExplainResource> } | undefined;
  /** Each anchor's pointer by URI#name (undefined: none). */
  private readonly anchors: ReadonlyMap<string, string> | undefined;

  constructor(
    private readonly document: unknown,
    { resources, anchors, dynamic }: { readonly resources: readonly string[]; readonly anchors: readonly string[]; readonly dynamic: readonly string[] },
  ) {
    this.root = new ExplainResource(resources[1]!, ""); // the root's pair comes first
    this.anchors = anchors.length === 0 ? undefined : new Map(Array.from({ length: anchors.length / 2 }, (_, i) => [anchors[2 * i]!, anchors[2 * i + 1]!]));
    if (resources.length > 2) {
      const several = (this.several = { byPointer: new Map(), byUri: new Map(), roots: new Map(), inner: new Map() });
      for (let i = 0; i < resources.length; i += 2) {
        const resource = resources[i] === "" ? this.root : new ExplainResource(resources[i + 1]!, resources[i]!);
        several.byPointer.set(resource.ptr, resource);
        several.byUri.set(resource.uri, resource);
        several.roots.set(valueAt(document, resource.ptr), resource);
      }
    }
    for (let i = 0; i < dynamic.length; i += 3) {
      const from = this.several === undefined ? this.root : this.several.byUri.get(dynamic[i]!)!;
      (from.fixed ??= new Map()).set(dynamic[i + 1]!, dynamic[i + 2]!);
    }
  }

  /** explainable()'s walk reached a schema object from one in `outer` (or a reference's landing in it): its own resource, or `outer`, which of() then gives. */
  enter(schema: SchemaObject, outer: ExplainResource): ExplainResource {
    const several = this.several;
    if (several === undefined) return this.root;
    const resource = several.roots.get(schema) ?? outer;
    if (resource !== this.root) several.inner.set(schema, resource);
    return resource;
  }

  /** The resource a schema object explainable() reached sits in. */
  of(schema: SchemaObject): ExplainResource {
    return this.several?.inner.get(schema) ?? this.root;
  }

  /** The innermost resource whose root's pointer begins `ptr`, as the registry's resourceOf() finds it. */
  at(ptr: string): ExplainResource {
    return this.several === undefined ? this.root : innermostResource(this.several.byPointer, ptr);
  }

  private rootOf(uri: string): string | undefined {
    return this.several !== undefined ? this.several.byUri.get(uri)?.ptr : uri === this.root.uri ? "" : undefined;
  }

  /**
   * Where `reference`, written in the schema object `holder`, lands: as `$ref` does, or (`dynamic`)
   * where the registry fixed a dynamic reference's landing; undefined where the registry finds
   * nothing in this document, or the dynamic scope decides.
   */
  resolve(holder: SchemaObject, reference: unknown, dynamic = false): Landing | undefined {
    const from = this.of(holder);
    const known = landingIn(dynamic ? from.dynamicLandings : from.landings, reference);
    if (known !== UNSEEN) return known as Landing | undefined;
    const landing = this.land(from, reference, dynamic);
    if (dynamic) from.dynamicLandings = withLanding(from.dynamicLandings, reference, landing);
    else from.landings = withLanding(from.landings, reference, landing);
    return landing;
  }

  private land(from: ExplainResource, reference: unknown, dynamic: boolean): Landing | undefined {
    if (typeof reference !== "string") return undefined;
    const ptr = dynamic ? from.fixed?.get(reference) : landingPointer(from.uri, reference, (uri) => this.rootOf(uri), (key) => this.anchors?.get(key));
    if (ptr === undefined) return undefined;
    const schema = valueAt(this.document, ptr); // as the registry finds a compiled reference's target
    if (schema === MISSING || (typeof schema !== "boolean" && !isObject(schema))) return undefined;
    return { ptr, schema, resource: this.at(ptr) };
  }
}

/** Every schema object the root reaches has only keywords with explain hooks, and each reference lands in the document. */
export function explainable(root: unknown, keywordsOf: (schema: SchemaObject) => readonly Keyword[], resources: Resources): boolean {
  const seen = new Set<object>();
  const pending: [schema: unknown, outer: ExplainResource][] = [[root, resources.root]];
  // Read once every object is entered (its resource known): the walks resolve references below them.
  const owners: [SchemaObject, "unevaluatedProperties" | "unevaluatedItems"][] = [];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const schema = next[0];
    if (!isObject(schema) || seen.has(schema)) continue;
    seen.add(schema);
    const resource = resources.enter(schema, next[1]);
    const all = keywordsOf(schema);
    for (const keyword of all) {
      if (keyword.explain === undefined) return false;
      if (keyword.name === "unevaluatedProperties" || keyword.name === "unevaluatedItems") owners.push([schema, keyword.name]);
      const value = schema[keyword.name];
      if (keyword.reference !== undefined) {
        const landing = resources.resolve(schema, value, keyword.reference !== "static");
        if (landing === undefined) return false;
        pending.push([landing.schema, landing.resource]);
      } else if (keyword.children !== undefined && (keyword.inPlace === true || keyword.explain !== PASSES)) {
        // Every subschema applied to the instance or a part of it (not the definitions).
        const children = keyword.children === "schema" || (keyword.children === "schema-or-array" && !Array.isArray(value)) ? [value] : keyword.children === "map" ? Object.values(value as object) : (value as unknown[]);
        for (const child of children) pending.push([child, resource]);
      }
    }
  }
  return owners.every(([schema, owner]) => walkable(schema, owner, keywordsOf, (holder, reference, dynamic) => resources.resolve(holder, reference, dynamic)));
}
