// Issue 19, §7: refusals that name the fix. A JSON string given as the schema, a reference that
// leaves the document under the default ref policy (from the root, through `definitions`, in a
// metaschema compiled as a schema, with `schemas` given but refs left at "fragment"): each
// SchemaError says what to do, and doing it works.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { compile, SchemaError } from "../src/index.js";
import { refusal } from "./helpers/refusal.js";
import { file, run } from "./cli-harness.js";

test("a JSON string as the schema: parse it first", () => {
  const text = '{"type": "string"}';
  const e = refusal(() => compile(text));
  assert.is(e.code, "invalid-schema");
  assert.match(e.message, /not a string: this one holds JSON text, so pass JSON\.parse\(text\)/);
  assert.ok(compile(JSON.parse(text)).isValid("s"));
  // A string that is no JSON text is only told it is not a schema.
  assert.not.match(refusal(() => compile("string")).message, /JSON\.parse/);
});

// With `schemas` given and the default policy, the message says that `schemas` is read only with refs: "document".
const FIX = /compile with refs: "document" and give the document it names in the schemas option, which is read only then/;

test("a reference out of the document names refs: \"document\" and schemas, wherever it sits", () => {
  const target = "https://x.test/a";
  const cases: unknown[] = [
    { $ref: target },
    { definitions: { a: { $ref: target } }, $ref: "#/definitions/a" },
    { properties: { a: { $dynamicRef: target } } },
  ];
  for (const schema of cases) {
    const e = refusal(() => compile(schema, { schemas: { [target]: { type: "string" } } }));
    assert.is(e.code, "external-ref");
    assert.match(e.message, FIX);
    // Doing what it says compiles.
    compile(schema, { refs: "document", schemas: { [target]: { type: "string" } } });
  }
});

test("an unknown $schema says where a custom metaschema is read from and how to read the schema anyway", () => {
  const unknown = refusal(() => compile({ $schema: "https://x.test/meta", type: "string" }));
  assert.is(unknown.code, "unsupported-dialect");
  assert.match(unknown.message, /a custom metaschema is read from the schemas option, and unknownDialect: "default" reads such a schema in the default dialect at \/\$schema$/);
  assert.ok(compile({ $schema: "https://x.test/meta", type: "string" }, { unknownDialect: "default" }).isValid("s"));
  // A custom metaschema written under another custom metaschema: the chain is named as what is not read.
  const schemas = { "https://x.test/meta": { $schema: "https://x.test/meta2" }, "https://x.test/meta2": { $schema: "https://json-schema.org/draft/2020-12/schema" } };
  const chained = refusal(() => compile({ $schema: "https://x.test/meta" }, { refs: "document", schemas }));
  assert.match(chained.message, /no dialect schemagate knows \(a chain of custom metaschemas is not followed\)/);
});

test("schemas: an empty key, a document given as JSON text, an unknown required vocabulary say what to do", () => {
  // The empty key was "declared by two documents": the caller gave one.
  for (const key of ["", "#"]) {
    assert.throws(() => compile({ $ref: "#" }, { refs: "document", schemas: { [key]: { type: "string" } }, cache: false }), (e: unknown) => e instanceof TypeError && e.message === `a schemas key must be the URI of its document, not ${JSON.stringify(key)}`);
  }
  // JSON text as a document had the root's JSON.parse hint only at the root.
  const text = refusal(() => compile({ $ref: "https://e.test/a" }, { refs: "document", schemas: { "https://e.test/a": JSON.stringify({ type: "string" }) }, cache: false }));
  assert.equal([text.code, text.document], ["invalid-schema", "https://e.test/a"]);
  assert.match(text.message, /this one holds JSON text, so pass JSON\.parse\(text\)/);
  const vocabulary = refusal(() => compile({ $schema: "https://e.test/m" }, { refs: "document", schemas: { "https://e.test/m": { $schema: "https://json-schema.org/draft/2020-12/schema", $vocabulary: { "https://e.test/vocab/x": true } } }, cache: false }));
  assert.is(vocabulary.code, "unsupported-vocabulary");
  assert.match(vocabulary.message, /one marked false in \$vocabulary is ignored/);
});

