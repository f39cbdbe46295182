// ToolInputSchema and ToolOutputSchema in every dialect: a caller's `$schema` is kept and decides
// how the schema is read, the root rules hold in each dialect, and with compile's `dialect` option
// instead, toJSON() names the dialect. Last, src/mcp/dialect.ts is held to the engine's tables.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { DIALECTS } from "../../src/keywords/dialects.js";
import { OBJECT } from "../../src/json/type-of.js";
import { metaschemaDocument } from "../../src/gate/metaschema-check.js";
import { isShaped, refHidesSiblings, schemaUriOf } from "../../src/mcp/dialect.js";
import { ToolInputSchema, ToolOutputSchema } from "../../src/mcp/index.js";
import { refused, text } from "./fixtures.js";

const D2020 = "https://json-schema.org/draft/2020-12/schema";
const D2019 = "https://json-schema.org/draft/2019-09/schema";
const D7 = "http://json-schema.org/draft-07/schema#";
const D6 = "http://json-schema.org/draft-06/schema#";
const D4 = "http://json-schema.org/draft-04/schema#";
const CANONICAL = { "2020-12": D2020, "2019-09": D2019, "draft-07": D7, "draft-06": D6, "draft-04": D4 } as const;
const errorsAt = (result: { valid: boolean; errors?: { instanceLocation: string }[] }) => (result.errors ?? []).map((e) => e.instanceLocation);

test("draft-07 output: tuple items with additionalItems: false, as written and validated by draft-07", () => {
  const tuple = { $schema: D7, type: "array", items: [{ type: "string" }, { type: "integer" }], additionalItems: false };
  const schema = new ToolOutputSchema(tuple);
  assert.is(text(schema.toJSON()), text(tuple));
  assert.is(schema.validator.dialect, "draft-07");
  assert.ok(schema.validateResult(["a", 1]).valid);
  assert.equal(errorsAt(schema.validateResult(["a", 1, 2])), ["/2"]);
  assert.equal(errorsAt(schema.validateResult([1])), ["/0"]);
  const { $schema, ...unmarked } = tuple;
  refused(() => new ToolOutputSchema(unmarked), "invalid-schema"); // 2020-12 has no array-form items
});

test("draft-07 input: definitions, and a $ref whose siblings are ignored", () => {
  const author = { $schema: D7, properties: { city: { $ref: "#/definitions/city", minLength: 50 } }, required: ["city"], definitions: { city: { type: "string", minLength: 2 } } };
  const schema = new ToolInputSchema(author);
  const { $schema, ...rest } = author;
  assert.is(text(schema.toJSON()), text({ $schema, type: "object", ...rest }));
  assert.ok(schema.validateArguments({ city: "Oslo" }).valid, "minLength: 50 beside $ref is ignored");
  assert.equal(errorsAt(schema.validateArguments({ city: "O" })), ["/city"]);
  assert.equal(schema.missingRequiredArguments({}), ["city"]);
  assert.not.ok(new ToolInputSchema(rest).validateArguments({ city: "Oslo" }).valid, "2020-12 applies the sibling");
});

test("the input root rule holds in every dialect", () => {
  for (const uri of Object.values(CANONICAL)) {
    const schema = new ToolInputSchema({ $schema: uri, properties: { n: { type: "integer" } } });
    assert.is(text(schema.toJSON()), text({ $schema: uri, type: "object", properties: { n: { type: "integer" } } }), uri);
    assert.not.ok(schema.validateArguments([1]).valid, uri);
    assert.ok(schema.validateArguments({ n: 1 }).valid, uri);
    refused(() => new ToolInputSchema({ $schema: uri, type: "array" }), "input-root", "/type");
  }
});

