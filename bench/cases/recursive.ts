// recursive_schema.json (draft-07, recursive definitions) against recursive_instance.json.
import { readData, withValueAt } from "../lib/data.js";
import { realSchema } from "../lib/real.js";
import type { BenchCase } from "../lib/types.js";

export default {
  name: "recursive",
  title: "recursive_schema.json × recursive_instance.json (recursive $ref, real-world, draft-07)",
  group: "real",
  load: (ctx) => {
    const real = realSchema(ctx, "recursive_schema.json");
    const valid = readData<unknown[]>(ctx, "recursive_instance.json");
    const invalid = withValueAt(valid, [valid.length - 1, 6], 1.5);
    return {
      ...real,
      valid,
      invalid,
      notes: [...real.notes, "Invalid instance: the last entry's sequence number (7th item, an integer) set to 1.5."],
    };
  },
} satisfies BenchCase;
