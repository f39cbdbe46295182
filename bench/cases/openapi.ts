// openapi.json (the OpenAPI 3.0 schema, draft-04): compile only, the data has no instance for it.
import { realSchema } from "../lib/real.js";
import type { BenchCase } from "../lib/types.js";

export default {
  name: "openapi",
  title: "openapi.json (OpenAPI 3.0 schema, compile only, real-world, draft-04 → 2020-12)",
  group: "real",
  load: (ctx) => {
    const { schema, notes } = realSchema(ctx, "openapi.json", "draft-04");
    return { schema, notes: [...notes, "No instance ships for this schema: compile and memory only."] };
  },
} satisfies BenchCase;
