import { schemaMap } from "../values.js";
import { PASSES, type Keyword } from "../types.js";

/**
 * $defs holds subschemas for references; it never applies to the instance itself. Every entry is
 * checked as compile would check it, so a bad regex or a dangling $ref in an unused definition is
 * a SchemaError at compile time, like anywhere else; an entry is compiled only where a reference
 * lands (a large schema pays for the definitions it uses).
 */
export const defsKeyword: Keyword = {
  name: "$defs",
  vocabulary: "core",
  children: "map",
  compile(value, ctx) {
    const map = schemaMap(value, ctx);
    for (const name of Object.keys(map)) ctx.definition(map[name], name);
    return undefined;
  },
  explain: PASSES,
};