test("the 2020-12 metaschema compiled as a schema: its relative refs resolve with refs: \"document\"", () => {
  const meta = JSON.parse(readFileSync(resolve(process.cwd(), "../shared/metaschemas/draft2020-12/schema.json"), "utf8")) as unknown;
  const e = refusal(() => compile(meta));
  assert.is(e.code, "external-ref");
  assert.match(e.message, /\$ref "meta\/core" leaves the document/);
  assert.match(e.message, /metaschemas are built in/);
  const v = compile(meta, { refs: "document" });
  assert.ok(v.isValid({ type: "string" }));
  assert.not.ok(v.isValid({ type: 1 }));
});

test("an unresolved reference says where it was looked for, and what is missing", () => {
  assert.match(refusal(() => compile({ $ref: "#/$defs/missing" })).message, /the schema has nothing at that pointer at \/\$ref$/);
  assert.match(refusal(() => compile({ $ref: "#foo" })).message, /the schema declares no anchor of that name/);
  assert.match(refusal(() => compile({ $ref: "https://x.test/b" }, { refs: "document" })).message, /no document has the URI "https:\/\/x.test\/b": give it in the schemas option under that key/);
  // A relative reference: the URI it resolved to, against which base (the key `schemas` needs).
  const relative = refusal(() => compile({ $id: "https://example.com/root/sub/x.json", $ref: "types.json" }, { refs: "document" })).message;
  assert.match(relative, /no document has the URI "https:\/\/example.com\/root\/sub\/types.json" \(resolved against the base "https:\/\/example.com\/root\/sub\/x.json"\)/);
  // No base at all: said so, not as an empty one.
  assert.match(refusal(() => compile({ $ref: "./other.json" }, { refs: "document" })).message, /no document has the URI "other.json" \(the schema has no \$id to resolve it against\)/);
  // The document is there; its fragment names nothing.
  const schemas = { "https://e.com/a": { $defs: {} } };
  assert.match(refusal(() => compile({ $ref: "https://e.com/a#/$defs/missing" }, { refs: "document", schemas })).message, /"https:\/\/e.com\/a" has nothing at that pointer/);
  assert.match(refusal(() => compile({ $ref: "https://e.com/a#nope" }, { refs: "document", schemas })).message, /"https:\/\/e.com\/a" declares no anchor of that name/);
});

test("a refusal quotes what it refuses cut in the middle: a 5 MB $ref, $schema or identifier makes no 5 MB message", () => {
  const huge = "x".repeat(5_000_000);
  const cases: [unknown, string, string, string][] = [
    [{ $ref: "#/$defs/" + huge }, "unresolved-ref", "/$ref", "the schema has nothing at that pointer"],
    [{ $ref: "https://example.com/" + huge }, "external-ref", "/$ref", "schemas option"],
    [{ $schema: "https://example.com/" + huge }, "unsupported-dialect", "/$schema", "schemagate supports JSON Schema 2020-12"],
  ];
  for (const [schema, code, at, ending] of cases) {
    try {
      compile(schema, { cache: false });
      assert.unreachable(code);
    } catch (error) {
      assert.instance(error, SchemaError);
      const refusal = error as SchemaError;
      assert.is(refusal.code, code);
      assert.is(refusal.schemaLocation, at);
      assert.ok(refusal.message.length < 2_100, `${code}: ${refusal.message.length} characters`);
      assert.match(refusal.message, "…");
      assert.match(refusal.message, `${ending}`);
      assert.ok(refusal.message.endsWith(` at ${at}`), refusal.message.slice(-80));
    }
  }
});

test("the CLI says it in its own terms: -r FILE", () => {
  const schema = file("refusal-order.json", { properties: { customer: { $ref: "person.json" } } });
  const r = run(["check", schema]);
  assert.is(r.status, 1, "check: 1 for a refused schema");
  assert.match(r.stdout + r.stderr, /external-ref: \$ref "person\.json" leaves the document; .*To follow it, give the document it names with -r FILE/);
});

test.run();
