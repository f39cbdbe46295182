// The schema graph sends a dynamic reference ($dynamicRef to a dynamic anchor, $recursiveRef to
// a root with `$recursiveAnchor: true`) to every place that declares its anchor, so it finds
// cycles evaluation never goes round: where such a reference lands depends on the resources in
// the dynamic scope, and an outer resource may well descend into the instance before the inner
// one runs again. When the graph has a cycle, this file replays what evaluation can do: states
// of a schema object and what of the dynamic scope decides landings (registry.scopeKey), found
// from the root, each reference followed to its one landing in that scope. Only a cycle among
// those states is one evaluation can go round.
import { isObject } from "../json/type-of.js";
import type { Keyword, SchemaObject } from "../keywords/types.js";
import type { Registry, Resource, Target } from "../engine/registry.js";
import { anchorKey, anchorTargets, appliedInPlace, applies, graphKeywords, landing, subschemaKind, type CycleNode, type SchemaGraph, type Step } from "./schema-graph.js";

/** States the replay may make per place of the graph before it gives up (the graph's verdict stands). */
const STATES_PER_PLACE = 8;
const STATES_AT_LEAST = 64;

/**
 * What of a dynamic scope decides where a dynamic reference lands: for each anchor name tracked,
 * the outermost resource in scope that declares it; and the outermost resource in scope whose
 * root says `$recursiveAnchor: true` (undefined while none has). One object
 * per distinct summary, so states compare by identity.
 */
class ScopeSummary {
  /** The summary once evaluation enters a resource. */
  readonly entered = new Map<Resource, ScopeSummary>();
  /** The state of each schema object reached under this summary. */
  readonly states = new Map<object, number>();
  constructor(
    readonly outermost: readonly (Resource | undefined)[],
    readonly anchored: Resource | undefined,
  ) {}

  /** For sorting states: read from pointers, so it does not depend on the order keys were written in. */
  get text(): string {
    const name = (resource: Resource | undefined) => (resource === undefined ? "" : `${resource.doc.uri}#${resource.ptr}`);
    return `${this.outermost.map(name).join(" ")} ${name(this.anchored)}`;
  }
}

/** The states evaluation can reach and their same-instance edges, and which places of the graph they sit at. */
export interface ScopedStates {
  readonly states: readonly CycleNode[];
  /** 1 for each place of the graph some state sits at. */
  readonly reached: Uint8Array;
}

