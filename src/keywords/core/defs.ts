import { schemaMap } from "../values.js";
import type { Keyword } from "../types.js";

/**
 * $defs holds subschemas for references; it never applies to the instance itself. Every entry is
 * compiled all the same, so a bad regex or a dangling $ref in an unused definition is a
 * SchemaError at compile time, like anywhere else.
 */
export const defsKeyword: Keyword = {
  name: "$defs",
  vocabulary: "core",
  children: "map",
  compile(value, ctx) {
    const map = schemaMap(value, ctx);
    for (const name of Object.keys(map)) ctx.subschema(map[name], name);
    return undefined;
  },
};
