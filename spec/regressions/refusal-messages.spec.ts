// Regression: SchemaError messages cut a long location at its end, losing the keyword and the
// property refused ("… at /properties/order/properties/items/items/properties/shipping/…"), and
// said "(1000 problems in all; see .errors)" where the metaschema check had stopped at its cap.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compact, compile, SchemaError } from "../../src/index.js";

const refusal = (schema: unknown): SchemaError => {
  try {
    compile(schema, { cache: false });
  } catch (error) {
    if (error instanceof SchemaError) return error;
    throw error;
  }
  throw new Error("compiled");
};

test("a long location is cut in the middle: its start and the keyword refused stay", () => {
  const schema = { type: "object", properties: { order: { properties: { items: { items: { properties: { shipping: { properties: { zip: { minLength: "5" } } } } } } } } } };
  const error = refusal(schema);
  assert.is(error.schemaLocation, "/properties/order/properties/items/items/properties/shipping/properties/zip/minLength");
  assert.match(error.message, / at \/properties\/order\/.*….*\/zip\/minLength$/);
  // A segment too long to keep whole: the location is cut in the middle of the text.
  const long = refusal({ properties: { ["x".repeat(126)]: { minLength: "5" } } });
  assert.match(long.message, /….*\/minLength$/);
});

test("a metaschema check cut at its cap says there may be more", () => {
  const many = Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`p${i}`, { minLength: "5" }]));
  const error = refusal({ properties: many });
  assert.ok(error.errors !== undefined && error.errors.length === 1000, String(error.errors?.length));
  assert.match(error.message, /\(1000 problems or more: the list was cut; see \.errors\)/);
  const few = refusal({ properties: { a: { minLength: "5" }, b: { minLength: "6" } } });
  assert.match(few.message, /\(2 problems in all; see \.errors\)/);
});

// The headline was the first unit that was no anyOf/oneOf, often of a branch that did not come
// close: a draft-04 `items: [{}, true]` read "must be object, but is an array at /items".
test("the message and schemaLocation name the closest branch of a failed anyOf", () => {
  const items = refusal({ $schema: "http://json-schema.org/draft-04/schema#", items: [{ type: "string" }, true] });
  assert.is(items.schemaLocation, "/items/1");
  assert.ok(items.message.startsWith("invalid schema: must be object, but is true"), items.message);
  const dependencies = refusal({ required: ["a"], dependencies: { a: ["b", "b"] } });
  assert.is(dependencies.schemaLocation, "/dependencies/a");
  assert.ok(dependencies.message.includes("must not have duplicate items"), dependencies.message);
  // A tie at one error each: the list branch's failure came closer than the simple type names'
  // enum, which said "must be one of …, but is ["string","string"]" as if no list were allowed.
  for (const $schema of ["https://json-schema.org/draft/2020-12/schema", "http://json-schema.org/draft-04/schema#"]) {
    const twice = refusal({ $schema, type: ["string", "string"] });
    assert.is(twice.schemaLocation, "/type");
    assert.ok(twice.message.startsWith("invalid schema: must not have duplicate items"), twice.message);
  }
  assert.ok(refusal({ type: [] }).message.startsWith("invalid schema: must have at least 1 item, but has 0"));
  // A type name misspelt still reads as one: the list branch wants another type there.
  assert.ok(refusal({ type: "strin" }).message.startsWith('invalid schema: must be one of "array"'));
  // Only a kind the enum allows none of loses it the tie: a misspelt value of a string enum still
  // reads as the enum's (it read as the other branch's pattern when any enum lost a tie).
  const colour = compile({ anyOf: [{ enum: ["red", "green", "blue"] }, { type: "string", pattern: "^#[0-9a-f]{6}$" }] }, { cache: false }).validate("gren");
  assert.ok(!colour.valid && compact(colour.errors)[0]!.error.startsWith('must be one of "red"'), JSON.stringify(!colour.valid && compact(colour.errors)));
});

test.run();
