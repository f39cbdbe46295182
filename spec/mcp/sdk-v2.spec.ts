// End to end against the MCP TypeScript SDK 2.x (@modelcontextprotocol/server 2.4 and
// @modelcontextprotocol/client 2.4, which install and run on Node 20): a Client and a server
// connected in memory, both using SchemagateJsonSchemaValidator. See sdk-v2-harness.ts for the
// two eras.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { ToolInputSchema, ToolOutputSchema, withStructuredContentFallback } from "../../src/mcp/index.js";
import { rejection, richArguments, richInput, text } from "./fixtures.js";
import { connect, ERAS, newMcpServer, scriptedServer } from "./sdk-v2-harness.js";

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";
const input = new ToolInputSchema(richInput);
const FALSY: [string, object, unknown][] = [
  ["zero", { type: "integer" }, 0],
  ["no", { type: "boolean" }, false],
  ["empty", { type: "string", maxLength: 0 }, ""],
  ["nothing", { type: "null" }, null],
];

function travelServer() {
  const server = newMcpServer();
  server.registerTool("book", { inputSchema: input, outputSchema: new ToolOutputSchema({ properties: { id: { type: "string" } }, required: ["id"] }) }, async () => ({
    content: [],
    structuredContent: { id: "T-1" },
  }));
  const stops = compile<number[]>({ type: "array", items: { type: "integer" }, minItems: 1 });
  server.registerTool("stops", { outputSchema: stops }, async () => withStructuredContentFallback({ structuredContent: [3, 1, 4] }));
  server.registerTool("count", { outputSchema: new ToolOutputSchema({ type: "integer", minimum: 0 }) }, async () => ({ content: [], structuredContent: 42 }));
  for (const [name, schema, value] of FALSY) {
    server.registerTool(name, { outputSchema: new ToolOutputSchema(schema) }, async () => ({ content: [], structuredContent: value }));
  }
  const names = compile<{ names: string[] }>({ type: "object", properties: { names: { type: "array", items: { type: "string" } } }, required: ["names"] });
  server.registerTool("greet", { inputSchema: names }, async ({ names }) => ({ content: [{ type: "text", text: `hello ${names.join(", ")}` }] }));
  return server;
}

for (const era of ERAS) {
  test(`${era}: tools/list keeps a rich 2020-12 input schema`, async () => {
    const client = await connect(era, travelServer);
    const { tools } = await client.listTools();
    const book = tools.find((t) => t.name === "book")!;
    assert.equal(book.inputSchema, input.toJSON(), "every keyword, $defs, $anchor, if/then/else, allOf, anyOf, additionalProperties");
    const called = await client.callTool({ name: "book", arguments: richArguments });
    assert.equal(called.structuredContent, { id: "T-1" });
    await client.close();
  });

  test(`${era}: a schemagate validator as Standard Schema rejects bad arguments, with the path`, async () => {
    const client = await connect(era, travelServer);
    const ok = await client.callTool({ name: "greet", arguments: { names: ["Ada", "Alan"] } });
    assert.equal(ok.content, [{ type: "text", text: "hello Ada, Alan" }]);
    const bad = await client.callTool({ name: "greet", arguments: { names: ["Ada", 7] } });
    assert.is(bad.isError, true);
    assert.match(text(bad.content), "names.1: must be string, but is 7");
    const missing = await client.callTool({ name: "book", arguments: { from: "Paris" } });
    assert.match(text(missing.content), 'must have required property \\"to\\"');
    await client.close();
  });

  test(`${era}: one tool whose outputSchema has an external $ref fails alone; the others keep working`, async () => {
    const tools = [
      { name: "external", inputSchema: { type: "object" }, outputSchema: { type: "object", properties: { a: { $ref: "https://example.com/a.json" } } } },
      { name: "dialect", inputSchema: { type: "object" }, outputSchema: { $schema: "https://example.com/unknown-dialect", type: "object" } },
      { name: "fine", inputSchema: { type: "object" }, outputSchema: { type: "object", properties: { a: { type: "integer" } } } },
    ];
    const results = { fine: { content: [], structuredContent: { a: 1 } }, external: { content: [], structuredContent: { a: 1 } } };
    const client = await connect(era, () => scriptedServer(tools, results));
    assert.is((await client.listTools()).tools.length, 3);
    const external = await rejection(client.callTool({ name: "external", arguments: {} }));
    assert.match(external.message, "invalid outputSchema");
    assert.match(external.message, "leaves the document");
    const dialect = await rejection(client.callTool({ name: "dialect", arguments: {} }));
    assert.match(dialect.message, "unsupported dialect");
    assert.equal((await client.callTool({ name: "fine", arguments: {} })).structuredContent, { a: 1 });
    await client.close();
  });

  test(`${era}: a draft-07 ToolOutputSchema keeps its $schema on the wire and is read as draft-07`, async () => {
    const output = new ToolOutputSchema({ $schema: DRAFT_07, properties: { pair: { items: [{ type: "string" }, { type: "integer" }], additionalItems: false } } });
    const client = await connect(era, () => {
      const server = newMcpServer();
      const pair = (long: boolean) => ({ content: [], structuredContent: { pair: long ? ["a", 1, 2] : ["a", 1] } });
      server.registerTool("pair", { inputSchema: new ToolInputSchema<{ long: boolean }>({ properties: { long: { type: "boolean" } } }), outputSchema: output }, async ({ long }) => pair(long));
      return server;
    });
    const listed = (await client.listTools()).tools[0]!.outputSchema;
    assert.equal(listed, output.toJSON());
    assert.is(listed?.$schema, DRAFT_07);
    assert.equal((await client.callTool({ name: "pair", arguments: { long: false } })).structuredContent, { pair: ["a", 1] });
    // The server checks the result with the same schema first: additionalItems: false holds there.
    const long = await client.callTool({ name: "pair", arguments: { long: true } });
    assert.is(long.isError, true);
    assert.match(text(long.content), "Invalid structured content for tool pair: pair.2: no value is allowed here");
    await client.close();
  });

  test(`${era}: a result that does not match the advertised outputSchema is rejected by the client`, async () => {
    const tools = [{ name: "liar", inputSchema: { type: "object" }, outputSchema: { type: "object", properties: { n: { type: "integer" } } } }];
    const client = await connect(era, () => scriptedServer(tools, { liar: { content: [], structuredContent: { n: "one" } } }));
    await client.listTools();
    const error = await rejection(client.callTool({ name: "liar", arguments: {} }));
    assert.match(error.message, "does not match the tool's output schema: /n: must be integer, but is \"one\"");
    await client.close();
  });
}

