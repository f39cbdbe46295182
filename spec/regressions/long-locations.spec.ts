// Regression (hostile schemas): every subschema is keyed by its location, its JSON Pointer, as it
// is compiled and as references land on it; long keys above many subschemas made each of them
// cost the keys' length. Twenty levels of 10,000-character keys above 3,000 subschemas (a 0.3 MB
// schema) took 3.3 s to compile; thirty levels of 100,000-character keys above a resource of 400
// references (3 MB) ran a process out of a 2 GB heap. The subschemas' pointers together now count
// against bounds.maxSize, as the text does: past it the schema is refused with "size".
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, type CompileOptions } from "../../src/index.js";
import { refusal } from "../helpers/refusal.js";

/** `depth` levels of `properties` with one key of `keyLength` characters each, above `leaf`. */
function below(depth: number, keyLength: number, leaf: Record<string, unknown>): Record<string, unknown> {
  let schema = leaf;
  for (let d = 0; d < depth; d++) schema = { properties: { [String.fromCharCode(97 + (d % 26)).repeat(keyLength)]: schema } };
  return schema;
}

test("long keys above thousands of subschemas are refused with size, at the subschema that crossed the bound", () => {
  const properties: Record<string, unknown> = {};
  for (let i = 0; i < 3_000; i++) properties[`p${i}`] = { type: "string", minLength: 2 };
  const error = refusal(() => compile(below(20, 10_000, { type: "object", properties }), { cache: false }));
  assert.is(error.code, "size");
  assert.ok(error.message.includes("locations of more than 10240000 characters together (bounds.maxSize)"), error.message);
  assert.ok(error.schemaLocation.startsWith("/properties/" + "t".repeat(10_000) + "/properties/"), "a subschema below the long keys");
});

test("a resource under long keys, with hundreds of references, is refused before a reference is resolved", () => {
  const $defs: Record<string, unknown> = { end: { type: "string" } };
  for (let i = 0; i < 400; i++) $defs[`r${i}`] = { $ref: i + 1 < 400 ? `#/$defs/r${i + 1}` : "#/$defs/end" };
  const schema = { $id: "https://x.example/root.json", ...below(30, 100_000, { $id: "leaf.json", $defs, $ref: "#/$defs/r0" }) };
  assert.is(refusal(() => compile(schema, { cache: false })).code, "size");
});

/** The unescaped pointers of every subschema of `schema` (its objects in schema positions, here only `properties`) together. */
function locationsOf(schema: Record<string, unknown>, at = 0): number {
  let total = at;
  const properties = (schema["properties"] ?? {}) as Record<string, Record<string, unknown>>;
  for (const [key, sub] of Object.entries(properties)) total += locationsOf(sub, at + "/properties".length + 1 + key.length);
  return total;
}

test("the bound is exact: pointers of bounds.maxSize characters together compile, one more is refused", () => {
  const leaf: Record<string, unknown> = { properties: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`a${i}`, {}])) };
  const schema = below(1, 1_000, leaf);
  const total = locationsOf(schema);
  assert.ok(JSON.stringify(schema).length < total, "the text alone is within the bound");
  const bounds = (maxSize: number): CompileOptions => ({ cache: false, bounds: { maxDepth: 64, maxSubschemas: 10_000, maxSize } });
  assert.ok(compile(schema, bounds(total)).isValid({}));
  assert.is(refusal(() => compile(schema, bounds(total - 1))).code, "size");
});

test("one long property name is still a schema like any other", () => {
  const name = "k".repeat(100_000);
  const v = compile({ type: "object", properties: { [name]: { type: "string" } }, required: [name] }, { cache: false });
  assert.equal([v.isValid({ [name]: "s" }), v.isValid({ [name]: 1 }), v.isValid({})], [true, false, false]);
});

test.run();
