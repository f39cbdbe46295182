import { count, report } from "../../engine/report.js";
import { atMostChars, codePoints } from "../../engine/string-verdicts.js";
import { STRING } from "../../json/type-of.js";
import type { Keyword } from "../types.js";
import { nonNegativeInteger } from "../values.js";
import { planLimit, MAX_LENGTH } from "../../engine/plan.js";
import type { Explain } from "../../engine/types.js";
import { Heads } from "../../engine/message-heads.js";


const HEADS = new Heads((limit) => `must have at most ${count(limit, "character")}, but has `);

const explainMaxLength: Explain<number> = (limit, instance) => ({
  error: HEADS.of(limit) + codePoints(instance as string),
  params: { limit },
});

export const maxLengthKeyword: Keyword = {
  name: "maxLength",
  vocabulary: "validation",
  appliesTo: STRING,
  compile(value, ctx) {
    const limit = nonNegativeInteger(value, ctx);
    const where = ctx.where(explainMaxLength, limit);
    return (instance, state, at) => atMostChars(instance as string, limit) || report(state, at, where, instance);
  },
  plan: (value, { plan }) => planLimit(plan, MAX_LENGTH, value as number),
  explain: (value, e, instance) => atMostChars(instance as string, value as number) || e.report(explainMaxLength, value as number, instance),
};
