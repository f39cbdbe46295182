// compile()'s options as an attacker in the same process would bend them: a name set on
// Object.prototype (another library's prototype pollution), a getter that answers differently on
// each read, and a cache whose hits must never accept what a fresh compile refuses.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, SchemaCache, SchemaError, type SchemaErrorCode } from "../src/index.js";
import { SchemagateJsonSchemaValidator } from "../src/mcp/index.js";

function code(run: () => unknown): SchemaErrorCode | "accepted" {
  try {
    run();
    return "accepted";
  } catch (error) {
    if (error instanceof SchemaError) return error.code;
    throw error;
  }
}

const nested = (levels: number): unknown => {
  let schema: unknown = {};
  for (let i = 0; i < levels; i++) schema = { not: schema };
  return schema;
};

/** Runs `body` with `values` set on Object.prototype (enumerable, as pollution sets them), then removes them. */
function polluted(values: Record<string, unknown>, body: () => void): void {
  const proto = Object.prototype as Record<string, unknown>;
  for (const [name, value] of Object.entries(values)) proto[name] = value;
  try {
    body();
  } finally {
    for (const name of Object.keys(values)) delete proto[name];
  }
}

test("a name on Object.prototype is no option: it neither opens the ref policy, lifts a bound, nor changes the dialect rule", () => {
  for (const options of [undefined, {}, { cache: false as const }, null]) {
    const run = (schema: unknown) => () => compile(schema, options as never);
    polluted({ refs: "document", schemas: { "https://evil.test/s": true } }, () => assert.is(code(run({ $ref: "https://evil.test/s" })), "external-ref"));
    polluted({ bounds: false }, () => assert.is(code(run(nested(200))), "depth"));
    polluted({ maxDepth: 1_000 }, () => assert.is(code(() => compile(nested(200), { ...(options ?? {}), bounds: {} } as never)), "depth"));
    polluted({ unknownDialect: "default" }, () => assert.is(code(run({ $schema: "http://json-schema.org/draft-03/schema#" })), "unsupported-dialect"));
    // A `formats` on the prototype would make "format" assert, with the attacker's checkers.
    polluted({ formats: { email: () => false } }, () => assert.is(compile({ format: "email" }, options as never).isValid("a@b.test"), true));
  }
});

test("a `formats` on Object.prototype reaches no error pass: validate() lists what it lists without it", () => {
  // Found by a red-team probe: compile() read its own settings' `formats` through the prototype,
  // and the explainer (a validator's first invalid instances) asserted formats with it.
  const schema = { format: "email", minLength: 100 };
  const clean = compile(schema, { cache: false }).validate("a@b.test");
  for (const formats of [{ email: 1 }, new Map([["email", () => false]])]) {
    polluted({ formats }, () => {
      const v = compile(schema, { cache: false });
      for (let call = 0; call < 20; call++) assert.equal(v.validate("a@b.test"), clean, `call ${call}`);
    });
  }
});

test("a getter or setter of an option's name on Object.prototype is never run, and breaks no compile", () => {
  const proto = Object.prototype as Record<string, unknown>;
  const names = ["refs", "schemas", "bounds", "formats", "cache", "dialect", "unknownDialect", "maxDataDepth"];
  let runs = 0;
  try {
    for (const name of names) {
      Object.defineProperty(proto, name, {
        configurable: true,
        get: () => {
          runs++;
          return undefined;
        },
      });
    }
    assert.is(compile({ type: "string" }, { cache: false, dialect: "draft-07" }).isValid("s"), true);
    assert.is(compile({ type: "string" }, {}).isValid(1), false);
    for (const name of names) Object.defineProperty(proto, name, { configurable: true, set: () => void runs++ });
    assert.is(compile({ minimum: 2 }, { cache: false, maxDataDepth: 9 }).isValid(1), false);
  } finally {
    for (const name of names) delete proto[name];
  }
  assert.is(runs, 0);
});

test("a `schemas` entry is read once: a getter cannot have the schema checked against one metaschema and cached under another", () => {
  const M = "https://example.test/meta";
  const base = { $schema: "https://json-schema.org/draft/2020-12/schema", $id: M, $dynamicAnchor: "meta", allOf: [{ $ref: "https://json-schema.org/draft/2020-12/schema" }] };
  const strict = { ...base, required: ["title"] };
  const schema = { $schema: M, type: "string" }; // no title: strict refuses it
  const cache = new SchemaCache();
  const attempt = (schemas: Record<string, unknown>) => code(() => compile(schema, { refs: "document", schemas, cache }));
  assert.is(attempt({ [M]: strict }), "invalid-schema");
  // Loose on the first read, strict on the next ones (the cache key was the strict one's).
  let reads = 0;
  const flipping = Object.defineProperty({}, M, { enumerable: true, get: () => (reads++ === 0 ? base : strict) });
  assert.is(attempt(flipping), "accepted");
  assert.is(reads, 1);
  assert.is(attempt({ [M]: strict }), "invalid-schema");
});

