import { asksFirst, followFailing } from "../../engine/report.js";
import { ARRAY, typeOf } from "../../json/type-of.js";
import { ownMember } from "../../json/own-member.js";
import type { Explaining, Keyword } from "../types.js";
import { ITEMS, PREFIX_ITEMS, type Planning } from "../../engine/plan.js";
import { witnessedItem } from "../../engine/witness.js";

/** Applies to every item after those that `prefixItems` (read from the parent) covers. */
export const itemsKeyword: Keyword = {
  name: "items",
  vocabulary: "applicator",
  appliesTo: ARRAY,
  children: "schema",
  reaches: "one-item",
  evaluatesItems: () => true,
  compile(value, ctx, parent) {
    if (value === true && !ctx.tracking && !ctx.annotating) return undefined;
    const prefix = parent["prefixItems"];
    const start = Array.isArray(prefix) ? prefix.length : 0;
    const check = ctx.subschema(value);
    const tracking = ctx.tracking;
    const type = ctx.typeOnly(value) ?? 0;
    ctx.annotate((instance) => ((instance as unknown[]).length > start ? true : undefined));
    const location = ctx.location;
    return (instance, state, at) => {
      const items = instance as unknown[];
      let valid = true;
      const first = asksFirst(state, at, items.length - start);
      // validate()'s error pass: items the boolean pass saw pass are not checked again, and the
      // one it saw fail is not asked again.
      const failed = state.witness === undefined ? -1 : witnessedItem(state.witness, items, start, location);
      const from = failed < 0 ? start : failed;
      for (let i = from; i < items.length; i++) {
        const item = items[i];
        if ((type !== 0 && (typeOf(item) & type) !== 0) || followFailing(check, item, state, at, i, first && i !== failed)) continue;
        if (!state.allErrors) return false;
        valid = false;
      }
      if (tracking) state.ev!.allItems = true;
      return valid;
    };
  },
  plan: (value, into, parent) => planItemsAfter(value, into, parent["prefixItems"], "items"),
  explain: (value, e, instance, parent) => explainItemsAfter(value, e, instance as unknown[], ownMember(parent, "prefixItems"), "items"),
};

/** The plan of the items after a prefix (`items`; `additionalItems` before 2020-12, after an array-form `items`), at `keyword`. */
export function planItemsAfter(value: unknown, into: Planning, prefix: unknown, keyword: string): boolean {
  // After the prefix (planned first, in the table's order) the items plan starts past it.
  if (Array.isArray(prefix) && (into.plan.rules & PREFIX_ITEMS) === 0) return false;
  into.plan.items = into.subplan(value, keyword);
  into.plan.rules |= ITEMS;
  return true;
}

/** The items after a prefix against one subschema, at `keyword` (as the closure reports them). */
export function explainItemsAfter(value: unknown, e: Explaining, items: readonly unknown[], prefix: unknown, keyword: string): boolean {
  const plan = e.plan !== undefined && (e.plan.rules & ITEMS) !== 0 ? e.plan.items : undefined;
  let valid = true;
  for (let i = e.firstItem(items, Array.isArray(prefix) ? prefix.length : 0); i < items.length; i++) {
    if (e.child(value, items[i], i, keyword, undefined, plan)) continue;
    if (!e.allErrors) return false;
    valid = false;
  }
  return valid;
}
