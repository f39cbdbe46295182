// Objects nested to depth 40 (schema document depth, as the gate counts it; see lib/deep.ts).
import { deepCase } from "../lib/deep.js";
import type { BenchCase } from "../lib/types.js";

export default {
  name: "deep-40",
  title: "Objects nested to depth 40",
  group: "deep",
  load: () => deepCase(40),
} satisfies BenchCase;
