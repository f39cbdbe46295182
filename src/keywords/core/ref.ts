import type { Keyword } from "../types.js";
import { appliedOf, REF } from "../../engine/plan.js";

export const refKeyword: Keyword = {
  name: "$ref",
  vocabulary: "core",
  inPlace: true,
  reference: "static",
  compile: (value, ctx) => ctx.ref(value, "static"),
  plan(value, { plan, refPlan }) {
    const target = refPlan(value as string);
    if (target === undefined) return false;
    appliedOf(plan).ref = target;
    plan.rules |= REF;
    return true;
  },
  explain: (value, e, instance) => e.ref(value as string, instance),
};
