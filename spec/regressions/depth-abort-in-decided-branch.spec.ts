// Regression (found by the isValid/validate property of spec/properties.spec.ts, SG-3): a reference
// cycle that consumes no input, inside a branch whose outcome another keyword already decides.
// isValid and first-error validate skip the cycle and answer exactly (valid); validate with
// allErrors (the default) follows it and the whole result becomes the `$depth` abort (invalid).
// Such a schema has no defined result in 2020-12, but schemagate's own invariant (STYLE §3,
// issue 5) is that the fast path agrees with the error path: isValid(x) === validate(x).valid,
// in both error modes — whichever answer (the exact one, or `$depth` everywhere) is chosen.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, SchemaError } from "../../src/index.js";

// The cycles first found: they consume no input, and are now refused at compile time.
const refused: [name: string, schema: object][] = [
  ["anyOf: a failing sibling decides the branch", { anyOf: [{ $ref: "#", additionalProperties: false }, true] }],
  ["oneOf: required decides the branch", { oneOf: [{ required: ["a"], $ref: "#" }, true] }],
  ["anyOf with a $dynamicRef back to the root", { anyOf: [{ type: "null", $dynamicRef: "#dyn" }, true], $defs: { d: { $dynamicAnchor: "dyn", $ref: "#" } } }],
];

for (const [name, schema] of refused) {
  test(`${name}: refused as a reference cycle`, () => {
    assert.throws(() => compile(schema, { cache: false }), (e: unknown) => e instanceof SchemaError && e.code === "ref-cycle");
  });
}

/** `{ a: { a: … } }`, `levels` deep: the data runs the stack out where the schema follows it. */
function chain(levels: number, leaf: unknown): unknown {
  let deep = leaf;
  for (let i = 0; i < levels; i++) deep = { a: deep };
  return deep;
}

// The same shapes with recursion that consumes input, on data deep enough to run out of stack.
const cases: [name: string, schema: object, instance: unknown][] = [
  ["anyOf: a failing sibling decides the branch", { anyOf: [{ properties: { a: { $ref: "#" } }, additionalProperties: false }, true] }, chain(100_000, { b: null })],
  ["oneOf: required decides the branch", { oneOf: [{ required: ["b"], properties: { a: { $ref: "#" } } }, true] }, chain(100_000, {})],
  ["anyOf with a $dynamicRef back to the root", { anyOf: [{ type: "object", properties: { a: { $dynamicRef: "#dyn" } } }, true], $defs: { d: { $dynamicAnchor: "dyn", $ref: "#" } } }, chain(100_000, "ab")],
];

for (const [name, schema, instance] of cases) {
  test(`${name}: isValid, validate and validate({ allErrors: false }) agree`, () => {
    const v = compile(schema, { cache: false });
    const fast = v.isValid(instance);
    const first = v.validate(instance, { allErrors: false });
    const all = v.validate(instance);
    assert.is(first.valid, fast, "first-error validate vs isValid");
    assert.is(all.valid, fast, `validate (allErrors) says ${all.valid}${all.valid ? "" : ` with ${JSON.stringify(all.errors.map((e) => e.keyword))}`}, isValid says ${fast}`);
  });
}

test.run();
