// fast_schema.json (draft-07, array-form items) against fast_valid.json / fast_invalid.json.
import { readData } from "../lib/data.js";
import { realSchema } from "../lib/real.js";
import type { BenchCase } from "../lib/types.js";

export default {
  name: "fast",
  title: "fast_schema.json × fast_valid/fast_invalid.json (tuple, real-world, draft-07)",
  group: "real",
  load: (ctx) => {
    const real = realSchema(ctx, "fast_schema.json");
    return {
      ...real,
      valid: readData(ctx, "fast_valid.json"),
      invalid: readData(ctx, "fast_invalid.json"),
      notes: [...real.notes, "Instances: fast_valid.json and fast_invalid.json as shipped."],
    };
  },
} satisfies BenchCase;
