// Regression (closing note of the last session): each custom metaschema a schema's resources name
// is compiled with the caller's options, and that compile walked every `schemas` document again:
// K metaschemas and N documents cost K x N walks (K = 400, N = 4,000: 24 s). The compiles of the
// metaschemas now read the documents their schema's compile walked, each document read once.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";

const D2020 = "https://json-schema.org/draft/2020-12/schema";
const VOCABULARIES = { "https://json-schema.org/draft/2020-12/vocab/core": true, "https://json-schema.org/draft/2020-12/vocab/applicator": true, "https://json-schema.org/draft/2020-12/vocab/validation": true };

/** N documents whose `minLength` getter counts its reads, K metaschemas, and a schema naming each metaschema once. */
function setting(k: number, n: number) {
  let reads = 0;
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    const document = { $schema: D2020, type: "string" };
    Object.defineProperty(document, "minLength", { enumerable: true, get: () => (reads++, i) });
    schemas[`https://example.test/d${i}`] = document;
  }
  for (let j = 0; j < k; j++) schemas[`https://example.test/m${j}`] = { $schema: D2020, $id: `https://example.test/m${j}`, $vocabulary: VOCABULARIES, $dynamicAnchor: "meta", type: ["object", "boolean"] };
  const $defs: Record<string, unknown> = {};
  for (let j = 0; j < k; j++) $defs[`r${j}`] = { $id: `https://example.test/r${j}`, $schema: `https://example.test/m${j}`, type: "string" };
  return { schema: { $defs, $ref: "https://example.test/d1" }, schemas, reads: () => reads };
}

test("each schemas document is read once, however many custom metaschemas the schema names", () => {
  const { schema, schemas, reads } = setting(20, 50);
  const validator = compile(schema, { refs: "document", schemas, cache: false });
  assert.is(validator.isValid("x"), true);
  assert.is(validator.isValid(""), false);
  assert.is(reads(), 50);
});

test("400 metaschemas and 4,000 documents compile in time near the documents' walk", () => {
  const { schema, schemas } = setting(400, 4_000);
  const started = performance.now();
  assert.is(compile(schema, { refs: "document", schemas, cache: false }).isValid("x"), true);
  const elapsed = performance.now() - started;
  assert.ok(elapsed < 8000, `${elapsed.toFixed(0)} ms`);
});

test.run();
