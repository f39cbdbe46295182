// A recursive tree through "$ref": "#".
import type { BenchCase } from "../lib/types.js";

interface Node {
  name: string;
  size: number;
  children?: Node[];
}

function tree(depth: number, fanout: number, path: string): Node {
  const node: Node = { name: `n${path}`, size: path.length };
  if (depth > 1) node.children = Array.from({ length: fanout }, (_, i) => tree(depth - 1, fanout, `${path}.${i}`));
  return node;
}

export default {
  name: "mcp-tree",
  title: 'Recursive tree through "$ref": "#" (instance: 4 levels × 3 children, 40 nodes)',
  group: "mcp",
  load: () => {
    const valid = tree(4, 3, "0");
    const invalid = structuredClone(valid);
    // The last leaf gets a negative size: a validator has to walk almost the whole tree to find it.
    invalid.children![2]!.children![2]!.children![2]!.size = -1;
    return {
      schema: {
        type: "object",
        properties: {
          name: { type: "string", minLength: 1 },
          size: { type: "integer", minimum: 0 },
          children: { type: "array", items: { $ref: "#" } },
        },
        required: ["name", "size"],
        additionalProperties: false,
      },
      valid,
      invalid,
      notes: ["The invalid instance differs from the valid one in the last leaf only (`size: -1`)."],
    };
  },
} satisfies BenchCase;
