import { count, report } from "../../engine/report.js";
import { atLeastChars, codePoints } from "../../engine/string-verdicts.js";
import { STRING } from "../../json/type-of.js";
import type { Keyword } from "../types.js";
import { nonNegativeInteger } from "../values.js";
import { planLimit, MIN_LENGTH } from "../../engine/plan.js";
import type { Explain } from "../../engine/types.js";
import { Heads } from "../../engine/message-heads.js";


const HEADS = new Heads((limit) => `must have at least ${count(limit, "character")}, but has `);

const explainMinLength: Explain<number> = (limit, instance) => ({
  error: HEADS.of(limit) + codePoints(instance as string),
  params: { limit },
});

export const minLengthKeyword: Keyword = {
  name: "minLength",
  vocabulary: "validation",
  appliesTo: STRING,
  compile(value, ctx) {
    const limit = nonNegativeInteger(value, ctx);
    if (limit === 0) return undefined;
    const where = ctx.where(explainMinLength, limit);
    return (instance, state, at) => atLeastChars(instance as string, limit) || report(state, at, where, instance);
  },
  plan: (value, { plan }) => planLimit(plan, MIN_LENGTH, value as number),
  explain: (value, e, instance) => atLeastChars(instance as string, value as number) || e.report(explainMinLength, value as number, instance),
};
