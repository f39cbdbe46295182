import { report, show } from "../../engine/report.js";
import { FORMATS } from "../../formats/index.js";
import { STRING } from "../../json/type-of.js";
import type { Keyword } from "../types.js";

/** An annotation by default; asserts under the format-assertion vocabulary or the "assert" option. */
export const formatKeyword: Keyword = {
  name: "format",
  vocabulary: "format-annotation",
  appliesTo: STRING,
  compile(value, ctx) {
    if (typeof value !== "string") return ctx.fail("must be a string");
    ctx.annotate(() => value);
    const test = ctx.formatAssertion ? FORMATS.get(value) : undefined;
    if (test === undefined) return undefined;
    const where = ctx.where((instance) => ({ error: `must match format "${value}", but is ${show(instance)}`, params: { format: value } }));
    return (instance, state, at) => test(instance as string) || report(state, at, where, instance);
  },
};
