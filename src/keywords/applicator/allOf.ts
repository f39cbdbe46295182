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
  explain(value, e, instance) {
    const schemas = value as unknown[];
    const plans = e.plan !== undefined && (e.plan.rules & ALL_OF) !== 0 ? e.plan.applied!.allOf : undefined;
    let valid = true;
    for (let i = 0; i < schemas.length; i++) {
      if (e.child(schemas[i], instance, undefined, "allOf", i, plans?.[i])) continue;
      if (!e.allErrors) return false;
      valid = false;
    }
    return valid;
  },
};
