import { all } from "../../engine/combine.js";
import type { Keyword } from "../types.js";
import { schemaArray } from "../values.js";
import { ALL_OF, appliedOf } from "../../engine/plan.js";

export const allOfKeyword: Keyword = {
  name: "allOf",
  vocabulary: "applicator",
  children: "array",
  inPlace: true,
  compile(value, ctx) {
    return all(schemaArray(value, ctx).map((schema, i) => ctx.applicator(schema, i)));
  },
  plan(value, { plan, subplan }) {
    appliedOf(plan).allOf = (value as unknown[]).map((schema, i) => subplan(schema, "allOf", i));
    plan.rules |= ALL_OF;
    return true;
  },
};
