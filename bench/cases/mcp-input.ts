// MCP tool input: five properties, `required`, `additionalProperties: false`.
import type { BenchCase } from "../lib/types.js";

export default {
  name: "mcp-input",
  title: "MCP tool input: 5 properties, required, additionalProperties: false",
  group: "mcp",
  load: () => ({
    schema: {
      type: "object",
      description: "Search the knowledge base.",
      properties: {
        query: { type: "string", minLength: 1, maxLength: 500, description: "What to look for." },
        limit: { type: "integer", minimum: 1, maximum: 100, default: 10 },
        offset: { type: "integer", minimum: 0 },
        includeArchived: { type: "boolean" },
        tags: { type: "array", items: { type: "string", maxLength: 40 }, maxItems: 10 },
      },
      required: ["query"],
      additionalProperties: false,
    },
    valid: { query: "weather in Paris", limit: 20, offset: 40, includeArchived: false, tags: ["travel", "climate"] },
    // Three errors: an empty query, a limit above maximum, an unknown property.
    invalid: { query: "", limit: 1000, offset: 0, tags: ["travel"], sort: "date" },
  }),
} satisfies BenchCase;
