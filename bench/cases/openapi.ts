// openapi.json (the OpenAPI 3.0 schema, draft-04): compile only, the data has no instance for it.
import { realSchema } from "../lib/real.js";
import type { BenchCase } from "../lib/types.js";

export default {
  name: "openapi",
  title: "openapi.json (OpenAPI 3.0 schema, compile only, real-world, draft-04)",
  group: "real",
  load: (ctx) => {
    const real = realSchema(ctx, "openapi.json");
    return { ...real, notes: [...real.notes, "No instance ships for this schema: compile and memory only."] };
  },
} satisfies BenchCase;
