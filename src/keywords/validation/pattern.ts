import { report, showData } from "../../engine/report.js";
import { STRING } from "../../json/type-of.js";
import type { Keyword } from "../types.js";
import type { Explain } from "../../engine/types.js";
import { boundsOf, PATTERN } from "../../engine/plan.js";
import { sharedMatcher } from "../../engine/regexes.js";

const explainPattern: Explain<string> = (pattern, instance) => ({ error: `must match the pattern /${pattern}/u, but is ${showData(instance)}`, params: { pattern } });

export const patternKeyword: Keyword = {
  name: "pattern",
  vocabulary: "validation",
  appliesTo: STRING,
  regexes: "value",
  compile(value, ctx) {
    const regex = ctx.regex(value);
    const where = ctx.where(explainPattern, value as string);
    return (instance, state, at) => regex.test(instance as string) || report(state, at, where, instance);
  },
  plan(value, { plan }) {
    boundsOf(plan).pattern = sharedMatcher(value as string); // the one compile() made: it accepted the pattern
    plan.rules |= PATTERN;
    return true;
  },
  explain: (value, e, instance) => sharedMatcher(value as string).test(instance as string) || e.report(explainPattern, value as string, instance),
};
