// What a compile checks of a schema's references before it compiles: no reference cycle that
// consumes no input (in-place-cycles.ts), which references recur (recursion.ts), and whether
// every reference resolves and every pattern compiles (then the definition checks of
// engine/definitions.ts would refuse nothing, and are skipped).
//
// One graph of every subschema answers all three, but costs a large schema's every definition.
// A single document is read in two small parts instead: every cycle that consumes no input passes
// through a reference, so what is applied in place below the references' holders holds all of
// them, unused definitions included (a search that builds no graph: searchInPlace); only what
// compile can reach decides which references recur; and the walk listed every pattern. Only when
// the search finds a cycle is the whole graph built, to report the same cycle as before whatever
// the schema's size, or to find that a dynamic reference's landings make none (scoped-cycles.ts).
import type { Registry, Target } from "../engine/registry.js";
import { refuseInPlaceCycles, searchInPlace } from "./in-place-cycles.js";
import { recursion } from "./recursion.js";
import { patternsCompile, schemaGraph } from "./schema-graph.js";

/**
 * Refuses an in-place reference cycle (SchemaError "ref-cycle"), then sets the registry's
 * `recursion` and `definitionsChecked`. `patterns`: those the walk read in the root document.
 */
export function checkReferences(registry: Registry, root: Target, patterns: readonly string[]): void {
  if (registry.docs.length === 1) {
    const inPlace = searchInPlace(registry, registry.referrers);
    // The search stops at its first cycle: then the whole graph says whether all is clean.
    const graph = inPlace.cycle ? schemaGraph(registry, [root]) : undefined;
    if (graph !== undefined) refuseInPlaceCycles(registry, graph);
    registry.recursion = recursion(schemaGraph(registry, [root], "applied"));
    registry.definitionsChecked = !registry.referencesReached && (graph === undefined ? inPlace.clean && patternsCompile(patterns) : graph.clean);
    return;
  }
  const graph = schemaGraph(registry, [root]);
  refuseInPlaceCycles(registry, graph);
  registry.recursion = recursion(graph);
  registry.definitionsChecked = !registry.referencesReached && graph.clean;
}
