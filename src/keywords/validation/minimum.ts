import { report } from "../../engine/report.js";
import { NUMBER } from "../../json/type-of.js";
import type { Keyword } from "../types.js";
import { isAtLeast } from "../../json/number-bounds.js";
import { compileBound, explainBound, planBound } from "./bound.js";
import { MINIMUM } from "../../engine/plan.js";

export const minimumKeyword: Keyword = {
  name: "minimum",
  vocabulary: "validation",
  appliesTo: NUMBER,
  compile(value, ctx) {
    const { limit, where } = compileBound(value, ctx, ">=");
    return (instance, state, at) => isAtLeast(instance as number, limit) || report(state, at, where, instance);
  },
  plan: (value, { plan }) => planBound(plan, MINIMUM, value as number),
  explain: (value, e, instance) => isAtLeast(instance as number, value as number) || e.report(explainBound, { comparison: ">=", limit: value as number }, instance),
};
