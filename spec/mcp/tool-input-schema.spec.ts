// ToolInputSchema: the object root rule, the gate, the author's schema kept exactly (key order
// included) for toJSON(), and the argument checks.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { InvalidArgumentsError, ToolInputSchema } from "../../src/mcp/index.js";
import { SchemaCache } from "../../src/index.js";
import { refused, richArguments, richInput, text } from "./fixtures.js";

const DIALECT = "https://json-schema.org/draft/2020-12/schema";

test("a root without type becomes an object; toJSON writes $schema first, then type, then the author's keys", () => {
  const schema = new ToolInputSchema({ properties: { q: { type: "string" } }, required: ["q"] });
  assert.is(text(schema.toJSON()), text({ $schema: DIALECT, type: "object", properties: { q: { type: "string" } }, required: ["q"] }));
  assert.not.ok(schema.validateArguments([]).valid, "the added type is enforced");
  assert.not.ok(schema.validateArguments("q").valid);
});

test("the author's $schema is kept where it was, and an added type follows a leading $schema", () => {
  const leading = new ToolInputSchema({ $schema: DIALECT, properties: {} });
  assert.is(text(leading.toJSON()), text({ $schema: DIALECT, type: "object", properties: {} }));
  const later = new ToolInputSchema({ type: "object", $schema: DIALECT });
  assert.is(text(later.toJSON()), text({ type: "object", $schema: DIALECT }));
});

test("a rich 2020-12 input schema keeps its object root and round-trips every keyword in order", () => {
  const schema = new ToolInputSchema({ type: "object", ...richInput });
  assert.is(text(schema.toJSON()), text({ $schema: DIALECT, type: "object", ...richInput }));
  const typeless = new ToolInputSchema(richInput);
  assert.is(text(typeless.toJSON()), text({ $schema: DIALECT, type: "object", ...richInput }));
  assert.ok(typeless.validateArguments(richArguments).valid);
  const noSeat = typeless.validateArguments({ ...richArguments, seat: undefined });
  assert.not.ok(noSeat.valid, "if/then: a plane needs a seat");
});

test("a root type other than \"object\" is a SchemaError \"input-root\"", () => {
  refused(() => new ToolInputSchema({ type: "string" }), "input-root", "/type");
  refused(() => new ToolInputSchema({ type: ["object", "null"] }), "input-root", "/type");
  refused(() => new ToolInputSchema({ type: ["object"] }), "input-root", "/type");
  refused(() => new ToolInputSchema(true), "input-root", "");
  refused(() => new ToolInputSchema(false), "input-root", "");
});

test("every schema goes through the gate first", () => {
  refused(() => new ToolInputSchema({ properties: { a: { $ref: "https://example.com/a.json" } } }), "external-ref", "/properties/a/$ref");
  refused(() => new ToolInputSchema({ properties: { a: { minLength: -1 } } }), "invalid-schema");
  const dialect = refused(() => new ToolInputSchema({ $schema: "https://example.com/my-dialect" }), "unsupported-dialect");
  assert.match(dialect.message, "unsupported dialect");
  let deep: Record<string, unknown> = {};
  for (let i = 0; i < 70; i++) deep = { not: deep };
  refused(() => new ToolInputSchema(deep), "depth");
  refused(() => new ToolInputSchema({ properties: { a: () => 1 } }), "not-json");
  const cyclic: Record<string, unknown> = { properties: {} };
  (cyclic.properties as Record<string, unknown>).self = cyclic;
  refused(() => new ToolInputSchema(cyclic), "not-json");
});

