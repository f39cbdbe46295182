// A cycle of references that passes only through subschemas applied to the same instance ($ref,
// allOf, anyOf, oneOf, not, if/then/else, dependentSchemas, …) never consumes input: evaluation
// would go round it until the stack ran out. The gate refuses it at compile time, like every other
// unusable schema, wherever it sits (in unused $defs too). Recursion through a keyword that
// descends into the instance (properties, items, …) stays legal.
import { SchemaError } from "../errors.js";
import { isObject } from "../json/type-of.js";
import type { Keyword, SchemaObject } from "../keywords/types.js";
import type { Registry, Resource, Target } from "../engine/registry.js";
import { anchorKey, anchorTargets, appliedInPlace, graphKeywords, landing, subschemaKind, type Place, type SchemaGraph, type Step } from "./schema-graph.js";

const MAX_LISTED = 8;

const NOWHERE: readonly never[] = [];

/** Throws SchemaError "ref-cycle" when the graph (everything the root reaches) has an in-place reference cycle. */
export function refuseInPlaceCycles({ places }: SchemaGraph): void {
  // Whether there is a cycle does not depend on the order of the search: only when there is one
  // is the search run again in the fixed order, to report the same cycle whatever the key order.
  const cycle = findCycle(places, false) && findCycle(places, true);
  if (cycle === undefined) return;
  const shown = cycle.slice(0, MAX_LISTED).map((step) => (step.uri === undefined ? step.ptr : `${step.uri}#${step.ptr}`));
  const more = cycle.length > MAX_LISTED ? ` … (${cycle.length - MAX_LISTED} more)` : "";
  throw new SchemaError(
    "ref-cycle",
    cycle.find((step) => step.uri === undefined)?.ptr ?? "",
    `a reference cycle that never consumes input (each step applies to the same value): ${shown.join(" → ")}${more} → back to the start`,
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
  // Where the schema objects applied in place from `schema` lead: pairs of a schema object and its resource.
  const next = (schema: SchemaObject, resource: Resource): readonly (SchemaObject | Resource)[] => {
    let out: (SchemaObject | Resource)[] | undefined;
    const read = graphKeywords(schema, resource, found);
    for (let i = 0; i < read.length; i += 2) {
      const keyword = read[i] as Keyword;
      const value = read[i + 1];
      if (keyword.reference !== undefined) {
        const target = landing(registry, resource, value as string);
        if (target === undefined) {
          found.clean = false;
          continue;
        }
        if (isObject(target.schema)) (out ??= []).push(target.schema, target.resource);
        const anchor = anchorKey(registry, resource, keyword, value as string, target);
        if (anchor !== undefined) for (const other of anchorTargets(registry, anchor)) if (isObject(other.schema)) (out ??= []).push(other.schema, other.resource);
        continue;
      }
      if (!appliedInPlace(keyword, schema)) continue;
      const kind = subschemaKind(keyword, value);
      const subs = kind === "schema" ? [value] : kind === "array" && Array.isArray(value) ? value : kind === "map" && isObject(value) ? Object.values(value) : [];
      for (const sub of subs) if (isObject(sub)) (out ??= []).push(sub, resource.doc.roots.get(sub) ?? resource);
    }
    return out ?? NOWHERE;
  };
  // The search's path: each schema object, where it leads, and how far along that it is.
  const path: object[] = [];
  const leads: (readonly (SchemaObject | Resource)[])[] = [];
  const along: number[] = [];
  for (const start of starts) {
    if (!isObject(start.schema) || state.has(start.schema)) continue;
    state.set(start.schema, 1);
    path.push(start.schema);
    leads.push(next(start.schema, start.resource));
    along.push(0);
    while (path.length > 0) {
      const top = path.length - 1;
      const at = along[top]!;
      const to = leads[top]!;
      if (at >= to.length) {
        state.set(path.pop()!, 2);
        leads.pop();
        along.pop();
        continue;
      }
      along[top] = at + 2;
      const schema = to[at] as SchemaObject;
      const seen = state.get(schema);
      if (seen === 2) continue;
      if (seen === 1) return { cycle: true, clean: found.clean };
      state.set(schema, 1);
      path.push(schema);
      leads.push(next(schema, to[at + 1] as Resource));
      along.push(0);
    }
  }
  return { cycle: false, clean: found.clean };
}

/** One cycle of the same-instance graph, as the keyword locations of its steps; undefined when there is none. */
function findCycle(places: readonly Place[], sorted: boolean): Step[] | undefined {
  const state = new Uint8Array(places.length); // 1: on the path, 2: done
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
