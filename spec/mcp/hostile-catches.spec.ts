// Regressions (red-team probe of the MCP layer): the layer's own catch sites read what was thrown
// as `error instanceof Error ? error.message : String(error)`, and that read can throw again: a
// schema whose getter threw an object with a throwing toString (or a Proxy whose getPrototypeOf
// throws) on its second read made `new ToolInputSchema` throw that raw value, not a SchemaError;
// a structuredContent whose toJSON threw an Error with a throwing `message` made
// withStructuredContentFallback throw the raw value, not the TypeError it promises. Also: the
// provider took an array as its options (compile() refuses one), and toJSON() advertised what a
// `toJSON` on Object.prototype rewrote while the validator checked the schema as it is.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { SchemaError, SchemagateJsonSchemaValidator, ToolInputSchema, ToolOutputSchema, withStructuredContentFallback } from "../../src/mcp/index.js";

/** Throws values that fight being read. */
const hostileThrows: [string, () => unknown][] = [
  ["an object whose toString throws", () => ({ toString: () => { throw "raw"; } })],
  ["a Proxy whose getPrototypeOf throws", () => new Proxy({}, { getPrototypeOf: () => { throw "raw"; } })],
  ["a prototype-less object", () => Object.create(null)],
  ["an Error whose message getter throws", () => Object.defineProperty(new Error("x"), "message", { get: () => { throw "raw"; } })],
];

test("a schema that throws such a value as it is copied is a SchemaError not-json", () => {
  for (const [name, thrown] of hostileThrows) {
    const makers: [string, (schema: object) => unknown][] = [["ToolInputSchema", (schema) => new ToolInputSchema(schema)], ["ToolOutputSchema", (schema) => new ToolOutputSchema(schema)]];
    for (const [made, make] of makers) {
      let reads = 0;
      const schema = { type: "object", get properties() { if (reads++ === 0) return {}; throw thrown(); } };
      assert.throws(() => make(schema), (e: unknown) => e instanceof SchemaError && e.code === "not-json", `${made}: ${name}`);
    }
  }
});

test("a structuredContent that throws such a value as it is written is a TypeError", () => {
  for (const [name, thrown] of hostileThrows) {
    const structuredContent = [{ toJSON: () => { throw thrown(); } }];
    assert.throws(() => withStructuredContentFallback({ structuredContent }), (e: unknown) => e instanceof TypeError && e.message.startsWith("structuredContent is not JSON"), name);
  }
});

test("the provider refuses an array as its options, as compile() does", () => {
  assert.throws(() => new SchemagateJsonSchemaValidator([] as never), (e: unknown) => e instanceof TypeError && e.message === "the provider's options must be an object, not array");
});

test("toJSON() advertises the schema validated, whatever a toJSON on Object.prototype says", () => {
  const proto = Object.prototype as Record<string, unknown>;
  const written = { properties: { a: { type: "string" } }, required: ["a"] };
  for (const schema of [new ToolInputSchema(written), new ToolOutputSchema(written)]) {
    const clean = JSON.stringify(schema.toJSON());
    let advertised: string;
    try {
      proto.toJSON = function () { return 1; };
      const json = schema.toJSON();
      delete proto.toJSON;
      advertised = JSON.stringify(json);
    } finally {
      delete proto.toJSON;
    }
    assert.is(advertised, clean);
    assert.ok(clean.includes('"required":["a"]'), clean);
  }
});


/** Values whose every read throws: a revoked Proxy (a TypeError from the engine) and a Proxy whose traps throw. */
const unreadables: [string, () => object][] = [
  ["a revoked Proxy", () => { const { proxy, revoke } = Proxy.revocable({}, {}); revoke(); return proxy; }],
  ["a Proxy whose traps throw", () => new Proxy({}, { has: () => { throw "raw"; }, getOwnPropertyDescriptor: () => { throw "raw"; }, ownKeys: () => { throw "raw"; }, get: () => { throw "raw"; }, getPrototypeOf: () => { throw "raw"; } })],
];

test("missingRequiredArguments lists every required name of arguments that cannot be read, as validation fails them", () => {
  const tool = new ToolInputSchema({ properties: { a: { type: "string" }, b: { type: "string" } }, required: ["a", "b"] });
  for (const [name, unreadable] of unreadables) {
    assert.equal(tool.missingRequiredArguments(unreadable()), ["a", "b"], name);
    assert.is(tool.validateArguments(unreadable()).valid, false, name);
  }
});

