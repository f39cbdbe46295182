import { report, showData } from "../../engine/report.js";
import type { Keyword } from "../types.js";
import type { Explain } from "../../engine/types.js";
import { formatHolds } from "../../engine/string-verdicts.js";

const explainFormat: Explain<string> = (format, instance) => ({ error: `must match format "${format}", but is ${showData(instance)}`, params: { format } });

/**
 * An annotation by default, of any instance (2020-12 Validation 7.1: a format may apply to any
 * type); asserts when compile() was given format checkers (`formats`), on strings only.
 */
export const formatKeyword: Keyword = {
  name: "format",
  vocabulary: "format-annotation",
  compile(value, ctx) {
    if (typeof value !== "string") return ctx.fail("must be a string");
    ctx.annotate(() => value);
    const test = ctx.formats?.get(value);
    if (test === undefined) return undefined;
    const where = ctx.where(explainFormat, value);
    return (instance, state, at) => typeof instance !== "string" || formatHolds(test, instance, value) || report(state, at, where, instance);
  },
  explain(value, e, instance) {
    const test = e.formats?.get(value as string);
    return test === undefined || typeof instance !== "string" || formatHolds(test, instance, value as string) || e.report(explainFormat, value as string, instance);
  },
};
