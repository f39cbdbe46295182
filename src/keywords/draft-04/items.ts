import { explainItemsAfter, itemsKeyword as itemsAfterPrefix, planItemsAfter } from "../applicator/items.js";
import { explainPrefix, planPrefix, prefixItemsKeyword } from "../applicator/prefixItems.js";
import type { Keyword } from "../types.js";

// No prototype, as the compiler's sibling copies have none: a `prefixItems` on Object.prototype is no sibling.
const NO_PREFIX: Readonly<Record<string, unknown>> = Object.freeze(Object.create(null) as Record<string, unknown>);

/**
 * `items` before 2020-12: one schema for every item, or an array of schemas for the items at
 * those indexes (what prefixItems does now; additionalItems then covers the rest). The choice
 * is made once, at compile time.
 */
export const itemsKeyword: Keyword = {
  name: "items",
  vocabulary: "applicator",
  appliesTo: itemsAfterPrefix.appliesTo,
  children: "schema-or-array",
  reaches: "one-item",
  evaluatesItems: (value) => (Array.isArray(value) ? value.length : true),
  compile: (value, ctx, parent) => (Array.isArray(value) ? prefixItemsKeyword.compile(value, ctx, parent) : itemsAfterPrefix.compile(value, ctx, NO_PREFIX)),
  plan: (value, into) => (Array.isArray(value) ? planPrefix(value, into, "items") : planItemsAfter(value, into, undefined, "items")),
  explain: (value, e, instance) => (Array.isArray(value) ? explainPrefix(value, e, instance as unknown[], "items") : explainItemsAfter(value, e, instance as unknown[], undefined, "items")),
};
