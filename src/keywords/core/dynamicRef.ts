import type { Keyword } from "../types.js";

export const dynamicRefKeyword: Keyword = {
  name: "$dynamicRef",
  vocabulary: "core",
  inPlace: true,
  reference: "dynamic",
  compile: (value, ctx) => ctx.ref(value, "dynamic"),
};
