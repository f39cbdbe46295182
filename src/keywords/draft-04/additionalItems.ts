import { explainItemsAfter, itemsKeyword as itemsAfterPrefix, planItemsAfter } from "../applicator/items.js";
import type { Keyword } from "../types.js";
import { ownMember } from "../../json/own-member.js";

/**
 * Applies to the items after those an array-form `items` covers; with `items` absent or a single
 * schema it is ignored (still compiled, so the gate refuses a bad subschema here as anywhere).
 */
export const additionalItemsKeyword: Keyword = {
  name: "additionalItems",
  vocabulary: "applicator",
  appliesTo: itemsAfterPrefix.appliesTo,
  children: "schema",
  reaches: "one-item",
  // It applies after an array-form `items` only.
  evaluatesItems: (_value, parent) => Array.isArray(ownMember(parent, "items")),
  compile(value, ctx, parent) {
    const items = parent["items"];
    if (Array.isArray(items)) return itemsAfterPrefix.compile(value, ctx, { prefixItems: items });
    ctx.subschema(value);
    return undefined;
  },
  // Called only when compile returned a Check: `items` is an array, planned as the prefix.
  plan: (value, into, parent) => planItemsAfter(value, into, parent["items"], "additionalItems"),
  explain(value, e, instance, parent) {
    const items = ownMember(parent, "items");
    return !Array.isArray(items) || explainItemsAfter(value, e, instance as unknown[], items, "additionalItems");
  },
};
