import { compileContains, containsKeyword as containsEvaluating } from "../applicator/contains.js";
import type { Keyword } from "../types.js";

/**
 * `contains` in 2019-09: minContains and maxContains as in 2020-12, but its matches are not
 * evaluated items. unevaluatedItems reads only items, additionalItems and unevaluatedItems
 * there; 2020-12 added contains (its release notes, "contains and unevaluatedItems").
 */
export const containsKeyword: Keyword = { ...containsEvaluating, evaluatesItems: () => false, compile: (value, ctx, parent) => compileContains(value, ctx, parent, false) };
