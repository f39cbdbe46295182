// SchemagateJsonSchemaValidator without the SDK: the result shape, the error text and its cap,
// the gate's refusals, and one function per schema content.
import fc from "fast-check";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { MAX_ERROR_MESSAGE_LENGTH, SchemagateJsonSchemaValidator } from "../../src/mcp/index.js";
import { describeErrors } from "../../src/mcp/messages.js";
import { SchemaCache, type OutputUnit } from "../../src/index.js";
import { refused, richArguments, richInput } from "./fixtures.js";
import { formats } from "../../src/formats/index.js";

const provider = new SchemagateJsonSchemaValidator();

test("a valid value comes back as data, synchronously", () => {
  const check = provider.getValidator<{ from: string }>({ type: "object", ...richInput });
  const result = check(richArguments);
  assert.equal(result, { valid: true, data: richArguments, errorMessage: undefined });
  assert.is(result.data, richArguments);
  assert.not.instance(result, Promise);
  for (const value of [0, false, "", null]) assert.is(provider.getValidator({ const: value })(value).valid, true);
});

test("errorMessage lists instanceLocation: message pairs joined by \"; \"", () => {
  const check = provider.getValidator({ type: "object", properties: { a: { type: "string" }, "x/y": { maximum: 1 } }, required: ["b"] });
  assert.equal(check({ a: 1, "x/y": 2 }), {
    valid: false,
    data: undefined,
    errorMessage: '(root): must have required property "b"; /a: must be string, but is 1; /x~1y: must be <= 1, but is 2',
  });
  assert.is(provider.getValidator({ type: "array" })({}).errorMessage, "(root): must be array, but is an object");
});

test("errorMessage is cut at MAX_ERROR_MESSAGE_LENGTH and says how many errors were left out", () => {
  const check = provider.getValidator({ type: "array", items: { type: "string" } });
  const message = check(Array.from({ length: 500 }, (_, i) => i)).errorMessage!;
  assert.ok(message.length <= MAX_ERROR_MESSAGE_LENGTH, `${message.length} characters`);
  assert.match(message, /^\/0: must be string, but is 0; \/1: /);
  assert.match(message, /… \(\d+ more\)$/);
  const listed = message.split("; ").length;
  assert.is(Number(/\((\d+) more\)$/.exec(message)![1]) + listed, 500);
  const longKey = "k".repeat(5_000);
  const one = provider.getValidator({ additionalProperties: { type: "string" } })({ [longKey]: 1 }).errorMessage!;
  assert.is(one.length, MAX_ERROR_MESSAGE_LENGTH);
  assert.ok(one.startsWith(`/${"k".repeat(100)}`) && one.endsWith("…"));
});

test("past maxErrors the count of the errors left out is a floor (\"970+ more\"), as more exist", () => {
  // It said "(970 more)" of 100,000 failing properties: the validator had recorded 1,000.
  const wide: Record<string, number> = {};
  for (let i = 0; i < 100_000; i++) wide[`k${i}`] = i;
  const message = provider.getValidator({ type: "object", additionalProperties: { type: "string" } })(wide).errorMessage!;
  const [, left, plus] = /\((\d+)(\+?) more\)$/.exec(message)!;
  assert.is(plus, "+");
  assert.is(Number(left) + message.split("; ").length, 1_000);
  const some: Record<string, number> = { a: 1, b: 2 };
  assert.not.match(provider.getValidator({ additionalProperties: { type: "string" } })(some).errorMessage!, "more");
});

test("describeErrors never passes its limit and keeps whole pairs when it cuts", () => {
  const unit = fc.record({ instanceLocation: fc.string({ maxLength: 300 }), error: fc.string({ minLength: 1, maxLength: 300 }) });
  fc.assert(
    fc.property(fc.array(unit, { maxLength: 40 }), fc.integer({ min: 40, max: 2_000 }), fc.boolean(), (units, max, truncated) => {
      const errors = units.map((u) => ({ ...u, keywordLocation: "", keyword: "x", params: {} }) as OutputUnit);
      const message = describeErrors(errors, truncated, max);
      assert.ok(message.length <= max, `${message.length} > ${max}`);
      const full = describeErrors(errors, false, Infinity);
      if (!truncated && full.length <= max) assert.is(message, full);
    }),
  );
});

