import { report, showData } from "../../engine/report.js";
import { NUMBER } from "../../json/type-of.js";
import type { Keyword } from "../types.js";
import type { Explain } from "../../engine/types.js";
import { Heads } from "../../engine/message-heads.js";
import { isMultipleOf, scaleOf } from "../../json/multiple-of.js";
import { planMultipleOf } from "../../engine/plan.js";

const HEADS = new Heads((divisor) => `must be a multiple of ${divisor}, but is `);

const explainMultiple: Explain<number> = (divisor, instance) => ({ error: HEADS.of(divisor) + showData(instance), params: { multipleOf: divisor } });

export const multipleOfKeyword: Keyword = {
  name: "multipleOf",
  vocabulary: "validation",
  appliesTo: NUMBER,
  compile(value, ctx) {
    if (typeof value !== "number" || !(value > 0) || !Number.isFinite(value)) return ctx.fail("must be a number greater than 0");
    const divisor = value;
    const scale = scaleOf(divisor);
    const where = ctx.where(explainMultiple, divisor);
    return (instance, state, at) => isMultipleOf(instance as number, divisor, scale) || report(state, at, where, instance);
  },
  plan: (value, { plan }) => planMultipleOf(plan, value as number),
  explain: (value, e, instance) => isMultipleOf(instance as number, value as number) || e.report(explainMultiple, value as number, instance),
};
