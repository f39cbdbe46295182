import type { Keyword } from "../types.js";

export const refKeyword: Keyword = {
  name: "$ref",
  vocabulary: "core",
  inPlace: true,
  compile: (value, ctx) => ctx.ref(value, false),
};