test("withStructuredContentFallback: a result that cannot be read is a TypeError that says so", () => {
  for (const [name, unreadable] of unreadables) {
    const results: [string, () => object][] = [
      ["the result", unreadable],
      ["its structuredContent", () => ({ structuredContent: unreadable() })],
      ["its content", () => ({ structuredContent: [1], content: unreadable() })],
      ["its content's length", () => ({ structuredContent: [1], content: new Proxy([], { get: () => { throw "raw"; } }) })],
    ];
    for (const [which, result] of results) {
      // Content that is no array is the author's, unread: only a revoked Proxy throws as it is tested.
      if (which === "its content" && name !== "a revoked Proxy") continue;
      assert.throws(() => withStructuredContentFallback(result()), (e: unknown) => e instanceof TypeError && e.message.startsWith("the tool result could not be read"), `${name} as ${which}`);
    }
  }
});

test("withStructuredContentFallback: what was thrown is cut to 200 characters and escaped, as every text of the layer", () => {
  // The SDKs send this TypeError to the client and the model: it once carried 100 KB with ESC and U+202E.
  const key = "\u001b[2J\n[info] validated OK\u202e" + "x".repeat(100_000);
  const cyclic: Record<string, Record<string, unknown>> = { [key]: {} };
  cyclic[key]!["parent"] = cyclic;
  const throwing = [{ toJSON: () => { throw new Error("\u001b[31m" + "y".repeat(1_000_000)); } }];
  for (const structuredContent of [[cyclic], throwing]) {
    assert.throws(() => withStructuredContentFallback({ structuredContent }), (e: unknown) => e instanceof TypeError && e.message.length < 1_000 && !/[\u0000-\u001f\u202e]/u.test(e.message));
  }
  assert.throws(() => withStructuredContentFallback({ structuredContent: { toJSON: () => undefined } }), (e: unknown) => e instanceof TypeError && e.message.includes("an object whose toJSON gives undefined"));
});

test("withStructuredContentFallback: a thrown value that is no Error is said too, not blamed on JSON.stringify", () => {
  const cases: [thrown: unknown, said: string][] = [
    ["db connection lost", "the tool result could not be read: db connection lost"],
    [{ code: 42 }, "the tool result could not be read: [object Object]"],
    [{ toString: () => { throw new Error("no"); } }, "the tool result could not be read: a value that cannot be read"],
    ["\u001b[31m" + "z".repeat(1_000), ""],
  ];
  for (const [thrown, said] of cases) {
    let message = "";
    try {
      withStructuredContentFallback({ get structuredContent() { throw thrown; } });
    } catch (e) {
      assert.ok(e instanceof TypeError);
      message = e.message;
    }
    if (said !== "") assert.is(message, said);
    else assert.ok(message.length < 300 && !/[\u0000-\u001f]/u.test(message) && message.includes("zzz"), message);
  }
  const stringified = [{ toJSON: () => { throw "raw text"; } }];
  assert.throws(() => withStructuredContentFallback({ structuredContent: stringified }), (e: unknown) => e instanceof TypeError && (e as Error).message === "structuredContent is not JSON: raw text");
});

test("the tool schemas assert formats by default, as the provider does: one schema, one verdict on both sides", () => {
  const schema = { properties: { e: { type: "string", format: "email" } } };
  const provider = new SchemagateJsonSchemaValidator().getValidator(schema);
  for (const [data, valid] of [[{ e: "a@example.com" }, true], [{ e: "not-an-email" }, false]] as const) {
    assert.is(provider(data).valid, valid);
    assert.is(new ToolInputSchema(schema).validateArguments(data).valid, valid);
    assert.is(new ToolOutputSchema(schema).validateResult(data).valid, valid);
    // null is no options, as the provider and compile() take it (it made format an annotation here).
    assert.is(new ToolInputSchema(schema, null as never).validateArguments(data).valid, valid);
    assert.is(new ToolOutputSchema(schema, null as never).validateResult(data).valid, valid);
    assert.is(new SchemagateJsonSchemaValidator(null).getValidator(schema)(data).valid, valid);
  }
  // formats: undefined makes format an annotation, in each.
  assert.is(new ToolInputSchema(schema, { formats: undefined }).validateArguments({ e: "x" }).valid, true);
  assert.is(new ToolOutputSchema(schema, { formats: undefined }).validateResult({ e: "x" }).valid, true);
  assert.is(new SchemagateJsonSchemaValidator({ formats: undefined }).getValidator(schema)({ e: "x" }).valid, true);
});

test("the provider's constructor refuses options, not schemas: a bound {} does not meet is said by getValidator", () => {
  const provider = new SchemagateJsonSchemaValidator({ bounds: { maxSize: 1 }, onSchemaError: "reject" });
  const result = provider.getValidator({})(1);
  assert.is(result.valid, false);
  assert.throws(() => new SchemagateJsonSchemaValidator({ bounds: { maxSize: 1 } }).getValidator({}), (e: unknown) => e instanceof SchemaError && e.code === "size");
});

test.run();
