// What a node of a "detailed" or "verbose" tree must say as its instanceLocation (Core §12.4: the
// value its subschema was applied to), worked out apart from src/output/formats.ts: from its
// keyword location and the instance location of any unit below it.
import type { OutputNode } from "../../src/output/formats.js";

/** Keywords holding a subschema applied to many values (each item, property, name, …). */
const MANY = new Set(["additionalProperties", "items", "additionalItems", "unevaluatedProperties", "unevaluatedItems", "contains", "propertyNames"]);
/** Keywords whose subschemas sit one argument (a name or an index) below them. */
const ARGUMENT = new Set(["allOf", "anyOf", "oneOf", "dependentSchemas", "dependencies", "$defs", "definitions"]);

/** The instance location of the subschema at `keywordLocation`, read off a unit `below` it. */
export function appliedAt(keywordLocation: string, below: string): string {
  const segments = keywordLocation === "" ? [] : keywordLocation.slice(1).split("/");
  let depth = 0;
  let many = false;
  for (let i = 0; i < segments.length; ) {
    // Inside a subschema of many values: the subschema itself is at one of them.
    if (many) depth++;
    many = false;
    const keyword = segments[i]!;
    if (keyword === "properties" || keyword === "prefixItems" || (keyword === "items" && /^\d+$/.test(segments[i + 1] ?? ""))) {
      depth++;
      i += 2;
    } else if (keyword === "patternProperties") {
      many = true;
      i += 2;
    } else if (MANY.has(keyword)) {
      many = true;
      i += 1;
    } else {
      i += ARGUMENT.has(keyword) ? 2 : 1;
    }
  }
  return below.split("/").slice(0, depth + 1).join("/");
}

/** The nodes of a tree that hold others, each with the units (leaves) below it. */
export function innerNodes(tree: OutputNode): [OutputNode, OutputNode[]][] {
  const out: [OutputNode, OutputNode[]][] = [];
  const visit = (node: OutputNode): OutputNode[] => {
    const children = node.errors ?? node.annotations;
    if (children === undefined || (node.keyword !== undefined && children.length === 0)) return [node];
    const below = children.flatMap(visit);
    out.push([node, below]);
    return below;
  };
  visit(tree);
  return out;
}
