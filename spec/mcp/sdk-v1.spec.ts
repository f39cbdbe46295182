// End to end against the MCP TypeScript SDK 1.x (@modelcontextprotocol/sdk 1.32): a Client and a
// low-level Server connected with InMemoryTransport.createLinkedPair(), both using
// SchemagateJsonSchemaValidator. McpServer with zod tools, as most 1.x servers are written, is in
// sdk-v1-zod.spec.ts.
// What 1.x cannot show, and sdk-v2.spec.ts does: 1.x parses structuredContent as an object and
// outputSchema with `type: "object"` before any provider sees them (no arrays or primitives),
// skips validation of falsy structuredContent, and McpServer.registerTool takes only Zod
// schemas (no Standard Schema). It also compiles every outputSchema inside listTools(), so one
// schema that getValidator refuses fails the whole listing: `onSchemaError: "reject"` exists
// for that.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ElicitRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { SchemagateJsonSchemaValidator, ToolInputSchema, ToolOutputSchema } from "../../src/mcp/index.js";
import { rejection, richArguments, richInput } from "./fixtures.js";

const provider = new SchemagateJsonSchemaValidator();
const input = new ToolInputSchema(richInput);
const output = new ToolOutputSchema({ properties: { id: { type: "string", pattern: "^T-" } }, required: ["id"] });

const TOOLS = [
  { name: "book", inputSchema: input.toJSON(), outputSchema: output.toJSON() },
  { name: "liar", inputSchema: { type: "object" }, outputSchema: output.toJSON() },
];
const RESULTS: Record<string, unknown> = {
  book: { content: [], structuredContent: { id: "T-1" } },
  liar: { content: [], structuredContent: { id: 7 } },
  external: { content: [], structuredContent: { a: 1 } },
};

async function connect(tools: object[], clientProvider = provider, capabilities = {}) {
  const server = new Server({ name: "scripted", version: "1.0.0" }, { capabilities: { tools: {} }, jsonSchemaValidator: provider });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }) as never);
  server.setRequestHandler(CallToolRequestSchema, async (request) => RESULTS[request.params.name] as never);
  const client = new Client({ name: "spec-client", version: "1.0.0" }, { jsonSchemaValidator: clientProvider, capabilities });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return { server, client };
}

test("tools/list keeps a rich 2020-12 input schema; a matching result passes", async () => {
  const { client } = await connect(TOOLS);
  const { tools } = await client.listTools();
  assert.equal(tools[0]!.inputSchema, input.toJSON());
  assert.equal(tools[0]!.outputSchema, output.toJSON());
  assert.equal((await client.callTool({ name: "book", arguments: richArguments })).structuredContent, { id: "T-1" });
  await client.close();
});

test("a result that does not match the outputSchema is rejected by the client", async () => {
  const { client } = await connect(TOOLS);
  await client.listTools();
  const error = await rejection(client.callTool({ name: "liar", arguments: {} }));
  assert.match(error.message, "does not match the tool's output schema: /id: must be string, but is ");
  await client.close();
});

test("an unknown $schema: getValidator throws \"unsupported dialect\", and 1.x fails listTools with it", async () => {
  const { client } = await connect([...TOOLS, { name: "dialect", inputSchema: { type: "object" }, outputSchema: { $schema: "https://example.com/unknown", type: "object" } }]);
  const error = await rejection(client.listTools());
  assert.match(error.message, "unsupported dialect");
  await client.close();
});

test("onSchemaError \"reject\": a tool whose outputSchema has an external $ref fails alone", async () => {
  const external = { name: "external", inputSchema: { type: "object" }, outputSchema: { type: "object", properties: { a: { $ref: "https://example.com/a.json" } } } };
  const strict = await connect([...TOOLS, external]);
  assert.match((await rejection(strict.client.listTools())).message, "leaves the document", "the default: the SchemaError surfaces");
  const { client } = await connect([...TOOLS, external], new SchemagateJsonSchemaValidator({ onSchemaError: "reject" }));
  assert.is((await client.listTools()).tools.length, 3);
  const error = await rejection(client.callTool({ name: "external", arguments: {} }));
  assert.match(error.message, "the schema cannot be used: $ref \"https://example.com/a.json\" leaves the document");
  assert.equal((await client.callTool({ name: "book", arguments: richArguments })).structuredContent, { id: "T-1" });
  await Promise.all([client.close(), strict.client.close()]);
});

test("the server validates elicitation answers with our provider", async () => {
  const { server, client } = await connect(TOOLS, provider, { elicitation: { form: {} } });
  let answer: Record<string, unknown> = { age: -1 };
  client.setRequestHandler(ElicitRequestSchema, async () => ({ action: "accept", content: answer }) as never);
  const requestedSchema = { type: "object" as const, properties: { age: { type: "integer" as const, minimum: 0 } }, required: ["age"] };
  const error = await rejection(server.elicitInput({ mode: "form", message: "Age?", requestedSchema }));
  assert.match(error.message, "does not match requested schema: /age: must be >= 0, but is -1");
  answer = { age: 36 };
  assert.equal((await server.elicitInput({ mode: "form", message: "Age?", requestedSchema })).content, { age: 36 });
  await client.close();
});

test.run();
