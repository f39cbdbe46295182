import { branch } from "../../engine/evaluated.js";
import { alternatives, branchErrors, quiet, report } from "../../engine/report.js";
import type { Explain } from "../../engine/types.js";
import type { Keyword } from "../types.js";
import { schemaArray } from "../values.js";
import { ONE_OF, appliedOf } from "../../engine/plan.js";

const explainOneOf: Explain<undefined> = (_data, _instance, passing) =>
  passing === undefined
    ? { error: "must match exactly one schema in oneOf, but matches none", params: { passingSchemas: null } }
    : {
        error: `must match exactly one schema in oneOf, but matches ${(passing as number[]).length} (indexes ${alternatives((passing as number[]).map(String)).replace(" or ", " and ")})`,
        params: { passingSchemas: passing },
      };

export const oneOfKeyword: Keyword = {
  name: "oneOf",
  vocabulary: "applicator",
  children: "array",
  inPlace: true,
  compile(value, ctx) {
    const tracking = ctx.tracking;
    const checks = schemaArray(value, ctx).map((schema, i) => (tracking ? branch(ctx.applicator(schema, i)) : ctx.applicator(schema, i)));
    const where = ctx.where(explainOneOf, undefined);
    return (instance, state, at) => {
      // As in anyOf: verdicts first (in boolean mode while errors are collected), the branches'
      // errors only when none matches.
      const errors = state.errors;
      let first = -1;
      for (let i = 0; i < checks.length; i++) {
        if (!(errors === undefined ? checks[i]!(instance, state, at) : quiet(checks[i]!, instance, state, at))) continue;
        if (first < 0) {
          first = i;
          continue;
        }
        // The verdict is known; while errors are collected the message counts every match.
        const passing = [first, i];
        if (errors !== undefined) for (let j = i + 1; j < checks.length; j++) if (quiet(checks[j]!, instance, state, at)) passing.push(j);
        return report(state, at, where, instance, passing);
      }
      if (first >= 0) return true;
      if (errors !== undefined && !state.dropping) errors.push(...branchErrors(checks, instance, state, at));
      return report(state, at, where, instance);
    };
  },
  plan(value, { plan, subplan }) {
    appliedOf(plan).oneOf = (value as unknown[]).map((schema, i) => subplan(schema, "oneOf", i));
    plan.rules |= ONE_OF;
    return true;
  },
  explain(value, e, instance) {
    const schemas = value as unknown[];
    const plans = e.plan !== undefined && (e.plan.rules & ONE_OF) !== 0 ? e.plan.applied!.oneOf : undefined;
    let first = -1;
    for (let i = 0; i < schemas.length; i++) {
      if (!e.holds(schemas[i], instance, "oneOf", i, plans?.[i])) continue;
      if (first < 0) {
        first = i;
        continue;
      }
      const passing = [first, i];
      for (let j = i + 1; j < schemas.length; j++) if (e.holds(schemas[j], instance, "oneOf", j, plans?.[j])) passing.push(j);
      return e.report(explainOneOf, undefined, instance, passing);
    }
    if (first >= 0) return true;
    e.branches(schemas, instance, "oneOf", plans);
    return e.report(explainOneOf, undefined, instance);
  },
};
