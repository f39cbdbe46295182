import type { Keyword } from "../types.js";

/**
 * 2019-09's dynamic reference: "#" resolves to its resource's root, and when that root says
 * `$recursiveAnchor: true` the outermost resource in the dynamic scope whose root says it too is
 * taken instead (engine/ref.ts).
 */
export const recursiveRefKeyword: Keyword = {
  name: "$recursiveRef",
  vocabulary: "core",
  inPlace: true,
  reference: "recursive",
  compile: (value, ctx) => ctx.ref(value, "recursive"),
  // Explained where its landing does not depend on the dynamic scope (registry.fixedLanding).
  explain: (value, e, instance) => e.ref(value as string, instance),
};
