// What a compile checks of a schema's references before it compiles: no reference cycle that
// consumes no input (in-place-cycles.ts), which references recur (recursion.ts), and whether
// every reference resolves and every pattern compiles (then the definition checks of
// engine/definitions.ts would refuse nothing, and are skipped).
//
// One graph of every subschema answers all three, but costs a large schema's every definition.
// A single document is read in two small graphs instead: every cycle that consumes no input passes
// through a reference, so the places applied in place below the references' holders hold all of
// them, unused definitions included; only what compile can reach decides which references recur;
// and the walk listed every pattern. Only when the small graph finds a cycle is the whole one
// built, to report the same cycle as before whatever the schema's size.
import type { Registry, Target } from "../engine/registry.js";
import { isObject } from "../json/type-of.js";
import type { Path } from "./walk.js";
import { appendPointer } from "../json/pointer.js";
import { hasInPlaceCycle, refuseInPlaceCycles } from "./in-place-cycles.js";
import { recursion } from "./recursion.js";
import { patternsCompile, schemaGraph } from "./schema-graph.js";

/**
 * Refuses an in-place reference cycle (SchemaError "ref-cycle"), then sets the registry's
 * `recursion` and `definitionsChecked`. `patterns`: the walk's, of the root document.
 */
export function checkReferences(registry: Registry, root: Target, patterns: readonly Path[]): void {
  if (registry.docs.length === 1) {
    const inPlace = schemaGraph(registry, registry.referrers, "in-place");
    if (!hasInPlaceCycle(inPlace)) {
      registry.recursion = recursion(schemaGraph(registry, [root], "applied"));
      registry.definitionsChecked = inPlace.clean && patterns.every((path) => patternsAt(registry, root, path));
      return;
    }
  }
  const graph = schemaGraph(registry, [root]);
  refuseInPlaceCycles(graph);
  registry.recursion = recursion(graph);
  registry.definitionsChecked = graph.clean;
}

/** Whether the patterns a keyword holds compile: the keyword of its schema object's dialect named by the path's last step. */
function patternsAt(registry: Registry, root: Target, path: Path): boolean {
  const name = path[path.length - 1] as string;
  const keyword = registry.resourceOf(root.doc, appendPointer("", ...path.slice(0, -1))).dialect.keywords.get(name);
  return keyword?.regexes === undefined || patternsCompile(keyword.regexes(valueOnPath(root.schema, path)));
}

/** The value at the end of a path of own keys and indexes (undefined where there is none). */
function valueOnPath(root: unknown, path: readonly (string | number)[]): unknown {
  let value = root;
  for (const key of path) {
    if (!isObject(value) && !Array.isArray(value)) return undefined;
    if (!Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}
