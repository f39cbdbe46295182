// The MCP layer under a polluted Object.prototype (found by a red-team probe): plain data set there
// (as a JSON merge bug sets it) or a function set there must not change what a tool schema
// validates or advertises, nor what the provider's options mean. Each test sets the names, runs,
// and removes them, whatever happens.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { SchemagateJsonSchemaValidator, ToolInputSchema, ToolOutputSchema, withStructuredContentFallback } from "../../src/mcp/index.js";

function polluted<T>(values: Record<string, unknown>, run: () => T): T {
  const proto = Object.prototype as Record<string, unknown>;
  try {
    for (const [name, value] of Object.entries(values)) Object.defineProperty(proto, name, { value, configurable: true, writable: true, enumerable: true });
    return run();
  } finally {
    for (const name of Object.keys(values)) delete proto[name];
  }
}

const author = { type: "object", properties: { cmd: { type: "string", enum: ["ls"] } }, required: ["cmd"], additionalProperties: false };

test("a toJSON on Object.prototype cannot rewrite a tool schema after the gate read it", () => {
  const toJSON = function (this: Record<string, unknown>) {
    return this["additionalProperties"] === false ? { type: "object" } : this;
  };
  const input = polluted({ toJSON }, () => new ToolInputSchema(author, { cache: false }));
  const output = polluted({ toJSON }, () => new ToolOutputSchema(author, { cache: false }));
  for (const tool of [input, output]) {
    assert.is(tool.validator.isValid({ cmd: "rm -rf /" }), false);
    assert.equal(tool.toJSON(), { $schema: "https://json-schema.org/draft/2020-12/schema", ...author });
  }
  assert.is(input.validateArguments({ cmd: "rm -rf /" }).valid, false);
});

test("the provider's options are its own: an inherited formats or onSchemaError is none", () => {
  const uuid = { type: "string", format: "uuid" };
  for (const formats of [1, undefined, {}]) {
    const provider = polluted({ formats }, () => new SchemagateJsonSchemaValidator());
    assert.is(provider.getValidator(uuid)("nope").valid, false, `formats ${String(formats)}: format still asserts`);
  }
  const provider = polluted({ onSchemaError: "reject" }, () => new SchemagateJsonSchemaValidator());
  assert.throws(() => provider.getValidator({ $ref: "https://elsewhere.example/s.json" }), (e: unknown) => e instanceof Error && e.name === "SchemaError");
});

test("an inherited required or truncated changes no tool's answer or message", () => {
  const open = new ToolInputSchema({ properties: {} }, { cache: false });
  assert.equal(
    polluted({ required: ["evil"] }, () => new ToolInputSchema({ properties: {} }, { cache: false }).missingRequiredArguments({})),
    [],
  );
  assert.equal(open.missingRequiredArguments({}), []);
  const strict = new ToolInputSchema({ properties: { a: { type: "string" } } }, { cache: false });
  const provider = new SchemagateJsonSchemaValidator().getValidator({ properties: { a: { type: "string" } } });
  const plain = provider({ a: 1 });
  polluted({ truncated: true }, () => {
    assert.equal(provider({ a: 1 }), plain);
    assert.throws(() => strict.assertArguments({ a: 1 }), (e: unknown) => e instanceof Error && !e.message.includes("more not recorded"));
  });
});

test("withStructuredContentFallback reads the result's own members only, each once", () => {
  for (const content of ["x", null, [{ type: "text", text: "?" }]]) {
    const result = polluted({ content }, () => withStructuredContentFallback({ structuredContent: [1] }));
    assert.equal(result, { structuredContent: [1], content: [{ type: "text", text: "[1]" }] }, JSON.stringify(content));
  }
  const inherited = polluted({ structuredContent: [1] }, () => withStructuredContentFallback({ content: [] }));
  assert.equal(inherited, { content: [] }, "no structuredContent of its own: nothing is added");
  assert.equal(withStructuredContentFallback({ content: null, structuredContent: 3 } as never), { content: [{ type: "text", text: "3" }], structuredContent: 3 });
  let reads = 0;
  const changing = {
    get structuredContent() {
      return reads++ === 0 ? [1, 2] : { ok: 1 };
    },
  };
  const out = withStructuredContentFallback(changing) as { structuredContent: unknown; content: { text: string }[] };
  assert.equal(out.structuredContent, [1, 2], "the value returned is the one written as text");
  assert.is(out.content[0]!.text, "[1,2]");
});

test.run();
