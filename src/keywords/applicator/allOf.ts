import { all } from "../../engine/combine.js";
import type { Keyword } from "../types.js";
import { schemaArray } from "../values.js";

export const allOfKeyword: Keyword = {
  name: "allOf",
  vocabulary: "applicator",
  children: "array",
  inPlace: true,
  compile(value, ctx) {
    return all(schemaArray(value, ctx).map((schema, i) => ctx.applicator(schema, i)));
  },
};