// The provider took its options as they came: a misspelt onSchemaError ("Reject", true) meant the
// default "throw", which SDK 1.x turns into no result check at all, and a bad compile option was
// a TypeError from each getValidator, inside the SDK, that "reject" (it turns SchemaErrors into
// rejecting validators) let through. Both are said at construction now.
test("the provider's own options are checked as it is made", () => {
  const typeError = (message: string) => (error: unknown) => error instanceof TypeError && error.message.includes(message);
  for (const mode of ["Reject", "rejects", "", true, 1]) {
    assert.throws(() => new SchemagateJsonSchemaValidator({ onSchemaError: mode as never }), typeError('onSchemaError must be "throw" or "reject"'), String(mode));
  }
  assert.throws(() => new SchemagateJsonSchemaValidator({ onSchemaError: "reject", refs: "documents" as never }), typeError("refs must be"));
  assert.throws(() => new SchemagateJsonSchemaValidator({ bounds: { maxDepth: 0 } }), (error: unknown) => error instanceof RangeError);
  assert.throws(() => new SchemagateJsonSchemaValidator(5 as never), typeError("options must be an object, not number"));
  assert.throws(() => new SchemagateJsonSchemaValidator(new Map() as never), typeError("options must be a plain object, not a Map"));
  assert.throws(() => new SchemagateJsonSchemaValidator(Promise.resolve({}) as never), typeError("options must be a plain object, not a Promise"));
  // The test compile sets its own cache: the caller's is checked on its own (it came from each getValidator).
  for (const cache of [null, new Map(), 5]) {
    assert.throws(() => new SchemagateJsonSchemaValidator({ cache: cache as never, onSchemaError: "reject" }), typeError("cache must be a SchemaCache or false"), String(cache));
  }
  for (const cache of [false, new SchemaCache(), undefined] as const) assert.ok(new SchemagateJsonSchemaValidator({ cache }).getValidator({ type: "string" })("a").valid);
  // null is no options, as compile() takes it.
  assert.is(new SchemagateJsonSchemaValidator(null).getValidator({ type: "string" })("a").valid, true);
  for (const mode of ["throw", "reject", undefined] as const) assert.ok(new SchemagateJsonSchemaValidator({ onSchemaError: mode }));
  // A `dialect` naming none refused every tool's schema, its own `$schema` or not (as unsupported-dialect
  // at the schema root): a client's typo blamed on each server, and under SDK 1.x no check at all.
  for (const dialect of ["draft7", "2020", "", 7, {}]) {
    assert.throws(() => new SchemagateJsonSchemaValidator({ dialect: dialect as never, onSchemaError: "reject" }), (error: unknown) => error instanceof RangeError && error.message.includes("the dialect option must name a dialect"), String(dialect));
  }
  for (const dialect of ["draft-07", "http://json-schema.org/draft-07/schema#", "https://json-schema.org/draft/2020-12/schema"] as const) {
    assert.ok(new SchemagateJsonSchemaValidator({ dialect }).getValidator({ type: "string" })("a").valid, dialect);
  }
});

test("getValidator throws the gate's SchemaError for a schema it refuses", () => {
  refused(() => provider.getValidator({ $ref: "https://example.com/schema.json" }), "external-ref", "/$ref");
  refused(() => provider.getValidator({ type: "object", properties: { a: { type: "strin" } } }), "invalid-schema");
  const dialect = refused(() => provider.getValidator({ $schema: "https://example.com/unknown", type: "object" }), "unsupported-dialect");
  assert.match(dialect.message, "unsupported dialect");
  let deep: Record<string, unknown> = { type: "object" };
  for (let i = 0; i < 70; i++) deep = { properties: { a: deep } };
  refused(() => provider.getValidator(deep), "depth");
  refused(() => provider.getValidator({ pattern: "(" }), "invalid-regex", "/pattern");
});