test("draft-04 to 07: a root $ref hides the type beside it, so arguments are still checked to be an object", () => {
  const definitions = { args: { properties: { q: { type: "string" } }, required: ["q"] } };
  for (const uri of [D7, D6, D4]) {
    const schema = new ToolInputSchema({ $schema: uri, $ref: "#/definitions/args", required: ["hidden"], definitions });
    assert.is(text(schema.toJSON()), text({ $schema: uri, type: "object", $ref: "#/definitions/args", required: ["hidden"], definitions }));
    assert.ok(schema.validator.isValid("q"), "the advertised schema alone ignores type beside $ref");
    assert.equal(errorsAt(schema.validateArguments("q")), [""]);
    assert.throws(() => schema.assertArguments("q"), /^Invalid arguments: \(root\): must be object, but is "q"$/);
    assert.ok(schema.validateArguments({ q: "x" }).valid);
    assert.equal(errorsAt(schema.validateArguments({ q: 1 })), ["/q"]);
    assert.equal(schema.missingRequiredArguments({}), [], "the root's required is hidden too");
  }
  const modern = new ToolInputSchema({ $ref: "#/$defs/args", required: ["shown"], $defs: definitions });
  assert.not.ok(modern.validator.isValid("q"), "2020-12 applies the added type beside $ref");
  assert.equal(modern.missingRequiredArguments({}), ["shown"]);
});

test("output: a type is added only when the root has none of its dialect's shaping keywords", () => {
  const list = { list: { type: "array", items: { type: "string" } } };
  const kept = [
    { $schema: D2019, $recursiveRef: "#/$defs/list", $defs: list },
    { $schema: D7, $ref: "#/definitions/list", definitions: list },
    { $schema: D7, if: { type: "string" }, then: { minLength: 1 } },
    { $schema: D6, const: 3 },
  ];
  for (const root of kept) assert.is(text(new ToolOutputSchema(root).toJSON()), text(root));
  assert.ok(new ToolOutputSchema(kept[0]).validateResult(["a"]).valid);
  assert.not.ok(new ToolOutputSchema(kept[1]).validateResult(["a", 1]).valid);
  // Keywords the dialect does not have shape nothing: the root is an object, as MCP reads it.
  const typed = [
    [D7, { $dynamicRef: "#/definitions/list", definitions: list }],
    [D6, { if: { type: "string" } }],
    [D4, { const: 3 }],
  ] as const;
  for (const [$schema, rest] of typed) {
    const schema = new ToolOutputSchema({ $schema, ...rest });
    assert.is(text(schema.toJSON()), text({ $schema, type: "object", ...rest }));
    assert.not.ok(schema.validateResult("a").valid, $schema);
  }
});

test("with the dialect option and no $schema, toJSON names that dialect, canonically spelled", () => {
  for (const [name, uri] of Object.entries(CANONICAL)) {
    const input = new ToolInputSchema({ properties: {} }, { dialect: name });
    assert.is(input.validator.dialect, name);
    assert.is(text(input.toJSON()), text({ $schema: uri, type: "object", properties: {} }));
    assert.is(text(new ToolOutputSchema({ type: "string" }, { dialect: name }).toJSON()), text({ $schema: uri, type: "string" }));
  }
  const byUri = new ToolOutputSchema({ type: "array", items: [{ type: "string" }], additionalItems: false }, { dialect: "https://json-schema.org/draft-07/schema" });
  assert.is(byUri.toJSON().$schema, D7);
  assert.not.ok(byUri.validateResult(["a", "b"]).valid, "validated as draft-07");
  const authored = new ToolOutputSchema({ $schema: D2020, prefixItems: [{ type: "string" }], items: false, type: "array" }, { dialect: "draft-07" });
  assert.is(authored.validator.dialect, "2020-12", "the author's $schema wins over the option");
  assert.is(authored.toJSON().$schema, D2020);
});

test("unknownDialect: \"default\": an unknown $schema is kept as written and read as the default", () => {
  const draft03 = { $schema: "http://json-schema.org/draft-03/schema#", type: "array", maxItems: 1 };
  refused(() => new ToolOutputSchema(draft03), "unsupported-dialect");
  const lenient = new ToolOutputSchema(draft03, { unknownDialect: "default" });
  assert.is(text(lenient.toJSON()), text(draft03));
  assert.is(lenient.validator.dialect, "2020-12");
  assert.not.ok(lenient.validateResult([1, 2]).valid);
});

