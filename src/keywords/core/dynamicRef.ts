import type { Keyword } from "../types.js";

export const dynamicRefKeyword: Keyword = {
  name: "$dynamicRef",
  vocabulary: "core",
  inPlace: true,
  reference: "dynamic",
  compile: (value, ctx) => ctx.ref(value, "dynamic"),
  // Explained where its landing does not depend on the dynamic scope (registry.fixedLanding).
  explain: (value, e, instance) => e.ref(value as string, instance),
};
