import { quiet, report } from "../../engine/report.js";
import type { Keyword } from "../types.js";
import { appliedOf, NOT } from "../../engine/plan.js";
import type { Explain } from "../../engine/types.js";

const explainNot: Explain<undefined> = () => ({ error: 'must not match the schema in "not"', params: {} });

export const notKeyword: Keyword = {
  name: "not",
  vocabulary: "applicator",
  children: "schema",
  inPlace: true,
  compile(value, ctx) {
    const inner = ctx.probe(value);
    const where = ctx.where(explainNot, undefined);
    return (instance, state, at) => !quiet(inner, instance, state, at) || report(state, at, where, instance);
  },
  plan(value, { plan, subplan }) {
    appliedOf(plan).not = subplan(value, "not");
    plan.rules |= NOT;
    return true;
  },
  explain: (value, e, instance) => !e.holds(value, instance, "not", undefined, e.plan !== undefined && (e.plan.rules & NOT) !== 0 ? e.plan.applied!.not : undefined) || e.report(explainNot, undefined, instance),
};
