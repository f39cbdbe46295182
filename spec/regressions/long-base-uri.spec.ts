// Regression (hostile schemas): 9,900 embedded resources (`"$id": "z1.json"`…) under a root
// `$id` of 8,170 characters made a 451 KB schema whose resource URIs came to 81 million
// characters: compile took 13.4 s, its first verbose validate 10 s more, and the validator held
// 88 MB. Resources are keyed by their URIs as subschemas are by their locations, so the URIs
// count towards bounds.maxSize with the locations, and so does the base of each anchor or
// reference (each is kept as a URI of the base's length).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, SchemaError } from "../../src/index.js";

function embedded(count: number, baseSegments: number): unknown {
  const $defs: Record<string, unknown> = {};
  for (let k = 0; k < count; k++) $defs[`d${k}`] = { $id: `z${k}.json`, type: "string" };
  return { $id: "https://example.com/" + "b/".repeat(baseSegments), $defs, $ref: "#/$defs/d0" };
}

test("thousands of identifiers under a long base URI are refused with \"size\", quickly", () => {
  const started = performance.now();
  try {
    compile(embedded(9_900, 4_078), { cache: false });
    assert.unreachable("refused");
  } catch (error) {
    assert.instance(error, SchemaError);
    assert.is((error as SchemaError).code, "size");
    assert.match((error as SchemaError).message, "its resources' URIs counted with them");
  }
  assert.ok(performance.now() - started < 3_000, `refused in ${(performance.now() - started).toFixed(0)} ms`);
});

test("so are thousands of anchors or references under a long base, each kept as a URI its length", () => {
  // Before: a 253 KB draft-07 schema of 9,900 fragment ids kept 85 MB, weighed at 20 MB.
  const base = "https://example.com/" + "a".repeat(8_100);
  const fragments: Record<string, unknown> = {};
  for (let i = 0; i < 9_900; i++) fragments[`d${i}`] = { $id: `#a${i}` };
  const anchors: Record<string, unknown> = {};
  for (let i = 0; i < 3_000; i++) anchors[`d${i}`] = { $anchor: `a${i}`, properties: { x: { $ref: `#a${i}` } } };
  for (const schema of [{ $schema: "http://json-schema.org/draft-07/schema#", $id: base, definitions: fragments }, { $id: base, $defs: anchors }]) {
    try {
      compile(schema, { cache: false });
      assert.unreachable("refused");
    } catch (error) {
      assert.instance(error, SchemaError);
      assert.is((error as SchemaError).code, "size");
    }
  }
  // The same under a short base compile.
  assert.ok(compile({ $id: "https://example.com/s", $defs: anchors }, { cache: false }).isValid(1));
});

test("within the bound they compile and explain, and lifting the bounds lifts it", () => {
  const v = compile(embedded(1_000, 4_078), { cache: false });
  assert.is(v.isValid("a"), true);
  const result = v.validate(1, { output: "verbose" });
  assert.is(result.valid, false);
  // The same schema with short identifiers is far within it.
  assert.is(compile(embedded(9_900, 4), { cache: false }).isValid(1), false);
  assert.is(compile(embedded(3_000, 4_078), { cache: false, bounds: false }).isValid("a"), true);
});

test.run();
