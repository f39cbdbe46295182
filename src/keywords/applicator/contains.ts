import { annotate, childPath, count, quiet, report, SILENT } from "../../engine/report.js";
import { ARRAY } from "../../json/type-of.js";
import { PASSES, type CompileContext, type Keyword, type SchemaObject } from "../types.js";
import { nonNegativeInteger } from "../values.js";
import type { Check, Explain } from "../../engine/types.js";
import { boundsOf, Contains, CONTAINS } from "../../engine/plan.js";
import { witnessedCount } from "../../engine/witness.js";

const explainTooFew: Explain<number> = (min, _instance, n) => ({
  error: `must contain at least ${count(min, "item")} matching the contains schema, but contains ${n}`,
  params: { minContains: min },
});
const explainTooMany: Explain<number> = (max, _instance, n) => ({
  error: `must contain at most ${count(max, "item")} matching the contains schema, but contains ${n}`,
  params: { maxContains: max },
});

/** Counts matching items; owns minContains (default 1) and maxContains. */
export const containsKeyword: Keyword = {
  name: "contains",
  vocabulary: "applicator",
  appliesTo: ARRAY,
  children: "schema",
  reaches: "item",
  // Its matches, counted or not (as the tracking closure, which counts them all).
  evaluatesItems(value, _parent, array, holds, plan) {
    const matches = plan !== undefined && (plan.rules & CONTAINS) !== 0 ? plan.bounds!.contains!.plan : undefined;
    const indexes: number[] = [];
    for (let i = 0; i < array.length; i++) if (holds(value, array[i], matches)) indexes.push(i);
    return indexes;
  },
  compile: (value, ctx, parent) => compileContains(value, ctx, parent, true),
  // The values compile accepted; before 2019-09 there are no minContains/maxContains keywords, so
  // the parent (the keywords in use) has neither.
  plan(value, into, parent) {
    const min = Object.hasOwn(parent, "minContains") ? (parent["minContains"] as number) : 1;
    const max = Object.hasOwn(parent, "maxContains") ? (parent["maxContains"] as number) : Infinity;
    boundsOf(into.plan).contains = new Contains(into.subplan(value, "contains"), min, max);
    into.plan.rules |= CONTAINS;
    return true;
  },
  explain(value, e, instance) {
    const items = instance as unknown[];
    const minContains = e.sibling("minContains") as number | undefined;
    const min = minContains ?? 1;
    const max = (e.sibling("maxContains") as number | undefined) ?? Infinity;
    const plan = e.plan !== undefined && (e.plan.rules & CONTAINS) !== 0 ? e.plan.bounds!.contains!.plan : undefined;
    // The count validate()'s boolean pass found out of bounds, else counted here.
    const known = e.witnessedCount(items);
    let count = known ?? 0;
    // Without a maximum, counting stops at the minimum, as the closure's does (items past it are not read).
    const enough = max === Infinity ? min : Infinity;
    if (known === undefined) for (let i = 0; i < items.length && count < enough; i++) if (e.holds(value, items[i], "contains", undefined, plan)) count++;
    if (count < min) return minContains !== undefined ? e.reportSibling("minContains", explainTooFew, min, instance, count) : e.report(explainTooFew, min, instance, count);
    return count <= max || e.reportSibling("maxContains", explainTooMany, max, instance, count);
  },
};

/**
 * contains' closure. `evaluates` (2020-12): its matching items count as evaluated for
 * unevaluatedItems, and their indexes are its annotation; before 2020-12 neither (2019-09 Core
 * 9.3.1.4 defines no annotation result for it: draft-2019-09/contains.ts, draft-06/contains.ts).
 */
export function compileContains(value: unknown, ctx: CompileContext, parent: SchemaObject, evaluates: boolean): Check {
  const check = ctx.subschema(value);
  const hasMin = Object.hasOwn(parent, "minContains");
  const hasMax = Object.hasOwn(parent, "maxContains");
  const min = hasMin ? nonNegativeInteger(parent["minContains"], ctx) : 1;
  const max = hasMax ? nonNegativeInteger(parent["maxContains"], ctx) : Infinity;
  const tooFew = ctx.where(explainTooFew, min, hasMin ? "minContains" : undefined);
  const tooMany = ctx.where(explainTooMany, max, "maxContains");
  const tracking = evaluates && ctx.tracking;
  // Without a maximum and without annotations to record, counting can stop at the minimum.
  const enough = hasMax || tracking || ctx.annotating ? Infinity : min;
  const self = ctx.where(SILENT, undefined); // its own place, for its annotation: it never reports
  const location = ctx.location;
  return (instance, state, at) => {
    const items = instance as unknown[];
    // validate()'s error pass: the count its boolean pass found out of bounds (witness.ts).
    const known = witnessedCount(state.witness, items, location);
    if (known !== undefined) return known < min ? report(state, at, tooFew, instance, known) : report(state, at, tooMany, instance, known);
    // Its annotation, the indexes of the matching items, is made only while annotations are collected.
    const matches: number[] | undefined = state.annotations === undefined || !evaluates ? undefined : [];
    let count = 0;
    for (let i = 0; i < items.length && count < enough; i++) {
      if (!quiet(check, items[i], state, childPath(state, at, i))) continue;
      count++;
      matches?.push(i);
      if (tracking) state.ev!.addIndex(i);
    }
    if (count < min) return report(state, at, tooFew, instance, count);
    if (count > max) return report(state, at, tooMany, instance, count);
    if (matches !== undefined) annotate(state, at, self, matches);
    return true;
  };
}

export const minContainsKeyword: Keyword = { name: "minContains", vocabulary: "validation", compile: () => undefined, explain: PASSES };
export const maxContainsKeyword: Keyword = { name: "maxContains", vocabulary: "validation", compile: () => undefined, explain: PASSES };
