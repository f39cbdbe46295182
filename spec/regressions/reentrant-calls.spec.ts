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

const D2020 = "https://json-schema.org/draft/2020-12/schema";
/** A custom metaschema whose `title` must pass the format "checked" (so its check runs the caller's checker). */
const CHECKED = "https://example.test/meta-checked";
const checkedMeta = { $schema: D2020, $id: CHECKED, $dynamicAnchor: "meta", allOf: [{ $ref: D2020 }], properties: { title: { format: "checked" } } };

test("a compile a format checker starts while a custom metaschema compiles checks its schema, and caches nothing unchecked (red-team probe)", () => {
  // TITLED requires a title, and embeds a resource written in CHECKED: compiling TITLED runs the checker.
  const TITLED = "https://example.test/meta-titled";
  const titledMeta = { $schema: D2020, $id: TITLED, $dynamicAnchor: "meta", allOf: [{ $ref: D2020 }], required: ["title"], $defs: { sub: { $schema: CHECKED, $id: "https://example.test/sub", title: "sub" } } };
  const schemas = { [TITLED]: titledMeta, [CHECKED]: checkedMeta };
  const untitled = { $schema: TITLED, type: "string" };
  const cache = new SchemaCache();
  let inner: unknown = "the checker never ran";
  const formats = {
    checked: () => {
      try {
        compile(untitled, { schemas, formats, refs: "document", cache });
        inner = "compiled";
      } catch (error) {
        inner = error instanceof SchemaError ? error.code : error;
      }
      return true;
    },
  };
  // The set of metaschemas under way was the process's: the checker's compile, an outermost one,
  // skipped TITLED's check as if it were nested in TITLED's own compile, and cached the result.
  compile({ $schema: TITLED, title: "hello", type: "number" }, { schemas, formats, refs: "document", cache: false });
  assert.is(inner, "invalid-schema");
  assert.throws(() => compile(untitled, { schemas, formats, refs: "document", cache }), (error: unknown) => error instanceof SchemaError && error.code === "invalid-schema");
});

test("a validator's variant compiled inside another compile is charged to no pattern budget (red-team probe)", () => {
  // Ten patterns of about 9,800 VM states each: under what one compile may hold together.
  const properties: Record<string, unknown> = {};
  for (let i = 0; i < 10; i++) properties[`p${i}`] = { type: "string", pattern: `^(?:[${"abcdefghij"[i]}-z]{99}){99}$` };
  const heavy = compile({ type: "object", properties }, { cache: false });
  let inner: unknown = "the checker never ran";
  const formats = {
    checked: () => {
      try {
        inner = heavy.validate({ p0: "nope" }, { output: "basic" }).valid; // its first invalid instance compiles a variant
      } catch (error) {
        inner = error instanceof SchemaError ? error.code : error;
      }
      return true;
    },
  };
  // The variant's patterns were counted against this compile's budget: it was refused, and validate() threw.
  const schema = { $schema: CHECKED, title: "x", type: "string", pattern: "^(?:[k-z]{99}){30}$" };
  assert.ok(compile(schema, { schemas: { [CHECKED]: checkedMeta }, formats, refs: "document", cache: false }).isValid("x".repeat(2970)));
  assert.is(inner, false);
});

test.run();
