import { count, report } from "../../engine/report.js";
import { OBJECT } from "../../json/type-of.js";
import type { Keyword } from "../types.js";
import { nonNegativeInteger } from "../values.js";
import { planLimit, MIN_PROPERTIES } from "../../engine/plan.js";
import type { Explain } from "../../engine/types.js";
import { Heads } from "../../engine/message-heads.js";
import { keysOf } from "../../engine/once-per-pass.js";

const HEADS = new Heads((limit) => `must have at least ${count(limit, "property", "properties")}, but has `);

// The count is the detail: the check has listed the keys already.
const explainMinProperties: Explain<number> = (limit, _instance, count) => ({
  error: HEADS.of(limit) + (count as number),
  params: { limit },
});

export const minPropertiesKeyword: Keyword = {
  name: "minProperties",
  vocabulary: "validation",
  appliesTo: OBJECT,
  compile(value, ctx) {
    const limit = nonNegativeInteger(value, ctx);
    if (limit === 0) return undefined;
    const where = ctx.where(explainMinProperties, limit);
    return (instance, state, at) => {
      const count = keysOf(instance as object, state).length;
      return count >= limit || report(state, at, where, instance, count);
    };
  },
  plan: (value, { plan }) => planLimit(plan, MIN_PROPERTIES, value as number),
  explain(value, e, instance) {
    const count = e.keys(instance as object).length;
    return count >= (value as number) || e.report(explainMinProperties, value as number, instance, count);
  },
};
