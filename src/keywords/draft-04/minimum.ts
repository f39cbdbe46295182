import { exclusiveMinimumKeyword as strict } from "../validation/exclusiveMinimum.js";
import { minimumKeyword as inclusive } from "../validation/minimum.js";
import type { Keyword } from "../types.js";
import { exclusiveFlag, isExclusive } from "./exclusive.js";

/** Draft-04's minimum: strict, as 2020-12's exclusiveMinimum, when its sibling `exclusiveMinimum` is true. */
export const minimumKeyword: Keyword = {
  ...inclusive,
  compile: (value, ctx, parent) => (isExclusive(parent, "exclusiveMinimum") ? strict : inclusive).compile(value, ctx, parent),
  plan: (value, into, parent) => (isExclusive(parent, "exclusiveMinimum") ? strict : inclusive).plan!(value, into, parent),
  explain: (value, e, instance, parent) => (isExclusive(parent, "exclusiveMinimum") ? strict : inclusive).explain!(value, e, instance, parent),
};

export const exclusiveMinimumKeyword = exclusiveFlag("exclusiveMinimum");
