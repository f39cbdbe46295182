// MCP tool input whose strings are checked by patterns, as zod and hand-written tool schemas carry
// them: zod 4's email, uuid, ISO date and date-time, IPv4 and E.164 patterns (as z.toJSONSchema
// emits them), zod 3's email with its lookaheads (zod-to-json-schema, emailStrategy
// "pattern:zod"), semver.org's semver regex, slugs, ids, commit hashes, patternProperties keys
// and propertyNames. No `format`: the patterns alone (two peers assert formats).
import type { BenchCase } from "../lib/types.js";

/** zod 4 (z.email(), z.toJSONSchema). */
const ZOD_EMAIL = "^(?:[A-Za-z0-9_'+\\-]+\\.)*[A-Za-z0-9_'+\\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}$";
/** zod 3 (z.string().email(), zod-to-json-schema with emailStrategy "pattern:zod"). */
const ZOD3_EMAIL = "^(?!\\.)(?!.*\\.\\.)([a-zA-Z0-9_'+\\-\\.]*)[a-zA-Z0-9_+-]@([a-zA-Z0-9][a-zA-Z0-9\\-]*\\.)+[a-zA-Z]{2,}$";
const ZOD_UUID = "^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$";
const ZOD_DATE_BODY =
  "(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))";
const ZOD_DATE = `^${ZOD_DATE_BODY}$`;
const ZOD_DATETIME = `^${ZOD_DATE_BODY}T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z))$`;
const ZOD_IPV4 = "^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])$";
const ZOD_E164 = "^\\+[1-9]\\d{6,14}$";
/** semver.org's suggested regular expression (numbered groups). */
const SEMVER =
  "^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)(?:-((?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\\.(?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\\+([0-9a-zA-Z-]+(?:\\.[0-9a-zA-Z-]+)*))?$";
const SLUG = "^[a-z0-9]+(?:-[a-z0-9]+)*$";

const email = { type: "string", maxLength: 254, pattern: ZOD_EMAIL };

const valid = {
  ticketId: "TCK-004217",
  customerId: "3f2b8c1e-9a4d-4e7b-8c21-5d6f7a8b9c0d",
  requester: { name: "Ada Lovelace", email: "ada.lovelace+support@analytical-engines.co.uk", phone: "+442071234567" },
  cc: ["ops@example.com", "grace.hopper@navy.example.mil"],
  product: "billing-gateway",
  version: "2.14.0-rc.1+build.20240611",
  repository: "acme/billing-gateway",
  commit: "9fceb02d0ae598e95dc970b74767f19372d61af8",
  openedAt: "2024-06-11T09:42:17.250Z",
  dueDate: "2024-02-29",
  clientIp: "203.0.113.42",
  labels: ["regression", "p1", "payments"],
  headers: { "x-request-id": "req_8f14e45fceea167a", "content-type": "application/json" },
  attributes: { region: "eu_west_1", tier: "enterprise" },
};

export default {
  name: "mcp-patterns",
  title: "MCP tool input: 17 patterns (zod's email, uuid, ISO dates, semver, E.164, …), patternProperties, propertyNames",
  group: "mcp",
  load: () => ({
    schema: {
      type: "object",
      description: "Open a support ticket about a deployed release.",
      properties: {
        ticketId: { type: "string", pattern: "^TCK-[0-9]{6}$" },
        customerId: { type: "string", pattern: ZOD_UUID },
        requester: {
          type: "object",
          properties: {
            name: { type: "string", minLength: 1, maxLength: 100 },
            email,
            phone: { type: "string", pattern: ZOD_E164 },
          },
          required: ["email"],
          additionalProperties: false,
        },
        cc: { type: "array", items: { type: "string", pattern: ZOD3_EMAIL }, maxItems: 10 },
        product: { type: "string", pattern: SLUG, maxLength: 64 },
        version: { type: "string", pattern: SEMVER },
        repository: { type: "string", pattern: "^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$" },
        commit: { type: "string", pattern: "^[0-9a-f]{7,40}$" },
        openedAt: { type: "string", pattern: ZOD_DATETIME },
        dueDate: { type: "string", pattern: ZOD_DATE },
        clientIp: { type: "string", pattern: ZOD_IPV4 },
        labels: { type: "array", items: { type: "string", pattern: "^[a-z][a-z0-9-]{0,31}$" }, maxItems: 20 },
        headers: {
          type: "object",
          patternProperties: { "^x-[a-z0-9-]+$": { type: "string", maxLength: 200 }, "^(content-type|accept)$": { type: "string", pattern: "^[a-z]+/[a-z0-9.+-]+$" } },
          additionalProperties: false,
        },
        attributes: { type: "object", propertyNames: { pattern: "^[a-z_][a-z0-9_]{0,63}$" }, additionalProperties: { type: "string" } },
      },
      required: ["ticketId", "customerId", "requester", "product", "version"],
      additionalProperties: false,
    },
    valid,
    // Errors, all in patterns: a leading zero in the version, 2023-02-29, a cc address with "..",
    // a header key matching no pattern (so additional), an attribute name with an upper-case letter.
    invalid: {
      ...structuredClone(valid),
      cc: ["ops@example.com", "grace..hopper@navy.example.mil"],
      version: "2.014.0",
      dueDate: "2023-02-29",
      headers: { "x-request-id": "req_8f14e45fceea167a", "X-Trace": "on" },
      attributes: { region: "eu_west_1", Tier: "enterprise" },
    },
  }),
} satisfies BenchCase;
