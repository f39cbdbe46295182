// MCP tool output: allOf, anyOf, if/then/else and unevaluatedProperties: false.
import type { BenchCase } from "../lib/types.js";

export default {
  name: "mcp-output",
  title: "MCP tool output: allOf/anyOf/if-then-else, unevaluatedProperties: false",
  group: "mcp",
  load: () => ({
    schema: {
      type: "object",
      allOf: [
        {
          properties: { status: { enum: ["ok", "error"] }, requestId: { type: "string", minLength: 1 } },
          required: ["status", "requestId"],
        },
      ],
      if: { properties: { status: { const: "error" } } },
      then: {
        properties: {
          error: {
            type: "object",
            properties: { code: { type: "integer" }, message: { type: "string" } },
            required: ["code", "message"],
          },
        },
        required: ["error"],
      },
      else: {
        properties: {
          result: {
            type: "object",
            properties: {
              items: {
                type: "array",
                items: {
                  type: "object",
                  properties: { id: { type: "string" }, score: { type: "number", minimum: 0, maximum: 1 } },
                  required: ["id"],
                },
              },
              total: { type: "integer", minimum: 0 },
            },
            required: ["items"],
          },
        },
        required: ["result"],
      },
      anyOf: [
        { properties: { meta: { type: "object" } } },
        { properties: { cursor: { type: ["string", "null"] } } },
      ],
      unevaluatedProperties: false,
    },
    valid: {
      status: "ok",
      requestId: "req-7f3a",
      result: {
        items: [
          { id: "doc-1", score: 0.92 },
          { id: "doc-2", score: 0.81 },
          { id: "doc-3", score: 0.4 },
        ],
        total: 3,
      },
      cursor: null,
    },
    // Errors: a score above maximum, and a property nothing evaluated ("debug").
    invalid: {
      status: "ok",
      requestId: "req-7f3a",
      result: { items: [{ id: "doc-1", score: 1.5 }], total: 1 },
      cursor: null,
      debug: true,
    },
  }),
} satisfies BenchCase;
