// citm_catalog_schema.json (draft-07) against citm_catalog.json (500 KB).
import { readData, withValueAt } from "../lib/data.js";
import { realSchema } from "../lib/real.js";
import type { BenchCase } from "../lib/types.js";

export default {
  name: "citm-catalog",
  title: "citm_catalog_schema.json × citm_catalog.json (500 KB, real-world, draft-07)",
  group: "real",
  load: (ctx) => {
    const real = realSchema(ctx, "citm_catalog_schema.json");
    const valid = readData<{ performances: unknown[] }>(ctx, "citm_catalog.json");
    const invalid = withValueAt(valid, ["performances", valid.performances.length - 1, "start"], "soon");
    return {
      ...real,
      valid,
      invalid,
      notes: [...real.notes, "Invalid instance: citm_catalog.json with the last performance's `start` turned into a string."],
    };
  },
} satisfies BenchCase;
