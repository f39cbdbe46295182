import { branch } from "../../engine/evaluated.js";
import { report } from "../../engine/report.js";
import type { OutputUnit, Explain } from "../../engine/types.js";
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
      const errors = state.errors;
      const units = state.units;
      let valid = false;
      let failures: OutputUnit[] | undefined;
      try {
        for (let i = 0; i < checks.length; i++) {
          // Branch errors are kept aside and shown only if no branch matches.
          if (errors !== undefined) state.errors = [];
          const ok = checks[i]!(instance, state, at);
          if (errors !== undefined && !ok) (failures ??= []).push(...state.errors!);
          if (ok) {
            valid = true;
            // Every branch runs only when its annotations are needed.
            if (!annotations) break;
          }
        }
      } catch (error) {
        // An aborted evaluation ($depth) loses the errors kept aside: they do not count either.
        state.errors = errors;
        state.units = units;
        throw error;
      }
      state.errors = errors;
      if (valid) {
        state.units = units; // the branch errors kept aside are dropped: they do not count against maxErrors
        return true;
      }
      if (errors !== undefined && failures !== undefined) errors.push(...failures);
      return report(state, at, where, instance);
    };
  },
  plan(value, { plan, subplan }) {
    appliedOf(plan).anyOf = (value as unknown[]).map((schema, i) => subplan(schema, "anyOf", i));
    plan.rules |= ANY_OF;
    return true;
  },
};
