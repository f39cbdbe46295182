import { report, showData } from "../../engine/report.js";
import { STRING } from "../../json/type-of.js";
import type { Keyword } from "../types.js";
import type { Explain } from "../../engine/types.js";
import { formatHolds } from "../../engine/string-verdicts.js";

const explainFormat: Explain<string> = (format, instance) => ({ error: `must match format "${format}", but is ${showData(instance)}`, params: { format } });

/** An annotation by default; asserts when compile() was given format checkers (`formats`). */
export const formatKeyword: Keyword = {
  name: "format",
  vocabulary: "format-annotation",
  appliesTo: STRING,
  compile(value, ctx) {
    if (typeof value !== "string") return ctx.fail("must be a string");
    ctx.annotate(() => value);
    const test = ctx.formats?.get(value);
    if (test === undefined) return undefined;
    const where = ctx.where(explainFormat, value);
    return (instance, state, at) => formatHolds(test, instance as string, value) || report(state, at, where, instance);
  },
  explain(value, e, instance) {
    const test = e.formats?.get(value as string);
    return test === undefined || formatHolds(test, instance as string, value as string) || e.report(explainFormat, value as string, instance);
  },
};
