import { schemaMap } from "../values.js";
import type { Keyword } from "../types.js";

/** $defs holds subschemas for references; it never applies to the instance itself. */
export const defsKeyword: Keyword = {
  name: "$defs",
  vocabulary: "core",
  children: "map",
  compile(value, ctx) {
    schemaMap(value, ctx);
    return undefined;
  },
};
