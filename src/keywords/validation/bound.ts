// The shared part of maximum, exclusiveMaximum, minimum and exclusiveMinimum. Each keyword keeps
// its own comparison closure, so every call site sees one function (monomorphic).
import { showData } from "../../engine/report.js";
import type { Where, Explain } from "../../engine/types.js";
import { Heads } from "../../engine/message-heads.js";
import type { CompileContext } from "../types.js";
import { finiteNumber } from "../values.js";

const HEADS: Readonly<Record<string, Heads>> = {
  "<=": new Heads((limit) => `must be <= ${limit}, but is `),
  "<": new Heads((limit) => `must be < ${limit}, but is `),
  ">=": new Heads((limit) => `must be >= ${limit}, but is `),
  ">": new Heads((limit) => `must be > ${limit}, but is `),
};

export const explainBound: Explain<{ comparison: string; limit: number }> = ({ comparison, limit }, instance) => ({
  error: HEADS[comparison]!.of(limit) + showData(instance),
  params: { comparison, limit },
});

export function compileBound(value: unknown, ctx: CompileContext, comparison: string): { limit: number; where: Where } {
  const limit = finiteNumber(value, ctx);
  const where = ctx.where(explainBound, { comparison, limit });
  return { limit, where };
}
