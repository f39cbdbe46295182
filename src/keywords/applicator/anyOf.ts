import { branch } from "../../engine/evaluated.js";
import { branchErrors, quiet, report } from "../../engine/report.js";
import type { Explain } from "../../engine/types.js";
import type { Keyword } from "../types.js";
import { schemaArray } from "../values.js";
import { ANY_OF, appliedOf } from "../../engine/plan.js";

const explainAnyOf: Explain<number> = (branches) => ({ error: `must match at least one schema in anyOf, but matches none of its ${branches}`, params: {} });

export const anyOfKeyword: Keyword = {
  name: "anyOf",
  vocabulary: "applicator",
  children: "array",
  inPlace: true,
  compile(value, ctx) {
    const tracking = ctx.tracking;
    const annotations = tracking || ctx.annotating;
    const checks = schemaArray(value, ctx).map((schema, i) => (tracking ? branch(ctx.applicator(schema, i)) : ctx.applicator(schema, i)));
    const where = ctx.where(explainAnyOf, checks.length);
    return (instance, state, at) => {
      // While errors are collected the branches' verdicts come first, in boolean mode: the errors
      // of branches a match makes moot are never made (quiet). Only when none matches are the
      // branches run again for their errors.
      const errors = state.errors;
      for (let i = 0; i < checks.length; i++) {
        if (!(errors === undefined ? checks[i]!(instance, state, at) : quiet(checks[i]!, instance, state, at))) continue;
        // Every branch runs only when its annotations are needed.
        if (!annotations) return true;
        for (let j = i + 1; j < checks.length; j++) quiet(checks[j]!, instance, state, at);
        return true;
      }
      if (errors !== undefined && !state.dropping) errors.push(...branchErrors(checks, instance, state, at));
      return report(state, at, where, instance);
    };
  },
  plan(value, { plan, subplan }) {
    appliedOf(plan).anyOf = (value as unknown[]).map((schema, i) => subplan(schema, "anyOf", i));
    plan.rules |= ANY_OF;
    return true;
  },
  explain(value, e, instance) {
    const schemas = value as unknown[];
    const plans = e.plan !== undefined && (e.plan.rules & ANY_OF) !== 0 ? e.plan.applied!.anyOf : undefined;
    for (let i = 0; i < schemas.length; i++) if (e.holds(schemas[i], instance, "anyOf", i, plans?.[i])) return true;
    e.branches(schemas, instance, "anyOf", plans);
    return e.report(explainAnyOf, schemas.length, instance);
  },
};
