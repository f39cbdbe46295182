import { report, show } from "../../engine/report.js";
import { STRING } from "../../json/type-of.js";
import type { Keyword } from "../types.js";

export const patternKeyword: Keyword = {
  name: "pattern",
  vocabulary: "validation",
  appliesTo: STRING,
  compile(value, ctx) {
    const regex = ctx.regex(value);
    const where = ctx.where((instance) => ({
      error: `must match the pattern /${value}/u, but is ${show(instance)}`,
      params: { pattern: value },
    }));
    return (instance, state, at) => regex.test(instance as string) || report(state, at, where, instance);
  },
};
