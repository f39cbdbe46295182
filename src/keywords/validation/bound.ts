// The shared part of maximum, exclusiveMaximum, minimum and exclusiveMinimum. Each keyword keeps
// its own comparison closure, so every call site sees one function (monomorphic).
import { showData } from "../../engine/report.js";
import type { Where, Explain } from "../../engine/types.js";
import { Heads } from "../../engine/message-heads.js";
import type { CompileContext } from "../types.js";
import { finiteNumber } from "../values.js";
import { planLimit, UNTYPED, type Plan } from "../../engine/plan.js";

const HEADS: Readonly<Record<string, Heads>> = {
  "<=": new Heads((limit) => `must be <= ${limit}, but is `),
  "<": new Heads((limit) => `must be < ${limit}, but is `),
  ">=": new Heads((limit) => `must be >= ${limit}, but is `),
  ">": new Heads((limit) => `must be > ${limit}, but is `),
};

export const explainBound: Explain<{ comparison: string; limit: number }> = ({ comparison, limit }, instance) => ({
  // An infinity fails a bound it compares as meeting (json/number-bounds.ts): the message says why.
  error: HEADS[comparison]!.of(limit) + showData(instance) + (Number.isFinite(instance) ? "" : ", which is no JSON number"),
  params: { comparison, limit },
});

export function compileBound(value: unknown, ctx: CompileContext, comparison: string): { limit: number; where: Where } {
  const limit = finiteNumber(value, ctx);
  const where = ctx.where(explainBound, { comparison, limit });
  return { limit, where };
}

/**
 * The bound keywords' plan hook. The interpreter compares (run-scalar.ts numberHolds) after the
 * plan's `type` has refused NaN and the infinities; without a `type` (planned first: it leads
 * every dialect's table) the bound stays a closure, whose test refuses them (json/number-bounds.ts).
 */
export function planBound(plan: Plan, rule: number, value: number): boolean {
  return plan.types !== UNTYPED && planLimit(plan, rule, value);
}