test("modern: array and primitive structuredContent arrive as they are, validated on the client", async () => {
  const client = await connect("modern", travelServer);
  const { tools } = await client.listTools();
  assert.equal(tools.find((t) => t.name === "stops")!.outputSchema, { type: "array", items: { type: "integer" }, minItems: 1 });
  assert.equal(tools.find((t) => t.name === "count")!.outputSchema, new ToolOutputSchema({ type: "integer", minimum: 0 }).toJSON());
  const stops = await client.callTool({ name: "stops", arguments: {} });
  assert.equal(stops.structuredContent, [3, 1, 4]);
  assert.equal(stops.content, [{ type: "text", text: "[3,1,4]" }], "our text fallback, left alone by the SDK");
  assert.is((await client.callTool({ name: "count", arguments: {} })).structuredContent, 42);
  await client.close();
});

test("modern: 0, false, \"\" and null results are validated", async () => {
  const client = await connect("modern", travelServer);
  await client.listTools();
  for (const [name, , value] of FALSY) assert.is((await client.callTool({ name, arguments: {} })).structuredContent, value, name);
  const tools = FALSY.map(([name]) => ({ name, inputSchema: { type: "object" }, outputSchema: { type: "string", minLength: 1 } }));
  const results = Object.fromEntries(FALSY.map(([name, , value]) => [name, { content: [], structuredContent: value }]));
  const strict = await connect("modern", () => scriptedServer(tools, results));
  await strict.listTools();
  for (const [name, , value] of FALSY) {
    const error = await rejection(strict.callTool({ name, arguments: {} }));
    assert.match(error.message, "(root): must", `${text(value)} was validated`);
  }
  await Promise.all([client.close(), strict.close()]);
});

test("modern: a non-matching array result is rejected with the item's pointer", async () => {
  const tools = [{ name: "liar", inputSchema: { type: "object" }, outputSchema: { type: "array", items: { type: "integer" } } }];
  const client = await connect("modern", () => scriptedServer(tools, { liar: { content: [], structuredContent: [1, "two"] } }));
  await client.listTools();
  const error = await rejection(client.callTool({ name: "liar", arguments: {} }));
  assert.match(error.message, '/1: must be integer, but is "two"');
  await client.close();
});

test("legacy: the server validates elicitation answers with our provider", async () => {
  let server!: ReturnType<typeof newMcpServer>;
  const client = await connect("legacy", () => (server = newMcpServer()), { capabilities: { elicitation: { form: {} } } });
  let answer: Record<string, unknown> = { age: "old" };
  client.setRequestHandler("elicitation/create", async () => ({ action: "accept", content: answer }) as never);
  const requestedSchema = { type: "object" as const, properties: { age: { type: "integer" as const, minimum: 0 } }, required: ["age"] };
  const error = await rejection(server.server.elicitInput({ mode: "form", message: "Age?", requestedSchema }));
  assert.match(error.message, "does not match requested schema: /age: must be integer, but is \"old\"");
  answer = { age: 36 };
  assert.equal((await server.server.elicitInput({ mode: "form", message: "Age?", requestedSchema })).content, { age: 36 });
  await client.close();
});

test.run();
