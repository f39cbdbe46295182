import { count, report } from "../../engine/report.js";
import { ucs2length } from "../../json/ucs2-length.js";
import { STRING } from "../../json/type-of.js";
import type { Keyword } from "../types.js";
import { nonNegativeInteger } from "../values.js";

export const minLengthKeyword: Keyword = {
  name: "minLength",
  vocabulary: "validation",
  appliesTo: STRING,
  compile(value, ctx) {
    const limit = nonNegativeInteger(value, ctx);
    if (limit === 0) return undefined;
    const where = ctx.where((instance) => ({
      error: `must have at least ${count(limit, "character")}, but has ${ucs2length(instance as string)}`,
      params: { limit },
    }));
    // Code points are at least half the UTF-16 length: count only when it could matter.
    return (instance, state, at) => {
      const length = (instance as string).length;
      return length >= limit && (length >= 2 * limit || ucs2length(instance as string) >= limit) ? true : report(state, at, where, instance);
    };
  },
};
