// A cycle of references that passes only through subschemas applied to the same instance ($ref,
// allOf, anyOf, oneOf, not, if/then/else, dependentSchemas, …) never consumes input: evaluation
// would go round it until the stack ran out. The gate refuses it at compile time, like every other
// unusable schema, wherever it sits (in unused $defs too). Recursion through a keyword that
// descends into the instance (properties, items, …) stays legal. The searches here send a dynamic
// reference to every place that declares its anchor; a cycle they find is refused only if it
// happens in the scopes evaluation can make (scoped-cycles.ts), or lies where evaluation never goes.
import { SchemaError } from "../errors.js";
import { isObject } from "../json/type-of.js";
import type { Keyword, SchemaObject } from "../keywords/types.js";
import type { Registry, Resource, Target } from "../engine/registry.js";
import { anchorKey, anchorTargets, appliedInPlace, graphKeywords, landing, subschemaKind, type CycleNode, type SchemaGraph, type Step } from "./schema-graph.js";
import { scopedStates } from "./scoped-cycles.js";

const MAX_LISTED = 8;

/**
 * Throws SchemaError "ref-cycle" when the graph (everything the root reaches) has an in-place
 * reference cycle that evaluation can go round (scoped-cycles.ts: a dynamic reference lands where
 * its scope sends it), or one wholly in subschemas evaluation never reaches (unused $defs).
 */
export function refuseInPlaceCycles(registry: Registry, graph: SchemaGraph): void {
  const { places } = graph;
  // Whether there is a cycle does not depend on the order of the search: only when there is one
  // is the search run again in the fixed order, to report the same cycle whatever the key order.
  if (findCycle(places, false) === undefined) return;
  // Without a dynamic reference every edge is exact: each cycle found is one to refuse.
  const scoped = graph.anchors.length === 0 ? undefined : scopedStates(registry, graph);
  const cycle =
    scoped === undefined
      ? findCycle(places, true)
      : ((findCycle(scoped.states, false) && findCycle(scoped.states, true)) ?? (findCycle(places, false, scoped.reached) && findCycle(places, true, scoped.reached)));
  if (cycle === undefined) return;
  const shown = cycle.slice(0, MAX_LISTED).map((step) => (step.uri === undefined ? step.ptr : `${step.uri}#${step.ptr}`));
  const more = cycle.length > MAX_LISTED ? ` … (${cycle.length - MAX_LISTED} more)` : "";
  // Located at its first step in the schema compiled, else at its first step, in that document.
  const at = cycle.find((step) => step.document === undefined) ?? cycle[0]!;
  throw new SchemaError(
    "ref-cycle",
    at.ptr,
    `a reference cycle that never consumes input (each step applies to the same value): ${shown.join(" → ")}${more} → back to the start`,
    undefined,
    undefined,
    at.document,
  );
}

/**
 * Whether an in-place reference cycle is reachable from `starts` (every reference's holder: each
 * such cycle passes through one), and whether every reference met lands and every pattern met
 * compiles. The edges are schemaGraph's same-instance ones, searched over the schema objects
 * themselves (each sits at one place of the private copy) with one state per object: the places
 * and keyword locations that word a refusal are built only once a cycle is found.
 */
