// Objects nested to depth 20 (schema document depth, as the gate counts it; see lib/deep.ts).
import { deepCase } from "../lib/deep.js";
import type { BenchCase } from "../lib/types.js";

export default {
  name: "deep-20",
  title: "Objects nested to depth 20",
  group: "deep",
  load: () => deepCase(20),
} satisfies BenchCase;
