import { count, report } from "../../engine/report.js";
import { ARRAY } from "../../json/type-of.js";
import type { Keyword } from "../types.js";
import { nonNegativeInteger } from "../values.js";
import { planLimit, MAX_ITEMS } from "../../engine/plan.js";
import type { Explain } from "../../engine/types.js";
import { Heads } from "../../engine/message-heads.js";

const HEADS = new Heads((limit) => `must have at most ${count(limit, "item")}, but has `);

const explainMaxItems: Explain<number> = (limit, instance) => ({
  error: HEADS.of(limit) + (instance as unknown[]).length,
  params: { limit },
});

export const maxItemsKeyword: Keyword = {
  name: "maxItems",
  vocabulary: "validation",
  appliesTo: ARRAY,
  compile(value, ctx) {
    const limit = nonNegativeInteger(value, ctx);
    const where = ctx.where(explainMaxItems, limit);
    return (instance, state, at) => (instance as unknown[]).length <= limit || report(state, at, where, instance);
  },
  plan: (value, { plan }) => planLimit(plan, MAX_ITEMS, value as number),
  explain: (value, e, instance) => (instance as unknown[]).length <= (value as number) || e.report(explainMaxItems, value as number, instance),
};
