import { count, report } from "../../engine/report.js";
import { ucs2length } from "../../json/ucs2-length.js";
import { STRING } from "../../json/type-of.js";
import type { Keyword } from "../types.js";
import { nonNegativeInteger } from "../values.js";

export const maxLengthKeyword: Keyword = {
  name: "maxLength",
  vocabulary: "validation",
  appliesTo: STRING,
  compile(value, ctx) {
    const limit = nonNegativeInteger(value, ctx);
    const where = ctx.where((instance) => ({
      error: `must have at most ${count(limit, "character")}, but has ${ucs2length(instance as string)}`,
      params: { limit },
    }));
    // UTF-16 length bounds the code point count from above: count only when it could matter.
    return (instance, state, at) =>
      (instance as string).length <= limit || ucs2length(instance as string) <= limit || report(state, at, where, instance);
  },
};
