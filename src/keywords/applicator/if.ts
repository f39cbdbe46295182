import { branch } from "../../engine/evaluated.js";
import { quiet, report } from "../../engine/report.js";
import type { Check, Explain } from "../../engine/types.js";
import { PASSES, type Keyword } from "../types.js";
import { appliedOf, IF } from "../../engine/plan.js";

const explainIf: Explain<undefined> = (_data, _instance, failing) => ({
  error: `must match the "${failing}" schema (the instance ${failing === "then" ? "matches" : "does not match"} "if")`,
  params: { failingKeyword: failing },
});

/** `if` owns `then` and `else`: whichever applies must match too. */
export const ifKeyword: Keyword = {
  name: "if",
  vocabulary: "applicator",
  children: "schema",
  inPlace: true,
  compile(value, ctx, parent) {
    const hasThen = Object.hasOwn(parent, "then");
    const hasElse = Object.hasOwn(parent, "else");
    // Alone, `if` decides nothing (only annotations, compiled where they are collected): checked
    // as a definition is, so what the annotating compile would refuse is refused now.
    if (!hasThen && !hasElse && !ctx.tracking && !ctx.annotating) {
      ctx.definition(value);
      return undefined;
    }
    const condition = ctx.tracking ? branch(ctx.applicator(value)) : ctx.applicator(value);
    const then: Check | undefined = hasThen ? ctx.siblingApplicator("then", parent["then"]) : undefined;
    const otherwise: Check | undefined = hasElse ? ctx.siblingApplicator("else", parent["else"]) : undefined;
    const where = ctx.where(explainIf, undefined);
    return (instance, state, at) => {
      if (quiet(condition, instance, state, at)) {
        return then === undefined || then(instance, state, at) || report(state, at, where, instance, "then");
      }
      return otherwise === undefined || otherwise(instance, state, at) || report(state, at, where, instance, "else");
    };
  },
  plan(value, { plan, subplan }, parent) {
    const applied = appliedOf(plan);
    applied.condition = subplan(value, "if");
    if (Object.hasOwn(parent, "then")) applied.then = subplan(parent["then"], "then");
    if (Object.hasOwn(parent, "else")) applied.otherwise = subplan(parent["else"], "else");
    plan.rules |= IF;
    return true;
  },
  explain(value, e, instance, parent) {
    const applied = e.plan !== undefined && (e.plan.rules & IF) !== 0 ? e.plan.applied : undefined;
    if (e.holds(value, instance, "if", undefined, applied?.condition)) {
      return !Object.hasOwn(parent, "then") || e.child(parent["then"], instance, undefined, "then", undefined, applied?.then) || e.report(explainIf, undefined, instance, "then");
    }
    return !Object.hasOwn(parent, "else") || e.child(parent["else"], instance, undefined, "else", undefined, applied?.otherwise) || e.report(explainIf, undefined, instance, "else");
  },
};

/** `then` and `else` are compiled by their `if`; without one, never: checked as a definition is. */
const compileOwned: Keyword["compile"] = (value, ctx, parent) => {
  if (!Object.hasOwn(parent, "if")) ctx.definition(value);
  return undefined;
};
export const thenKeyword: Keyword = { name: "then", vocabulary: "applicator", children: "schema", inPlace: true, ownedBy: "if", compile: compileOwned, explain: PASSES };
export const elseKeyword: Keyword = { name: "else", vocabulary: "applicator", children: "schema", inPlace: true, ownedBy: "if", compile: compileOwned, explain: PASSES };
