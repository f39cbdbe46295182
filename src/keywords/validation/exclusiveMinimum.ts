import { report } from "../../engine/report.js";
import { NUMBER } from "../../json/type-of.js";
import type { Keyword } from "../types.js";
import { isAbove } from "../../json/number-bounds.js";
import { compileBound, explainBound, planBound } from "./bound.js";
import { EXCLUSIVE_MINIMUM } from "../../engine/plan.js";

export const exclusiveMinimumKeyword: Keyword = {
  name: "exclusiveMinimum",
  vocabulary: "validation",
  appliesTo: NUMBER,
  compile(value, ctx) {
    const { limit, where } = compileBound(value, ctx, ">");
    return (instance, state, at) => isAbove(instance as number, limit) || report(state, at, where, instance);
  },
  plan: (value, { plan }) => planBound(plan, EXCLUSIVE_MINIMUM, value as number),
  explain: (value, e, instance) => isAbove(instance as number, value as number) || e.report(explainBound, { comparison: ">", limit: value as number }, instance),
};
