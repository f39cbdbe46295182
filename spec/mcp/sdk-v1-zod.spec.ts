// End to end with SDK 1.x's McpServer and zod tools, as most MCP servers are written, and a Client
// whose jsonSchemaValidator is a SchemagateJsonSchemaValidator with no options. 1.x advertises
// every tool schema as draft-07: zod 4 through its own toJSONSchema (format strings also get a
// `pattern`), zod 3 through zod-to-json-schema (`format` alone). zod is not a devDependency of
// ours: it comes with @modelcontextprotocol/sdk, and zod 4 carries zod 3 as "zod/v3".
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { test } from "uvu";
import * as assert from "uvu/assert";
import * as z4 from "zod";
import { z as z3 } from "zod/v3";
import { compile } from "../../src/index.js";
import { SchemagateJsonSchemaValidator } from "../../src/mcp/index.js";
import { rejection } from "./fixtures.js";

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";
const provider = new SchemagateJsonSchemaValidator();
const TICKET = {
  seats: [{ row: 3 }, { row: 4 }],
  contact: "ada@example.com",
  ticket: "3b241101-e2bb-4255-8caf-4136c566a962",
  departs: "2025-05-01T09:30:00Z",
};
// zod 3's builders have the same names as zod 4's; the cast only spares a second copy of the shapes.
const ZODS: [string, typeof z4][] = [["zod 4", z4], ["zod 3", z3 as unknown as typeof z4]];

function bookingServer(z: typeof z4): McpServer {
  const server = new McpServer({ name: "bookings", version: "1.0.0" });
  const inputSchema = { city: z.string().min(1) };
  const outputSchema = { seats: z.array(z.object({ row: z.number().int() })), contact: z.string().email(), ticket: z.string().uuid(), departs: z.string().datetime() };
  server.registerTool("book", { inputSchema, outputSchema }, async () => ({ content: [], structuredContent: TICKET }));
  // The server's zod check strips unknown keys from its own parse but sends the result as the
  // handler returned it: the extra key breaks the advertised `additionalProperties: false`.
  const leaked = { ...TICKET, seats: [{ row: 3 }, { row: 4, price: 90 }] };
  server.registerTool("leaky", { inputSchema, outputSchema }, async () => ({ content: [], structuredContent: leaked }));
  return server;
}

async function connect(z: typeof z4): Promise<Client> {
  const client = new Client({ name: "spec-client", version: "1.0.0" }, { jsonSchemaValidator: provider });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([bookingServer(z).connect(serverSide), client.connect(clientSide)]);
  return client;
}

for (const [label, z] of ZODS) {
  test(`${label}: listTools works; every schema says draft-07 and is read as draft-07`, async () => {
    const client = await connect(z);
    const { tools } = await client.listTools();
    assert.equal(tools.map((t) => t.name), ["book", "leaky"]);
    for (const schema of tools.flatMap((t) => [t.inputSchema, t.outputSchema])) {
      assert.is(schema?.$schema, DRAFT_07);
      assert.is(compile(schema).dialect, "draft-07");
    }
    const seats = tools[0]!.outputSchema!.properties!.seats as { items: Record<string, unknown> };
    assert.is(seats.items.additionalProperties, false, "what the leaky tool breaks");
    await client.close();
  });

  test(`${label}: a valid result, with email, uuid and date-time formats, comes back`, async () => {
    const client = await connect(z);
    await client.listTools();
    const result = await client.callTool({ name: "book", arguments: { city: "Oslo" } });
    assert.is(result.isError, undefined);
    assert.equal(result.structuredContent, TICKET);
    await client.close();
  });

  test(`${label}: a result that breaks the advertised outputSchema is rejected, naming the path`, async () => {
    const client = await connect(z);
    await client.listTools();
    const error = await rejection(client.callTool({ name: "leaky", arguments: { city: "Oslo" } }));
    assert.match(error.message, `Structured content does not match the tool's output schema: /seats/1: must not have property "price"`);
    await client.close();
  });

  test(`${label}: the advertised formats assert, as the client would check them`, async () => {
    const client = await connect(z);
    const check = provider.getValidator((await client.listTools()).tools[0]!.outputSchema);
    assert.ok(check(TICKET).valid);
    // The server's own zod check never lets these out, so the listed schema is asked directly.
    for (const [field, value, format] of [["contact", "ada", "email"], ["ticket", "T-1", "uuid"], ["departs", "tomorrow", "date-time"]]) {
      assert.match(check({ ...TICKET, [field!]: value }).errorMessage ?? "", `/${field}: must match format "${format}"`);
    }
    await client.close();
  });
}

test.run();