test("a cache hit never accepts what a compile refuses: a custom metaschema compiled to check another schema is not cached", () => {
  // A metaschema whose $defs name a document written in it, which lacks the title it requires.
  const M = "https://example.test/meta";
  const D = "https://example.test/d";
  const meta = { $schema: "https://json-schema.org/draft/2020-12/schema", $id: M, $dynamicAnchor: "meta", allOf: [{ $ref: "https://json-schema.org/draft/2020-12/schema" }], required: ["title"], $defs: { uses: { $ref: D } } };
  const options = (cache: SchemaCache | false) => ({ refs: "document" as const, schemas: { [M]: meta, [D]: { $schema: M, type: "string" } }, cache });
  assert.is(code(() => compile(meta, options(false))), "invalid-schema");
  const cache = new SchemaCache();
  assert.is(code(() => compile({ $schema: M, title: "t" }, options(cache))), "accepted");
  assert.is(code(() => compile(meta, options(cache))), "invalid-schema");
});

// A frozen `formats` object was read once per process (as schemagate/formats is): one whose
// checker is a getter's kept the first answer for every later compile, with cache: false too.
test("a frozen formats object whose checker is a getter's is read by each compile", () => {
  let current: (value: string) => boolean = (value) => value === "v1";
  const frozen = Object.freeze(Object.defineProperty({}, "mine", { enumerable: true, get: () => current }));
  const first = compile({ format: "mine" }, { formats: frozen as Record<string, (value: string) => boolean>, cache: false });
  assert.equal([first.isValid("v1"), first.isValid("v2")], [true, false]);
  current = (value) => value === "v2";
  const second = compile({ format: "mine" }, { formats: frozen as Record<string, (value: string) => boolean>, cache: false });
  assert.equal([second.isValid("v1"), second.isValid("v2")], [false, true]);
});

// A misspelt option name was dropped without a word: `validate(secret, { redacted: true })` put
// the secret in the message, `{ format: formats }` asserted no format, `{ maxDepth: 3 }` outside
// `bounds` left 64 (a README audit). Each is a TypeError naming it, as bounds and SchemaCache say.
test("an option name compile, validate or assert does not have is a TypeError naming it", () => {
  const refused = (run: () => unknown, message: string) => assert.throws(run, (e: unknown) => e instanceof TypeError && e.message === message);
  const compileNames = "refs, schemas, bounds, formats, cache, dialect, unknownDialect and maxDataDepth";
  refused(() => compile({ format: "email" }, { format: {} } as never), `compile has no option "format": its options are ${compileNames}`);
  refused(() => compile({}, { maxDepth: 3 } as never), `compile has no option "maxDepth": its options are ${compileNames}`);
  const v = compile({ const: "x" }, { cache: false });
  refused(() => v.validate("hunter2", { redacted: true } as never), 'validate has no option "redacted": its options are allErrors, maxErrors, redact and output');
  refused(() => v.assert("hunter2", { outputs: "basic" } as never), 'assert has no option "outputs": its options are allErrors, maxErrors, redact and output ("basic")');
  // The provider's own option is listed with compile's, under its own name (it was "compile has no option", without onSchemaError).
  refused(() => new SchemagateJsonSchemaValidator({ onSchemaErrors: "reject" } as never), `the provider has no option "onSchemaErrors": its options are ${compileNames.replace(" and ", ", ")} and onSchemaError`);
  // Own, enumerable names only: a name on Object.prototype, or a hidden one, is no option.
  const hidden = Object.defineProperty({ redact: true }, "extra", { value: 1, enumerable: false });
  assert.not.ok(JSON.stringify(v.validate("hunter2", hidden)).includes("hunter2"));
  assert.ok(compile({}, Object.defineProperty({}, "extra", { value: 1, enumerable: false })).isValid(1));
});

test("formats: a Map is refused with a hint, not taken as an object without checkers", () => {
  assert.throws(() => compile({ format: "email" }, { formats: new Map([["email", () => false]]) as never, cache: false }), (e: unknown) => e instanceof TypeError && /Map/.test(e.message));
});

test("mistakes in options are TypeErrors of bounded length: a null SchemaCache options, a huge format name", () => {
  assert.is(new SchemaCache(null).maxEntries, new SchemaCache().maxEntries);
  assert.throws(() => new SchemaCache(1 as never), (e: unknown) => e instanceof TypeError && /SchemaCache's options/.test(e.message));
  const name = "f".repeat(1_000_000);
  assert.throws(() => compile({}, { formats: { [name]: 1 as never }, cache: false }), (e: unknown) => e instanceof TypeError && e.message.length < 200 && /must be a function/.test(e.message));
});

test.run();