export function searchInPlace(registry: Registry, starts: readonly Target[]): { cycle: boolean; clean: boolean } {
  const state = new Map<object, number>(); // 1: on the search's path, 2: done
  const found = { clean: true };
  // Where the schema objects on the path lead, as pairs of a schema object and its resource, in
  // one stack of `size` entries: each entry of the path owns the pairs from its `from` on. (A large
  // schema's every reference holder is searched: an array per schema object, or an array whose
  // length is cut, which lets go of its storage, was most of the search's garbage.)
  const leads: (SchemaObject | Resource)[] = [];
  let size = 0;
  const leadTo = (schema: unknown, resource: Resource): void => {
    if (!isObject(schema)) return;
    leads[size++] = schema;
    leads[size++] = resource;
  };
  // A dynamic reference may land at every place that declares its anchor: each anchor has a
  // stand-in that leads to those places, so the search follows them once, not once per reference
  // (thousands of resources that each declare the anchor and refer to it made it quadratic).
  const standIns = new Map<string, SchemaObject>();
  const anchorOf = new Map<SchemaObject, string>();
  const standIn = (anchor: string): SchemaObject => {
    let schema = standIns.get(anchor);
    if (schema === undefined) {
      standIns.set(anchor, (schema = {}));
      anchorOf.set(schema, anchor);
    }
    return schema;
  };
  const read: unknown[] = [];
  const lead = (schema: SchemaObject, resource: Resource): void => {
    const anchor = anchorOf.get(schema);
    if (anchor !== undefined) {
      for (const other of anchorTargets(registry, anchor)) leadTo(other.schema, other.resource);
      return;
    }
    const count = graphKeywords(schema, resource, found, read);
    for (let i = 0; i < count; i += 2) {
      const keyword = read[i] as Keyword;
      const value = read[i + 1];
      if (keyword.reference !== undefined) {
        const target = landing(registry, resource, keyword, value as string);
        if (target === undefined) {
          found.clean = false;
          continue;
        }
        leadTo(target.schema, target.resource);
        const anchor = anchorKey(registry, resource, keyword, value as string, target);
        if (anchor !== undefined) leadTo(standIn(anchor), resource);
        continue;
      }
      if (!appliedInPlace(keyword, schema)) continue;
      const kind = subschemaKind(keyword, value);
      const roots = resource.doc.roots;
      if (kind === "schema") leadTo(value, roots.get(value as object) ?? resource);
      else if (kind === "array" && Array.isArray(value)) for (const sub of value) leadTo(sub, roots.get(sub as object) ?? resource);
      else if (kind === "map" && isObject(value)) for (const key of Object.keys(value)) leadTo(value[key], roots.get(value[key] as object) ?? resource);
    }
  };
  // The search's path: each schema object, where its pairs start, and the next one to follow.
  const path: object[] = [];
  const from: number[] = [];
  const along: number[] = [];
  const enter = (schema: SchemaObject, resource: Resource): void => {
    state.set(schema, 1);
    path.push(schema);
    from.push(size);
    along.push(size);
    lead(schema, resource);
  };
  for (const start of starts) {
    if (!isObject(start.schema) || state.has(start.schema)) continue;
    enter(start.schema, start.resource);
    while (path.length > 0) {
      const top = path.length - 1;
      const at = along[top]!;
      // The top of the path owns the pairs at the end of the stack.
      if (at >= size) {
        state.set(path.pop()!, 2);
        size = from.pop()!;
        along.pop();
        continue;
      }
      along[top] = at + 2;
      const schema = leads[at] as SchemaObject;
      const seen = state.get(schema);
      if (seen === 2) continue;
      if (seen === 1) return { cycle: true, clean: found.clean };
      enter(schema, leads[at + 1] as Resource);
    }
  }
  return { cycle: false, clean: found.clean };
}

/**
 * One cycle of the same-instance graph, as the keyword locations of its steps; undefined when
 * there is none. The nodes marked in `left` are left out (the search never enters them).
 */
function findCycle(places: readonly CycleNode[], sorted: boolean, left?: Uint8Array): Step[] | undefined {
  const state = new Uint8Array(places.length); // 1: on the path, 2: done (or left out)
  if (left !== undefined) for (let i = 0; i < places.length; i++) if (left[i] === 1) state[i] = 2;
  // Sorted: places and edges in a fixed order (by key, anchor places last), so the cycle reported
  // does not depend on the order the schema's keys were written in, and starts at a schema location.
  const byKey = (a: string, b: string): number => (a[0] === "#") !== (b[0] === "#") ? (a[0] === "#" ? 1 : -1) : a < b ? -1 : a > b ? 1 : 0;
  if (sorted) for (const place of places) place.same.sort((a, b) => byKey(places[a[0]]!.key, places[b[0]]!.key) || byKey(a[1].ptr, b[1].ptr));
  const starts = sorted ? places.map((_, i) => i).sort((a, b) => byKey(places[a]!.key, places[b]!.key)) : undefined;
  // The path of the search, as places and the next edge of each, and the steps between them.
  const path: number[] = [];
  const edgeOf: number[] = [];
  const steps: Step[] = [];
  for (let s = 0; s < places.length; s++) {
    const start = starts === undefined ? s : starts[s]!;
    if (state[start] !== 0) continue;
    path.push(start);
    edgeOf.push(0);
    state[start] = 1;
    while (path.length > 0) {
      const top = path.length - 1;
      const edges = places[path[top]!]!.same;
      const edge = edgeOf[top]!;
      if (edge >= edges.length) {
        state[path[top]!] = 2;
        path.pop();
        edgeOf.pop();
        steps.pop();
        continue;
      }
      edgeOf[top] = edge + 1;
      const next = edges[edge]![0];
      const seen = state[next];
      if (seen === 2) continue;
      steps.push(edges[edge]![1]);
      if (seen === 1) return steps.slice(path.indexOf(next));
      state[next] = 1;
      path.push(next);
      edgeOf.push(0);
    }
  }
  return undefined;
}
