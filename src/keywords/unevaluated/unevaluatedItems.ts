import { annotate, childPath, report } from "../../engine/report.js";
import type { Keyword } from "../types.js";
import type { Explain } from "../../engine/types.js";

const explainItem: Explain<undefined> = (_data, _instance, index) => ({
  error: `must not have unevaluated item at index ${index} (unevaluatedItems is false)`,
  params: { unevaluatedItem: index },
});

/** Applies to the items no adjacent keyword or successful in-place subschema evaluated (see unevaluatedProperties). */
export const unevaluatedItemsKeyword: Keyword = {
  name: "unevaluatedItems",
  vocabulary: "unevaluated",
  children: "schema",
  // Below another one, in place: every item, as a schema object holding it is counted only when it holds.
  evaluatesItems: () => true,
  evaluatesProperties: () => false,
  compile(value, ctx) {
    const check = value === false ? undefined : ctx.subschema(value);
    const where = ctx.where(explainItem, undefined);
    return (instance, state, at) => {
      if (!Array.isArray(instance)) return true;
      const evaluated = state.ev!;
      if (evaluated.allItems) return true;
      let valid = true;
      let applied = false;
      for (let i = evaluated.prefix; i < instance.length; i++) {
        if (evaluated.hasItem(i)) continue;
        applied = true;
        if (check === undefined ? report(state, at, where, instance, i) : check(instance[i], state, childPath(state, at, i))) continue;
        if (!state.allErrors) return false;
        valid = false;
      }
      if (valid) evaluated.allItems = true;
      // Its annotation: true when it applied to any item (made only while annotations are collected).
      if (valid && applied && state.annotations !== undefined) annotate(state, at, where, true);
      return valid;
    };
  },
  explain(value, e, instance) {
    if (!Array.isArray(instance)) return true;
    const { prefix, indexes, all } = e.evaluatedItems(instance);
    if (all) return true;
    let valid = true;
    for (let i = prefix; i < instance.length; i++) {
      if (indexes.has(i)) continue;
      if (value === false ? e.report(explainItem, undefined, instance, i) : e.child(value, instance[i], i, "unevaluatedItems")) continue;
      if (!e.allErrors) return false;
      valid = false;
    }
    return valid;
  },
};
