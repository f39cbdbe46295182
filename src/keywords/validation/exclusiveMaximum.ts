import { report } from "../../engine/report.js";
import { NUMBER } from "../../json/type-of.js";
import type { Keyword } from "../types.js";
import { isBelow } from "../../json/number-bounds.js";
import { compileBound, explainBound, planBound } from "./bound.js";
import { EXCLUSIVE_MAXIMUM } from "../../engine/plan.js";

export const exclusiveMaximumKeyword: Keyword = {
  name: "exclusiveMaximum",
  vocabulary: "validation",
  appliesTo: NUMBER,
  compile(value, ctx) {
    const { limit, where } = compileBound(value, ctx, "<");
    return (instance, state, at) => isBelow(instance as number, limit) || report(state, at, where, instance);
  },
  plan: (value, { plan }) => planBound(plan, EXCLUSIVE_MAXIMUM, value as number),
  explain: (value, e, instance) => isBelow(instance as number, value as number) || e.report(explainBound, { comparison: "<", limit: value as number }, instance),
};
