import { report, showData } from "../../engine/report.js";
import { STRING } from "../../json/type-of.js";
import type { Keyword } from "../types.js";
import type { Explain } from "../../engine/types.js";
import { boundsOf, PATTERN } from "../../engine/plan.js";
import { sharedMatcher } from "../../engine/regexes.js";
import type { Matcher } from "../../regex/matcher.js";

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
  // The matcher, found once per schema object: looked up at every unit, a schema of more patterns
  // than the shared table holds compiled each one again at each invalid instance.
  prepare: (value) => sharedMatcher(value as string),
  explain: (matcher, e, instance, parent) => (matcher as Matcher).test(instance as string) || e.report(explainPattern, parent["pattern"] as string, instance),
};
