import { childPath } from "../../engine/report.js";
import { ARRAY } from "../../json/type-of.js";
import type { Explaining, Keyword } from "../types.js";
import { schemaArray } from "../values.js";
import { boundsOf, PREFIX_ITEMS, type Planning } from "../../engine/plan.js";

export const prefixItemsKeyword: Keyword = {
  name: "prefixItems",
  vocabulary: "applicator",
  appliesTo: ARRAY,
  children: "array",
  reaches: "one-item",
  evaluatesItems: (value) => (Array.isArray(value) ? value.length : false),
  compile(value, ctx) {
    const checks = schemaArray(value, ctx).map((schema, i) => ctx.subschema(schema, i));
    const tracking = ctx.tracking;
    // The largest index a subschema applied to, or true when it applied to every item.
    ctx.annotate((instance) => {
      const length = (instance as unknown[]).length;
      return length === 0 ? undefined : length <= checks.length ? true : checks.length - 1;
    });
    return (instance, state, at) => {
      const items = instance as unknown[];
      const count = Math.min(items.length, checks.length);
      let valid = true;
      for (let i = 0; i < count; i++) {
        if (checks[i]!(items[i], state, childPath(state, at, i))) continue;
        if (!state.allErrors) return false;
        valid = false;
      }
      if (tracking && count > state.ev!.prefix) state.ev!.prefix = count;
      return valid;
    };
  },
  plan: (value, into) => planPrefix(value as unknown[], into, "prefixItems"),
  explain: (value, e, instance) => explainPrefix(value as unknown[], e, instance as unknown[], "prefixItems"),
};

/** The plans of the first items, one each (`prefixItems`; an array-form `items` before 2020-12), at `keyword`. */
export function planPrefix(schemas: readonly unknown[], into: Planning, keyword: string): boolean {
  boundsOf(into.plan).prefix = schemas.map((schema, i) => into.subplan(schema, keyword, i));
  into.plan.rules |= PREFIX_ITEMS;
  return true;
}

/** The first items against their own subschemas (prefixItems, and `items` as an array before 2020-12). */
export function explainPrefix(schemas: readonly unknown[], e: Explaining, items: readonly unknown[], keyword: string): boolean {
  const count = Math.min(items.length, schemas.length);
  const plans = e.plan !== undefined && (e.plan.rules & PREFIX_ITEMS) !== 0 ? e.plan.bounds!.prefix : undefined;
  let valid = true;
  for (let i = 0; i < count; i++) {
    if (e.child(schemas[i], items[i], i, keyword, i, plans?.[i])) continue;
    if (!e.allErrors) return false;
    valid = false;
  }
  return valid;
}
