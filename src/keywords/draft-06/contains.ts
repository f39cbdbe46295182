import { compileContains, containsKeyword as containsWithBounds } from "../applicator/contains.js";
import type { Keyword } from "../types.js";

// No prototype, as the compiler's sibling copies have none: a `minContains` on Object.prototype is no sibling.
const NO_SIBLINGS: Readonly<Record<string, unknown>> = Object.freeze(Object.create(null) as Record<string, unknown>);

/** `contains` before 2019-09: at least one matching item; minContains and maxContains do not exist yet, nor its annotation. */
export const containsKeyword: Keyword = { ...containsWithBounds, compile: (value, ctx) => compileContains(value, ctx, NO_SIBLINGS, false) };
