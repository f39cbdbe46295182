import { exclusiveMaximumKeyword as strict } from "../validation/exclusiveMaximum.js";
import { maximumKeyword as inclusive } from "../validation/maximum.js";
import type { Keyword } from "../types.js";
import { exclusiveFlag, isExclusive } from "./exclusive.js";

/** Draft-04's maximum: strict, as 2020-12's exclusiveMaximum, when its sibling `exclusiveMaximum` is true. */
export const maximumKeyword: Keyword = {
  ...inclusive,
  compile: (value, ctx, parent) => (isExclusive(parent, "exclusiveMaximum") ? strict : inclusive).compile(value, ctx, parent),
  plan: (value, into, parent) => (isExclusive(parent, "exclusiveMaximum") ? strict : inclusive).plan!(value, into, parent),
  explain: (value, e, instance, parent) => (isExclusive(parent, "exclusiveMaximum") ? strict : inclusive).explain!(value, e, instance, parent),
};

export const exclusiveMaximumKeyword = exclusiveFlag("exclusiveMaximum");
