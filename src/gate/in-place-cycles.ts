// A cycle of references that passes only through subschemas applied to the same instance ($ref,
// allOf, anyOf, oneOf, not, if/then/else, dependentSchemas, …) never consumes input: evaluation
// would go round it until the stack ran out. The gate refuses it at compile time, like every other
// unusable schema, wherever it sits (in unused $defs too). Recursion through a keyword that
// descends into the instance (properties, items, …) stays legal.
import { SchemaError } from "../errors.js";
import type { Place, SchemaGraph, Step } from "./schema-graph.js";

const MAX_LISTED = 8;

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

/** Whether the graph has an in-place reference cycle: found by a search in any order, without reporting it. */
export function hasInPlaceCycle({ places }: SchemaGraph): boolean {
  return findCycle(places, false) !== undefined;
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
