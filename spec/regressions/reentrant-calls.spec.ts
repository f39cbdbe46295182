// Regression: a validation made inside another (by a format checker or a getter of the data) and
// what such code throws. The pattern step budget was one global: the inner call's start reset it
// and its end switched it off, so the outer call's patterns ran unbounded (valid after 7 s where
// the bound says "$pattern" in under 1 s). A SchemaError thrown by the data (or by a checker that
// compiled a bad schema) escaped isValid and validate, as if schemagate had made it. An inner
// call's message cleared the outer message's settings: "but is [object Object]". A cache entry
// of a validator compiled with `schemas` did not weigh the documents' compiled forms.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, SchemaCache, SchemaError } from "../../src/index.js";

test("a validation inside another shares its pattern budget and leaves it running", () => {
  const inner = compile({ type: "string", pattern: "^\\d+\\.\\d+\\.\\d+$" }, { cache: false });
  const formats = { semver: (s: string) => inner.isValid(s) };
  // Patterns that run on the VM, each a full scan of the string: past the call's steps together.
  const patterns = Array.from({ length: 100 }, (_, i) => ({ pattern: `[\\s\\S]{110}[^\\u{${(0x100 + i).toString(16)}}]$` }));
  const data = "a".repeat(50_000);
  for (const schema of [{ anyOf: [{ allOf: patterns }] }, { anyOf: [{ format: "semver" }, { allOf: patterns }] }]) {
    const v = compile(schema, { formats, cache: false });
    assert.is(v.isValid(data), false, JSON.stringify(schema).slice(0, 40));
    const result = v.validate(data);
    assert.equal(result.valid ? [] : result.errors.map((e) => e.keyword), ["$pattern"]);
  }
});

test("a SchemaError the data or a format checker throws is what the data threw: a $data unit", () => {
  let saved: unknown;
  try {
    compile({ type: "strng" });
  } catch (error) {
    saved = error;
  }
  assert.instance(saved, SchemaError);
  const v = compile({ type: "object", properties: { a: { type: "number" } } }, { cache: false });
  const data = {
    get a(): number {
      throw saved;
    },
  };
  assert.is(v.isValid(data), false);
  for (const options of [undefined, { output: "detailed" as const }]) {
    const result: { valid: boolean } = options === undefined ? v.validate(data) : v.validate(data, options);
    assert.is(result.valid, false);
    assert.match(JSON.stringify(result), '"keyword":"$data"');
  }
  const checked = compile({ format: "x" }, { formats: { x: () => compile({ type: 5 }).isValid(1) }, cache: false });
  assert.equal(checked.validate("s").valid, false);
  assert.is(checked.isValid("s"), false);
  // The calls after are whole.
  assert.equal(v.validate({ a: "s" }).valid, false);
  assert.ok(v.isValid({ a: 1 }));
});

test("a message written while the data runs a validation of its own is the message it would be", () => {
  const other = compile({ type: "string" }, { cache: false });
  const v = compile({ enum: [0] }, { cache: false });
  const plain = v.validate({ a: 1, b: { c: 2 } });
  const data = {
    get a(): number {
      other.validate(5);
      return 1;
    },
    b: { c: 2 },
  };
  assert.equal(v.validate(data), plain);
  assert.match(JSON.stringify(plain), '{\\"a\\":1,\\"b\\":{\\"c\\":2}}');
});

test("a cache entry weighs the compiled forms of its schemas documents", () => {
  const document = { $defs: Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`d${i}`, { type: "integer", minimum: i }])) };
  const inline = new SchemaCache();
  compile(document, { cache: inline });
  const through = new SchemaCache();
  compile({ $ref: "https://example.test/doc" }, { refs: "document", schemas: { "https://example.test/doc": document }, cache: through });
  assert.ok(through.stats.bytes >= inline.stats.bytes, `${through.stats.bytes} < ${inline.stats.bytes}`);
});

test.run();