/** The states reachable from the root (undefined: more than the bound allows, or a place the graph lacks). */
export function scopedStates(registry: Registry, graph: SchemaGraph): ScopedStates | undefined {
  const doc = registry.docs[0]!;
  const root: Target = { doc, ptr: "", resource: registry.resourceOf(doc, ""), schema: doc.root };
  let budget = STATES_PER_PLACE * graph.places.length + STATES_AT_LEAST;
  // The anchors tracked: those some dynamic reference of the graph looks up in the scope.
  const names = new Map<string, number>();
  const declaring: ReadonlyMap<Resource, Target>[] = [];
  let recursive: ReadonlyMap<Resource, Target> | undefined;
  for (const key of graph.anchors) {
    const byResource = new Map(anchorTargets(registry, key).map((target) => [target.resource, target] as const));
    if (key === "#recursive") recursive = byResource;
    else names.set(key, declaring.push(byResource) - 1);
  }
  // Set when the replay cannot answer: the graph's verdict stands.
  let lost = false;
  const summaries = new Map<string, ScopeSummary>();
  // Each summary made costs the budget its size: thousands of anchor names must not make it quadratic.
  const summary = (outermost: (Resource | undefined)[], anchored: Resource | undefined): ScopeSummary | undefined => {
    budget -= outermost.length + 1;
    if (budget < 0) return undefined;
    const key = `${outermost.map((resource) => resource?.index ?? "").join(" ")} ${anchored?.index ?? ""}`;
    let known = summaries.get(key);
    if (known === undefined) summaries.set(key, (known = new ScopeSummary(outermost, anchored)));
    return known;
  };
  // Entering a resource (its root reached, or a place below it through a reference) pushes it on the scope.
  const enter = (scope: ScopeSummary, resource: Resource): ScopeSummary | undefined => {
    let next = scope.entered.get(resource);
    if (next !== undefined) return next;
    const outermost = scope.outermost.map((first, i) => first ?? (declaring[i]!.has(resource) ? resource : undefined));
    const anchored = scope.anchored ?? (recursive?.has(resource) === true ? resource : undefined);
    next = summary(outermost, anchored);
    if (next !== undefined) scope.entered.set(resource, next);
    return next;
  };
  // Where a reference lands in a scope: as ref.ts decides at run time.
  const landed = (resource: Resource, keyword: Keyword, reference: string, scope: ScopeSummary): Target | undefined => {
    const target = landing(registry, resource, keyword, reference);
    const key = target === undefined ? undefined : anchorKey(registry, resource, keyword, reference, target);
    if (key === undefined) return target;
    if (key === "#recursive") return (scope.anchored !== undefined ? recursive?.get(scope.anchored) : undefined) ?? target;
    const name = names.get(key);
    if (name === undefined) return void (lost = true);
    const outer = scope.outermost[name];
    return (outer !== undefined ? declaring[name]!.get(outer) : undefined) ?? target;
  };
  const schemas: SchemaObject[] = [];
  const resources: Resource[] = [];
  const scopes: ScopeSummary[] = [];
  const states: CycleNode[] = [];
  const reached = new Uint8Array(graph.places.length);
  const stateOf = (schema: SchemaObject, resource: Resource, scope: ScopeSummary | undefined): number | undefined => {
    if (scope === undefined) return void (lost = true);
    const known = scope.states.get(schema);
    if (known !== undefined) return known;
    const place = graph.placeOf(schema);
    if (place === undefined || --budget < 0) return void (lost = true);
    reached[place] = 1;
    const id = schemas.push(schema) - 1;
    resources.push(resource);
    scopes.push(scope);
    states.push(new ScopedState(graph, place, scope));
    scope.states.set(schema, id);
    return id;
  };
  const start = isObject(root.schema) ? enter(summary(declaring.map(() => undefined), undefined)!, root.resource) : undefined;
  if (start !== undefined) stateOf(root.schema as SchemaObject, root.resource, start);
  const found = { clean: true };
  const read: unknown[] = [];
  // Each state's keywords are read once, in the order states were found.
  for (let at = 0; at < schemas.length && !lost; at++) {
    const schema = schemas[at]!;
    const resource = resources[at]!;
    const scope = scopes[at]!;
    const state = states[at] as ScopedState;
    const roots = resource.doc.roots;
    const follow = (sub: unknown, name: string, inPlace: boolean): void => {
      if (!isObject(sub)) return;
      const entered = roots.get(sub);
      const to = stateOf(sub, entered ?? resource, entered === undefined ? scope : enter(scope, entered));
      if (to !== undefined && inPlace) state.lead(to, name);
    };
    const count = graphKeywords(schema, resource, found, read);
    for (let i = 0; i < count; i += 2) {
      const keyword = read[i] as Keyword;
      const value = read[i + 1];
      if (keyword.reference !== undefined) {
        // Reaching a place below a resource's root enters the resource (ref.ts), as reaching its root does.
        const target = landed(resource, keyword, value as string, scope);
        if (target === undefined || !isObject(target.schema)) continue;
        const to = stateOf(target.schema, target.resource, enter(scope, target.resource));
        if (to !== undefined) state.lead(to, keyword.name);
        continue;
      }
      if (keyword.children === undefined || !applies(keyword)) continue;
      const inPlace = appliedInPlace(keyword, schema);
      const kind = subschemaKind(keyword, value);
      if (kind === "schema") follow(value, keyword.name, inPlace);
      else if (kind === "array" && Array.isArray(value)) for (const sub of value) follow(sub, keyword.name, inPlace);
      else if (kind === "map" && isObject(value)) for (const key of Object.keys(value)) follow(value[key], keyword.name, inPlace);
    }
  }
  return lost ? undefined : { states, reached };
}

/** A state as findCycle reads it: keyed by its place, then its summary; its edges with their keyword locations. */
class ScopedState implements CycleNode {
  readonly same: [node: number, via: Step][] = [];
  #key: string | undefined;

  constructor(
    private readonly graph: SchemaGraph,
    private readonly place: number,
    private readonly scope: ScopeSummary,
  ) {}

  get key(): string {
    return (this.#key ??= `${this.graph.places[this.place]!.key}\u0000${this.scope.text}`);
  }

  lead(to: number, keyword: string): void {
    this.same.push([to, this.graph.stepAt(this.place, keyword)]);
  }
}