// ToolOutputSchema added `type: "object"` to any root without a reference, `type` or composition:
// `{ items: … }`, `{ prefixItems, minItems }`, `{ minimum: 0 }`, the README's own draft-07 tuple
// (`items: [ … ]`, `additionalItems: false`) then rejected the very values they describe.
test("an output root of array, string or number keywords keeps its meaning: no object type is added", () => {
  const cases: [object, unknown][] = [
    [{ $schema: "http://json-schema.org/draft-07/schema#", items: [{ type: "string" }], additionalItems: false }, ["a"]],
    [{ items: { type: "number" } }, [1, 2]],
    [{ prefixItems: [{ type: "number" }], minItems: 1 }, [1]],
    [{ minimum: 0 }, 3],
    [{ format: "date" }, "2026-12-06"],
    [{ unevaluatedItems: false, prefixItems: [{}] }, [1]],
    // Keywords whose table entry names no kind: contains' bounds, the content keywords.
    [{ maxContains: 1 }, [1]],
    [{ minContains: 0 }, [1]],
    [{ contentMediaType: "application/json" }, "{}"],
    [{ contentEncoding: "base64" }, "e30="],
    [{ contentSchema: { type: "object" } }, "{}"],
    [{ $schema: "http://json-schema.org/draft-07/schema#", contentMediaType: "application/json" }, "{}"],
  ];
  for (const [schema, value] of cases) {
    const output = new ToolOutputSchema(schema);
    assert.ok(output.validateResult(value).valid, JSON.stringify(schema));
    assert.not.ok("type" in (output.toJSON() as object), JSON.stringify(schema));
  }
  // A root of object keywords only is still taken as an object.
  const shapeless = new ToolOutputSchema({ properties: { a: { type: "string" } }, required: ["a"] });
  assert.not.ok(shapeless.validateResult([1]).valid);
  assert.is((shapeless.toJSON() as { type?: string }).type, "object");
});

/** Keywords that say nothing of what kind of value the root is. */
const KINDLESS = new Set(["then", "else", "$defs", "definitions", "title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly", "unevaluatedProperties", "$id", "id", "$anchor", "$dynamicAnchor", "$recursiveAnchor"]);

test("src/mcp/dialect.ts agrees with the engine's dialect tables", () => {
  const references = new Set(DIALECTS.flatMap((d) => [...d.keywords.values()].filter((k) => k.reference !== undefined).map((k) => k.name)));
  for (const d of DIALECTS) {
    const own = metaschemaDocument(d.uri)!.copy as { $schema: string };
    assert.is(schemaUriOf(d.name), own.$schema, d.name);
    assert.is(schemaUriOf(d.name).replace(/#$/, ""), d.uri);
    for (const name of references) assert.is(isShaped(d.name, { [name]: "#" }), d.keywords.get(name)?.reference !== undefined, `${d.name} ${name}`);
    for (const name of ["type", "oneOf", "anyOf", "allOf", "not", "enum", "if", "const"]) assert.is(isShaped(d.name, { [name]: {} }), d.keywords.has(name), `${d.name} ${name}`);
    assert.not.ok(isShaped(d.name, { properties: {}, then: {}, required: [], additionalProperties: false, minProperties: 1 }));
    // A keyword that applies to no object describes another kind of value: an added type would forbid it.
    for (const [name, kind] of d.keywords) {
      if (kind.appliesTo !== undefined && (kind.appliesTo & OBJECT) === 0) assert.ok(isShaped(d.name, { properties: {}, [name]: {} }), `${d.name} ${name}`);
    }
    for (const name of ["items", "minLength", "maximum", "format"]) assert.ok(isShaped(d.name, { [name]: {} }), `${d.name} ${name}`);
    // Every keyword whose entry names no kind is sorted: one that says nothing of the value's kind
    // (below) gets the object type; any other, a new keyword included, must shape.
    for (const [name, kind] of d.keywords) {
      if (kind.appliesTo !== undefined || kind.reference !== undefined) continue;
      assert.is(isShaped(d.name, { [name]: {} }), !KINDLESS.has(name), `${d.name} ${name}`);
    }
    assert.is(refHidesSiblings(d.name, { [d.ref.name]: "#" }), d.refOverrides);
  }
});

test.run();
