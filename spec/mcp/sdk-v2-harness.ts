// Connects a Client of the MCP TypeScript SDK 2.x (@modelcontextprotocol/client) to a server of
// @modelcontextprotocol/server, both using schemagate's provider, in one of the two eras:
//   legacy (2025-11-25): InMemoryTransport.createLinkedPair(), the stateful in-memory pair.
//     Its wire codec wraps non-object structuredContent as { result } (and the schema likewise).
//   modern (2026-07-28): the stateless era, which 2.x serves only over per-request HTTP, so the
//     client's fetch is handed straight to createMcpHandler(): no socket, still in memory.
//     SEP-2106 results (arrays, primitives) travel as they are.
import { Client, StreamableHTTPClientTransport, type ClientOptions } from "@modelcontextprotocol/client";
import { createMcpHandler, InMemoryTransport, McpServer, Server } from "@modelcontextprotocol/server";
import { SchemagateJsonSchemaValidator } from "../../src/mcp/index.js";

export type Era = "legacy" | "modern";
export const ERAS: readonly Era[] = ["legacy", "modern"];

/** One provider for every client and server, as a host would share it. */
export const provider = new SchemagateJsonSchemaValidator();

export function newMcpServer(): McpServer {
  return new McpServer({ name: "schemagate-spec", version: "1.0.0" }, { jsonSchemaValidator: provider });
}

/** A low-level Server with fixed tools/list and tools/call answers: it can advertise what it likes. */
export function scriptedServer(tools: object[], results: Record<string, unknown>): Server {
  const server = new Server({ name: "scripted", version: "1.0.0" }, { capabilities: { tools: {} }, jsonSchemaValidator: provider });
  server.setRequestHandler("tools/list", () => ({ tools }) as never);
  server.setRequestHandler("tools/call", (request) => results[request.params.name] as never);
  return server;
}

export async function connect(era: Era, factory: () => McpServer | Server, options: ClientOptions = {}): Promise<Client> {
  if (era === "legacy") {
    const client = new Client({ name: "schemagate-spec-client", version: "1.0.0" }, { jsonSchemaValidator: provider, ...options });
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await Promise.all([factory().connect(serverSide), client.connect(clientSide)]);
    return client;
  }
  const client = new Client(
    { name: "schemagate-spec-client", version: "1.0.0" },
    { jsonSchemaValidator: provider, versionNegotiation: { mode: { pin: "2026-07-28" } }, ...options },
  );
  const handler = createMcpHandler(() => factory());
  const transport = new StreamableHTTPClientTransport(new URL("http://in-memory.invalid/mcp"), {
    fetch: (url, init) => handler.fetch(new Request(url, init)),
  });
  await client.connect(transport);
  return client;
}
