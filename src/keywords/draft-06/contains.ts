import { containsKeyword as containsWithBounds } from "../applicator/contains.js";
import type { Keyword } from "../types.js";

const NO_SIBLINGS = Object.freeze({});

/** `contains` before 2019-09: at least one matching item; minContains and maxContains do not exist yet. */
export const containsKeyword: Keyword = { ...containsWithBounds, compile: (value, ctx) => containsWithBounds.compile(value, ctx, NO_SIBLINGS) };