test("the schema is read once: a getter answering otherwise later changes neither the copy nor its checks", () => {
  for (const reads of [1, 2, 3, 4, 5, 6]) {
    let read = 0;
    const schema = {
      get $schema() {
        return ++read <= reads ? DIALECT : "http://json-schema.org/draft-07/schema#";
      },
      definitions: { a: {} },
      $ref: "#/definitions/a",
    };
    const input = new ToolInputSchema(schema, { cache: false });
    // The copy says the dialect the gate read.
    const advertised = (input.toJSON() as { $schema: string }).$schema;
    assert.is(advertised, input.validator.dialect === "2020-12" ? DIALECT : "http://json-schema.org/draft-07/schema#", `after ${reads} reads`);
    for (const args of ["a string", 42, null, [1, 2]]) {
      assert.not.ok(input.validateArguments(args).valid, `${JSON.stringify(args)} after ${reads} reads`);
      assert.ok("issues" in input["~standard"].validate(args));
    }
  }
});

// The caller's options went to each of a tool schema's compiles and root rules, read anew each
// time: a `dialect` getter read three times answered draft-07 to the root rule only, which then
// took the root `$ref` as hiding `required` (missingRequiredArguments said nothing is missing).
test("the options are read once: a getter answering otherwise later changes nothing", () => {
  let reads = 0;
  const options = { formats: undefined };
  Object.defineProperty(options, "dialect", { enumerable: true, get: () => (++reads === 2 ? "draft-07" : undefined) });
  const tool = new ToolInputSchema({ $ref: "#/$defs/args", required: ["city"], $defs: { args: { properties: { city: { type: "string" } } } } }, options);
  assert.is(reads, 1);
  assert.equal(tool.missingRequiredArguments({}), ["city"]);
  assert.not.ok(tool.validateArguments({}).valid);
});

test("the same content, in any key order, shares one compiled validator", () => {
  const cache = new SchemaCache();
  const a = new ToolInputSchema({ type: "object", properties: { x: { type: "integer", minimum: 1 } } }, { cache });
  const b = new ToolInputSchema({ properties: { x: { minimum: 1, type: "integer" } }, type: "object" }, { cache });
  assert.is(a.validator, b.validator);
  assert.is(text(b.toJSON()), text({ $schema: DIALECT, properties: { x: { minimum: 1, type: "integer" } }, type: "object" }), "each keeps its own order");
  const c = new ToolInputSchema({ properties: { x: { type: "integer", minimum: 1 } } }, { cache });
  assert.is(new ToolInputSchema({ properties: { x: { type: "integer", minimum: 1 } } }, { cache }).validator, c.validator);
});

test("the copy is private: changing the author's object or a toJSON() result changes nothing", () => {
  const author = { properties: { n: { type: "integer" } } };
  const schema = new ToolInputSchema(author);
  author.properties.n.type = "string";
  const json = schema.toJSON();
  (json.properties as Record<string, { type: string }>).n!.type = "boolean";
  assert.is(text(schema.toJSON()), text({ $schema: DIALECT, type: "object", properties: { n: { type: "integer" } } }));
  assert.ok(schema.validateArguments({ n: 1 }).valid);
  assert.not.ok(schema.validateArguments({ n: "1" }).valid);
});

test("prototype names are ordinary property names, in the schema and in the arguments", () => {
  const author = JSON.parse('{"properties":{"__proto__":{"type":"string"},"constructor":{"type":"integer"}},"required":["__proto__","toString"]}');
  const schema = new ToolInputSchema(author);
  assert.is(text(schema.toJSON()), text({ $schema: DIALECT, type: "object", ...author }));
  assert.equal(schema.missingRequiredArguments({}), ["__proto__", "toString"]);
  assert.equal(schema.missingRequiredArguments(JSON.parse('{"__proto__":"x"}')), ["toString"]);
  assert.not.ok(schema.validateArguments(JSON.parse('{"__proto__":1,"toString":1}')).valid);
});

