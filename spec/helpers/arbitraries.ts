// fast-check generators: JSON data, and 2020-12 schemas drawn from the whole vocabulary
// (refs included), sized so a property run stays quick.
import fc from "fast-check";

const names = fc.constantFrom("a", "b", "c", "__proto__", "constructor", "x y", "é");

/** Small JSON values that hit the interesting corners (0/-0, 1.0, empty containers, prototype names). */
export const jsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom(null, true, false, 0, -0, 1, 1.5, -3, 1e21, "", "a", "ab", "😀", "2024-01-01"),
    fc.integer({ min: -5, max: 5 }),
    fc.string({ maxLength: 4 }),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(names, tie("value"), { maxKeys: 4, noNullPrototype: true }).map((d) => JSON.parse(JSON.stringify(d)) as unknown),
  ),
})).value;

const typeName = fc.constantFrom("null", "boolean", "object", "array", "number", "integer", "string");

/** A schema object or boolean using keywords of every 2020-12 vocabulary. `$defs/d0..d1` exist at the root for refs. */
export const schema: fc.Arbitrary<unknown> = fc
  .letrec<{ schema: unknown }>((tie) => {
    const sub = tie("schema");
    const keyword = fc.oneof(
      fc.record({ type: fc.oneof(typeName, fc.uniqueArray(typeName, { minLength: 1, maxLength: 3 })) }),
      fc.record({ const: jsonValue }),
      fc.record({ enum: fc.array(jsonValue, { minLength: 1, maxLength: 3 }) }),
      fc.record({ minimum: fc.integer({ min: -3, max: 3 }) }),
      fc.record({ exclusiveMaximum: fc.integer({ min: -3, max: 3 }) }),
      fc.record({ multipleOf: fc.constantFrom(1, 2, 0.5, 0.1) }),
      fc.record({ minLength: fc.nat(3) }),
      fc.record({ maxLength: fc.nat(3) }),
      fc.record({ pattern: fc.constantFrom("^a", "b$", "^\\p{L}+$", ".") }),
      fc.record({ minItems: fc.nat(3) }),
      fc.record({ maxItems: fc.nat(3) }),
      fc.record({ uniqueItems: fc.boolean() }),
      fc.record({ minProperties: fc.nat(2) }),
      fc.record({ maxProperties: fc.nat(2) }),
      fc.record({ required: fc.uniqueArray(names, { maxLength: 2 }) }),
      fc.record({ dependentRequired: fc.dictionary(names, fc.uniqueArray(names, { maxLength: 2 }), { maxKeys: 2 }) }),
      fc.record({ properties: fc.dictionary(names, sub, { maxKeys: 2 }) }),
      fc.record({ patternProperties: fc.dictionary(fc.constantFrom("^a", "b", "^_"), sub, { maxKeys: 2 }) }),
      fc.record({ additionalProperties: sub }),
      fc.record({ propertyNames: sub }),
      fc.record({ dependentSchemas: fc.dictionary(names, sub, { maxKeys: 2 }) }),
      fc.record({ prefixItems: fc.array(sub, { minLength: 1, maxLength: 2 }) }),
      fc.record({ items: sub }),
      fc.record({ contains: sub, minContains: fc.nat(2) }, { requiredKeys: ["contains"] }),
      fc.record({ contains: sub, maxContains: fc.nat(2) }, { requiredKeys: ["contains"] }),
      fc.record({ allOf: fc.array(sub, { minLength: 1, maxLength: 2 }) }),
      fc.record({ anyOf: fc.array(sub, { minLength: 1, maxLength: 2 }) }),
      fc.record({ oneOf: fc.array(sub, { minLength: 1, maxLength: 2 }) }),
      fc.record({ not: sub }),
      fc.record({ if: sub, then: sub, else: sub }, { requiredKeys: ["if"] }),
      fc.record({ unevaluatedProperties: sub }),
      fc.record({ unevaluatedItems: sub }),
      fc.record({ $ref: fc.constantFrom("#", "#/$defs/d0", "#/$defs/d1") }),
      fc.record({ format: fc.constantFrom("date", "email", "ipv4") }),
      fc.record({ title: fc.string({ maxLength: 3 }), default: jsonValue }),
    );
    return {
      schema: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        fc.boolean(),
        fc.array(keyword, { minLength: 0, maxLength: 3 }).map((parts) => Object.assign({}, ...parts) as Record<string, unknown>),
      ),
    };
  })
  .schema;

/** A root schema with the `$defs` that generated refs point to. */
export const rootSchema: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(schema, schema, schema)
  .map(([root, d0, d1]) => ({ ...(typeof root === "object" ? root : { not: { const: root } }), $defs: { d0, d1 } }));

/** Runs a fast-check property and prints the seed and path when it fails, so the run can be replayed. */
export function check<T>(property: fc.IAsyncProperty<T> | fc.IProperty<T>, runs: number): void {
  const result = fc.check(property as fc.IProperty<T>, { numRuns: runs }) as fc.RunDetails<T>;
  if (result.failed) {
    const cause = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
    throw new Error(`property failed — replay with { seed: ${result.seed}, path: "${result.counterexamplePath}" }\n${fc.defaultReportMessage(result)}\ncause: ${cause}`);
  }
}
