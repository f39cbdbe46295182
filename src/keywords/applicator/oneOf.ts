import { branch } from "../../engine/evaluated.js";
import { alternatives, quiet, report } from "../../engine/report.js";
import type { OutputUnit, Explain } from "../../engine/types.js";
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
      const errors = state.errors;
      const units = state.units;
      let first = -1;
      let failures: OutputUnit[] | undefined;
      try {
        for (let i = 0; i < checks.length; i++) {
          if (errors !== undefined) state.errors = [];
          const ok = checks[i]!(instance, state, at);
          if (errors !== undefined && !ok) (failures ??= []).push(...state.errors!);
          if (!ok) continue;
          if (first < 0) {
            first = i;
            continue;
          }
          state.errors = errors;
          state.units = units; // the failed branches' errors are dropped: they do not count against maxErrors
          // The verdict is known; while errors are collected the message counts every match.
          const passing = [first, i];
          if (errors !== undefined) for (let j = i + 1; j < checks.length; j++) if (quiet(checks[j]!, instance, state, at)) passing.push(j);
          return report(state, at, where, instance, passing);
        }
      } catch (error) {
        // An aborted evaluation ($depth) loses the errors kept aside: they do not count either.
        state.errors = errors;
        state.units = units;
        throw error;
      }
      state.errors = errors;
      if (first >= 0) {
        state.units = units;
        return true;
      }
      if (errors !== undefined && failures !== undefined) errors.push(...failures);
      return report(state, at, where, instance);
    };
  },
  plan(value, { plan, subplan }) {
    appliedOf(plan).oneOf = (value as unknown[]).map((schema, i) => subplan(schema, "oneOf", i));
    plan.rules |= ONE_OF;
    return true;
  },
};
