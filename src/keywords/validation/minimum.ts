import { report } from "../../engine/report.js";
import { NUMBER } from "../../json/type-of.js";
import type { Keyword } from "../types.js";
import { compileBound, explainBound, type Bound } from "./bound.js";
import { planLimit, MINIMUM } from "../../engine/plan.js";

export const minimumKeyword: Keyword = {
  name: "minimum",
  vocabulary: "validation",
  appliesTo: NUMBER,
  compile(value, ctx) {
    const { limit, where } = compileBound(value, ctx, ">=");
    return (instance, state, at) => (instance as number) >= limit || report(state, at, where, instance);
  },
  plan: (value, { plan }) => planLimit(plan, MINIMUM, value as number),
  prepare: (value): Bound => ({ comparison: ">=", limit: value as number }),
  explain: (bound, e, instance) => (instance as number) >= (bound as Bound).limit || e.report(explainBound, bound as Bound, instance),
};
