// The branching rule of the memo (memo.ts): how many subschemas of one schema object can reach
// the same value.
import { isObject } from "../json/type-of.js";
import type { Keyword } from "../keywords/types.js";

/**
 * How many subschemas of a schema object can be applied to one value: its own instance (in-place
 * subschemas), one property value (properties and each pattern of patternProperties) or one item
 * (one of the keywords of disjoint index ranges, and contains), the in-place ones counted again
 * for those (they may apply their own). With two or more, one target can
 * be reached twice for the same value (the exponential $defs trap, or `properties` and
 * `patternProperties` both referring back to the root), so the references below are remembered
 * (memo.ts); with one, they need not be, and recursion over data stays lean.
 */
export function reach(schema: Readonly<Record<string, unknown>>, keywords: readonly Keyword[]): number {
  let inPlace = 0;
  let property = 0;
  let item = 0;
  let oneProperty = 0;
  let oneItem = 0;
  for (const keyword of keywords) {
    const value = schema[keyword.name];
    const count = Array.isArray(value) ? value.length : keyword.children === "map" && isObject(value) ? Object.keys(value).length : 1;
    if (keyword.inPlace === true) inPlace += count;
    else if (keyword.reaches === "property") property += count;
    else if (keyword.reaches === "item") item += count;
    else if (keyword.reaches === "one-property") oneProperty = 1;
    else if (keyword.reaches === "one-item") oneItem = 1;
  }
  // An in-place subschema (a `$ref` target, an allOf branch) may apply its own property and item
  // keywords to the values this object's reach: beside one, a property value or item is reached twice.
  const children = Math.max(property + oneProperty, item + oneItem);
  return children === 0 ? inPlace : children + inPlace;
}