test("validateArguments reports JSON Pointers; absent arguments are checked as {}", () => {
  const schema = new ToolInputSchema(richInput);
  const result = schema.validateArguments({ from: "P", to: "Rome", travellers: [1, -1], when: "2025-05-01" });
  assert.not.ok(result.valid);
  if (result.valid) return;
  const places = result.errors.map((e) => e.instanceLocation).sort();
  assert.equal(places, ["/from", "/travellers/1"]);
  const absent = schema.validateArguments(undefined);
  assert.not.ok(absent.valid);
  if (!absent.valid) assert.equal(absent.errors.map((e) => (e.keyword === "required" ? e.params.missingProperty : e.keyword)), ["from", "to"]);
  assert.ok(new ToolInputSchema({}).validateArguments().valid);
});

test("assertArguments returns the arguments or throws InvalidArgumentsError naming every error with its pointer", () => {
  const schema = new ToolInputSchema<{ a: string; b: number }>({ properties: { a: { type: "string" }, b: { type: "integer" } }, required: ["a"] });
  const args = { a: "x", b: 2 };
  assert.is(schema.assertArguments(args), args);
  try {
    schema.assertArguments({ a: 1, b: "2" });
    assert.unreachable("invalid arguments must throw");
  } catch (error) {
    assert.instance(error, InvalidArgumentsError);
    const e = error as InvalidArgumentsError;
    assert.is(e.name, "InvalidArgumentsError");
    assert.is(e.message, 'Invalid arguments: /a: must be string, but is 1; /b: must be integer, but is "2"');
    assert.is(e.errors.length, 2);
  }
  assert.throws(() => schema.assertArguments(undefined), /Invalid arguments: \(root\): must have required property "a"/);
  assert.equal(new ToolInputSchema({}).assertArguments(), {});
});

test("missingRequiredArguments lists the absent top-level required names, own properties only", () => {
  const schema = new ToolInputSchema({ properties: { a: {}, b: {} }, required: ["a", "b", "toString"] });
  assert.equal(schema.missingRequiredArguments({ a: 1 }), ["b", "toString"]);
  assert.equal(schema.missingRequiredArguments({ a: 1, b: undefined, toString: 0 }), []);
  assert.equal(schema.missingRequiredArguments(undefined), ["a", "b", "toString"]);
  assert.equal(schema.missingRequiredArguments(["a", "b"]), ["a", "b", "toString"]);
  assert.equal(schema.missingRequiredArguments(null), ["a", "b", "toString"]);
  assert.equal(new ToolInputSchema({ properties: {} }).missingRequiredArguments({}), []);
});

test("a custom metaschema without the validation vocabulary: the object root holds, required says what is required", () => {
  // There `type` and `required` are annotations: 42 and "text" passed as arguments, while
  // missingRequiredArguments({}) named a property validation did not require.
  const V = "https://json-schema.org/draft/2020-12/vocab/";
  const meta = {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: "https://ex.test/lean",
    $dynamicAnchor: "meta",
    $vocabulary: { [V + "core"]: true, [V + "applicator"]: true },
    allOf: [{ $ref: "https://json-schema.org/draft/2020-12/meta/core" }, { $ref: "https://json-schema.org/draft/2020-12/meta/applicator" }],
  };
  const options = { refs: "document" as const, schemas: { "https://ex.test/lean": meta }, cache: false as const };
  for (const root of [{}, { type: "object" }]) {
    const input = new ToolInputSchema({ $schema: "https://ex.test/lean", ...root, properties: { city: { type: "string" } }, required: ["city"] }, options);
    for (const args of ["just a string", 42, [1, 2], null, true]) {
      const result = input.validateArguments(args);
      assert.equal(result.valid ? [] : result.errors.map((e) => [e.keywordLocation, e.keyword]), [["/type", "type"]], JSON.stringify(args));
    }
    assert.ok(input.validateArguments({}).valid);
    assert.equal(input.missingRequiredArguments({}), []);
  }
  // Under the standard metaschema nothing changes: required is required.
  const standard = new ToolInputSchema({ properties: { city: { type: "string" } }, required: ["city"] }, { cache: false });
  assert.equal(standard.missingRequiredArguments({}), ["city"]);
  assert.not.ok(standard.validateArguments(42).valid);
});

test.run();
