// Objects nested to depth 63 (schema document depth, as the gate counts it; see lib/deep.ts).
import { deepCase } from "../lib/deep.js";
import type { BenchCase } from "../lib/types.js";

export default {
  name: "deep-63",
  title: "Objects nested to depth 63",
  group: "deep",
  load: () => deepCase(63),
} satisfies BenchCase;
