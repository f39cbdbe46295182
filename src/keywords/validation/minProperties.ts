import { count, report } from "../../engine/report.js";
import { OBJECT } from "../../json/type-of.js";
import type { Keyword } from "../types.js";
import { nonNegativeInteger } from "../values.js";
import { planLimit, MIN_PROPERTIES } from "../../engine/plan.js";
import type { Explain } from "../../engine/types.js";
import { Heads } from "../../engine/message-heads.js";

const HEADS = new Heads((limit) => `must have at least ${count(limit, "property", "properties")}, but has `);

const explainMinProperties: Explain<number> = (limit, instance) => ({
  error: HEADS.of(limit) + Object.keys(instance as object).length,
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
    return (instance, state, at) => Object.keys(instance as object).length >= limit || report(state, at, where, instance);
  },
  plan: (value, { plan }) => planLimit(plan, MIN_PROPERTIES, value as number),
  explain: (value, e, instance) => Object.keys(instance as object).length >= (value as number) || e.report(explainMinProperties, value as number, instance),
};
