import { annotate, childPath, report, shownName } from "../../engine/report.js";
import { isObject } from "../../json/type-of.js";
import type { Keyword } from "../types.js";
import type { Explain } from "../../engine/types.js";
import { shapeOf, UNEVALUATED_PROPERTIES, Unevaluated } from "../../engine/plan.js";
import { keysOf } from "../../engine/once-per-pass.js";

const explainProperty: Explain<undefined> = (_data, _instance, name) => ({
  error: `must not have unevaluated property ${shownName(name as string)} (unevaluatedProperties is false)`,
  params: { unevaluatedProperty: name },
});

/**
 * Applies to the properties no adjacent keyword or successful in-place subschema evaluated. The
 * node that holds it keeps a tracker (state.ev); this keyword runs after all the others.
 * It guards the type itself, so it is not grouped with earlier object keywords.
 */
export const unevaluatedPropertiesKeyword: Keyword = {
  name: "unevaluatedProperties",
  vocabulary: "unevaluated",
  children: "schema",
  // Below another one, in place: every name, as a schema object holding it is counted only when it holds.
  evaluatesProperties: () => true,
  evaluatesItems: () => false,
  compile(value, ctx) {
    const check = value === false ? undefined : ctx.subschema(value);
    const where = ctx.where(explainProperty, undefined);
    return (instance, state, at) => {
      if (!isObject(instance)) return true;
      const evaluated = state.ev!;
      if (evaluated.allProps) return true;
      const object = instance as Record<string, unknown>;
      // Its annotation (the names it evaluated) is made only while annotations are collected.
      const applied: string[] | undefined = state.annotations === undefined ? undefined : [];
      let valid = true;
      for (const name of keysOf(object, state)) {
        if (evaluated.hasProp(name)) continue;
        applied?.push(name);
        if (check === undefined ? report(state, at, where, instance, name) : check(object[name], state, childPath(state, at, name))) continue;
        if (!state.allErrors) return false;
        valid = false;
      }
      if (valid) evaluated.allProps = true;
      if (valid && applied !== undefined && applied.length > 0) annotate(state, at, where, applied);
      return valid;
    };
  },
  plan(value, { plan, subplan, evaluatedNames }) {
    const known = evaluatedNames();
    if (known === undefined) return false;
    shapeOf(plan).unevaluated = new Unevaluated(known.names, known.conditions, value === false ? null : subplan(value, "unevaluatedProperties"));
    plan.rules |= UNEVALUATED_PROPERTIES;
    return true;
  },
  explain(value, e, instance) {
    if (!isObject(instance)) return true;
    const object = instance as Record<string, unknown>;
    const evaluated = e.evaluatedProperties(object);
    const plan = e.plan !== undefined && (e.plan.rules & UNEVALUATED_PROPERTIES) !== 0 ? e.plan.shape!.unevaluated!.other : undefined;
    let valid = true;
    for (const name of e.keys(object)) {
      if (evaluated.has(name)) continue;
      if (value === false ? e.report(explainProperty, undefined, instance, name) : e.child(value, object[name], name, "unevaluatedProperties", undefined, plan)) continue;
      if (!e.allErrors) return false;
      valid = false;
    }
    return valid;
  },
};
