// MCP tool input with $defs + $ref, a oneOf of 3 variants, enum, pattern and uniqueItems.
import type { BenchCase } from "../lib/types.js";

export default {
  name: "mcp-defs",
  title: "MCP tool input: $defs/$ref, oneOf of 3, enum, pattern, uniqueItems",
  group: "mcp",
  load: () => ({
    schema: {
      type: "object",
      $defs: {
        email: { type: "string", pattern: "^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$", maxLength: 254 },
        recipient: {
          type: "object",
          properties: { name: { type: "string" }, email: { $ref: "#/$defs/email" } },
          required: ["email"],
          additionalProperties: false,
        },
      },
      properties: {
        to: { type: "array", items: { $ref: "#/$defs/recipient" }, minItems: 1, maxItems: 50, uniqueItems: true },
        cc: { type: "array", items: { $ref: "#/$defs/recipient" }, uniqueItems: true },
        priority: { enum: ["low", "normal", "high", "urgent"] },
        body: {
          oneOf: [
            {
              type: "object",
              properties: { kind: { const: "text" }, text: { type: "string", maxLength: 10000 } },
              required: ["kind", "text"],
              additionalProperties: false,
            },
            {
              type: "object",
              properties: { kind: { const: "html" }, html: { type: "string" } },
              required: ["kind", "html"],
              additionalProperties: false,
            },
            {
              type: "object",
              properties: {
                kind: { const: "template" },
                templateId: { type: "string", pattern: "^tpl_[a-z0-9]{4,32}$" },
                vars: { type: "object", additionalProperties: { type: "string" } },
              },
              required: ["kind", "templateId"],
              additionalProperties: false,
            },
          ],
        },
        labels: { type: "array", items: { type: "string", pattern: "^[a-z][a-z0-9-]*$" }, uniqueItems: true },
      },
      required: ["to", "body"],
      additionalProperties: false,
    },
    valid: {
      to: [
        { name: "Ada", email: "ada@example.org" },
        { name: "Grace", email: "grace@example.com" },
      ],
      cc: [{ email: "ops@example.net" }],
      priority: "high",
      body: { kind: "template", templateId: "tpl_weekly01", vars: { week: "12", team: "core" } },
      labels: ["digest", "weekly"],
    },
    // Errors: a duplicate recipient, a bad email, a priority outside the enum, a body matching no variant.
    invalid: {
      to: [
        { name: "Ada", email: "ada@example.org" },
        { name: "Ada", email: "ada@example.org" },
        { email: "not-an-email" },
      ],
      priority: "whenever",
      body: { kind: "template", templateId: "TPL-1" },
      labels: ["digest", "digest"],
    },
  }),
} satisfies BenchCase;