test("onSchemaError: \"reject\" returns a validator that rejects every value, saying why", () => {
  const lenient = new SchemagateJsonSchemaValidator({ onSchemaError: "reject" });
  const check = lenient.getValidator({ $ref: "https://example.com/schema.json" });
  const result = check({});
  assert.is(result.valid, false);
  assert.match(result.errorMessage!, /^the schema cannot be used: .*leaves the document/);
  assert.match(lenient.getValidator({ type: () => "object" })(1).errorMessage!, "not JSON");
  // The reason quotes the schema's $ref: cut at MAX_ERROR_MESSAGE_LENGTH as validation errors are.
  const long = lenient.getValidator({ $ref: "https://example.com/" + "😀".repeat(100_000) })({}).errorMessage!;
  assert.ok(long.length <= MAX_ERROR_MESSAGE_LENGTH, `${long.length} characters`);
  assert.match(long, /^the schema cannot be used: .*https:\/\/example\.com\/.*….* at \/\$ref$/);
  assert.not.match(long, /[\ud800-\udbff]…|…[\udc00-\udfff]/, "no half of a surrogate pair at the cut");
  // A mistake in the options is the caller's bug, not the schema's: it still throws, as the provider is made.
  assert.throws(() => new SchemagateJsonSchemaValidator({ onSchemaError: "reject", bounds: { maxDepth: 0 } }), RangeError);
});

test("the same content gives the same validator function, whatever the key order", () => {
  const cache = new SchemaCache();
  const own = new SchemagateJsonSchemaValidator({ cache });
  const a = own.getValidator({ type: "object", properties: { n: { type: "integer", minimum: 0 } } });
  for (let i = 0; i < 10_000; i++) own.getValidator({ properties: { n: { minimum: 0, type: "integer" } }, type: "object" });
  assert.is(own.getValidator({ properties: { n: { minimum: 0, type: "integer" } }, type: "object" }), a);
  assert.equal({ ...cache.stats, bytes: 0 }, { hits: 10_001, misses: 1, evictions: 0, size: 1, bytes: 0 });
  assert.is.not(own.getValidator({ type: "object" }), a);
});

test("compile options pass through (format assertion, refs, cache)", () => {
  assert.is(provider.getValidator({ format: "email" })("not an email").valid, false, "format asserts by default, as with the SDK's ajv provider");
  assert.is(provider.getValidator({ format: "email" })("a@b.example").valid, true);
  const annotating = new SchemagateJsonSchemaValidator({ formats: undefined });
  assert.is(annotating.getValidator({ format: "email" })("not an email").valid, true, "formats: undefined annotates");
  const own = new SchemagateJsonSchemaValidator({ formats: { ...formats, even: (value) => value.length % 2 === 0 } });
  assert.is(own.getValidator({ format: "even" })("abc").valid, false);
  assert.is(own.getValidator({ format: "email" })("not an email").valid, false);
  const documents = new SchemagateJsonSchemaValidator({ refs: "document", schemas: { "https://example.com/n.json": { type: "integer" } } });
  assert.is(documents.getValidator({ $ref: "https://example.com/n.json" })("1").valid, false);
  const uncached = new SchemagateJsonSchemaValidator({ cache: false });
  assert.is.not(uncached.getValidator({ type: "null" }), uncached.getValidator({ type: "null" }));
});

test("dialect and unknownDialect pass through to compile", () => {
  const draft03 = { $schema: "http://json-schema.org/draft-03/schema#", type: "object", properties: { n: { type: "integer", minimum: 0 } } };
  assert.match(refused(() => provider.getValidator(draft03), "unsupported-dialect").message, "unsupported dialect");
  const lenient = new SchemagateJsonSchemaValidator({ unknownDialect: "default" });
  assert.is(lenient.getValidator(draft03)({ n: 1 }).valid, true);
  assert.is(lenient.getValidator(draft03)({ n: -1 }).errorMessage, "/n: must be >= 0, but is -1", "read as 2020-12");
  // Read as the default, the schema must pass the default's metaschema: draft-03's boolean `required` does not.
  refused(() => lenient.getValidator({ ...draft03, properties: { n: { required: true } } }), "invalid-schema");
  // draft-04's boolean exclusiveMaximum, for schemas without $schema; 2020-12 refuses it.
  const bounded = { type: "number", maximum: 5, exclusiveMaximum: true };
  refused(() => provider.getValidator(bounded), "invalid-schema");
  const draft04 = new SchemagateJsonSchemaValidator({ dialect: "draft-04" }).getValidator(bounded);
  assert.is(draft04(4.5).valid, true);
  assert.is(draft04(5).errorMessage, "(root): must be < 5, but is 5");
});

test.run();
