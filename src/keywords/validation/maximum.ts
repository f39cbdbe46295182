import { report } from "../../engine/report.js";
import { NUMBER } from "../../json/type-of.js";
import type { Keyword } from "../types.js";
import { isAtMost } from "../../json/number-bounds.js";
import { compileBound, explainBound, planBound } from "./bound.js";
import { MAXIMUM } from "../../engine/plan.js";

export const maximumKeyword: Keyword = {
  name: "maximum",
  vocabulary: "validation",
  appliesTo: NUMBER,
  compile(value, ctx) {
    const { limit, where } = compileBound(value, ctx, "<=");
    return (instance, state, at) => isAtMost(instance as number, limit) || report(state, at, where, instance);
  },
  plan: (value, { plan }) => planBound(plan, MAXIMUM, value as number),
  explain: (value, e, instance) => isAtMost(instance as number, value as number) || e.report(explainBound, { comparison: "<=", limit: value as number }, instance),
};
