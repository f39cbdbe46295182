// swagger.json (the Swagger 2.0 schema, draft-04) against kubernetes.json (3 MB OpenAPI 2 document).
import { readData, withValueAt } from "../lib/data.js";
import { realSchema } from "../lib/real.js";
import type { BenchCase } from "../lib/types.js";

export default {
  name: "swagger-kubernetes",
  title: "swagger.json × kubernetes.json (3 MB, real-world, draft-04)",
  group: "real",
  load: (ctx) => {
    const real = realSchema(ctx, "swagger.json");
    const valid = readData<{ definitions: Record<string, Record<string, unknown>> }>(ctx, "kubernetes.json");
    const names = Object.keys(valid.definitions).filter((n) => "properties" in valid.definitions[n]!);
    const last = names[names.length - 1]!;
    const invalid = withValueAt(valid, ["definitions", last], { ...valid.definitions[last], required: "metadata" });
    return {
      ...real,
      valid,
      invalid,
      notes: [...real.notes, `Invalid instance: kubernetes.json with \`definitions["${last}"].required\` a string instead of an array.`],
    };
  },
} satisfies BenchCase;
