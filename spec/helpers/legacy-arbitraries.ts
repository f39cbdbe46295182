// fast-check generators for the dialects before 2020-12: documents that declare 2019-09,
// draft-07, draft-06 or draft-04 by `$schema` and use what those dialects mean differently —
// `definitions`, tuple `items` with `additionalItems`, `dependencies` (names and schemas),
// `$recursiveRef`/`$recursiveAnchor`, draft-04's `id` and boolean exclusive bounds, a `$ref`
// beside other keywords (which draft-07 and before ignore).
import fc from "fast-check";
import { jsonValue, propertyName } from "./arbitraries.js";

export type LegacyDialect = "2019-09" | "draft-07" | "draft-06" | "draft-04";

export const LEGACY_URIS: Readonly<Record<LegacyDialect, string>> = {
  "2019-09": "https://json-schema.org/draft/2019-09/schema",
  "draft-07": "http://json-schema.org/draft-07/schema#",
  "draft-06": "http://json-schema.org/draft-06/schema#",
  "draft-04": "http://json-schema.org/draft-04/schema#",
};

const typeName = fc.constantFrom("null", "boolean", "object", "array", "number", "integer", "string");

/** A schema of `dialect`: objects only in draft-04 (no boolean schemas there). */
function legacySchema(dialect: LegacyDialect): fc.Arbitrary<unknown> {
  const defs = dialect === "2019-09" ? "$defs" : "definitions";
  const draft04 = dialect === "draft-04";
  return fc.letrec<{ schema: unknown }>((tie) => {
    const sub = tie("schema");
    const keyword = fc.oneof(
      fc.record({ type: fc.oneof(typeName, fc.uniqueArray(typeName, { minLength: 1, maxLength: 2 })) }),
      fc.record({ enum: fc.uniqueArray(jsonValue, { minLength: 1, maxLength: 3, selector: (v) => JSON.stringify(v) }) }),
      draft04
        ? fc.record({ minimum: fc.integer({ min: -2, max: 2 }), exclusiveMinimum: fc.boolean() }, { requiredKeys: ["minimum"] })
        : fc.record({ exclusiveMinimum: fc.integer({ min: -2, max: 2 }) }),
      draft04
        ? fc.record({ maximum: fc.integer({ min: -2, max: 2 }), exclusiveMaximum: fc.boolean() }, { requiredKeys: ["maximum"] })
        : fc.record({ const: jsonValue }),
      fc.record({ minLength: fc.nat(2) }),
      fc.record({ required: fc.uniqueArray(propertyName, { minLength: draft04 ? 1 : 0, maxLength: 2 }) }),
      fc.record({ properties: fc.dictionary(propertyName, sub, { maxKeys: 2 }) }),
      fc.record({ patternProperties: fc.dictionary(fc.constantFrom("^a", "b"), sub, { maxKeys: 2 }) }),
      fc.record({ additionalProperties: sub }),
      fc.record({ dependencies: fc.dictionary(propertyName, fc.oneof(fc.uniqueArray(propertyName, { minLength: draft04 ? 1 : 0, maxLength: 2 }), sub), { maxKeys: 2 }) }),
      fc.record({ items: sub }),
      fc.record({ items: fc.array(sub, { minLength: 1, maxLength: 2 }), additionalItems: sub }, { requiredKeys: ["items"] }),
      fc.record({ uniqueItems: fc.boolean() }),
      fc.record({ allOf: fc.array(sub, { minLength: 1, maxLength: 2 }) }),
      fc.record({ anyOf: fc.array(sub, { minLength: 1, maxLength: 2 }) }),
      fc.record({ oneOf: fc.array(sub, { minLength: 1, maxLength: 2 }) }),
      fc.record({ not: sub }),
      ...(draft04 || dialect === "draft-06" ? [] : [fc.record({ if: sub, then: sub, else: sub }, { requiredKeys: ["if"] })]),
      ...(draft04 ? [] : [fc.record({ contains: sub }), fc.record({ propertyNames: sub })]),
      // A $ref with a sibling: before 2019-09 the sibling is not a keyword.
      fc.record({ $ref: fc.constantFrom("#", `#/${defs}/d0`, `#/${defs}/d1`), minProperties: fc.constant(5) }, { requiredKeys: ["$ref"] }),
      ...(dialect === "2019-09"
        ? [fc.record({ $recursiveRef: fc.constant("#") }), fc.record({ unevaluatedProperties: sub }), fc.record({ dependentRequired: fc.dictionary(propertyName, fc.uniqueArray(propertyName, { maxLength: 2 }), { maxKeys: 1 }) })]
        : []),
    );
    const object = fc.array(keyword, { minLength: 0, maxLength: 3 }).map((parts) => Object.assign({}, ...parts) as Record<string, unknown>);
    return { schema: draft04 ? object : fc.oneof({ depthSize: "small", withCrossShrink: true }, fc.boolean(), object) };
  }).schema;
}

/** A document of `dialect` with the definitions its references name, an identifier, and for 2019-09 a recursive anchor. */
export function legacyDocument(dialect: LegacyDialect): fc.Arbitrary<Record<string, unknown>> {
  const schema = legacySchema(dialect);
  const defs = dialect === "2019-09" ? "$defs" : "definitions";
  const identifier = dialect === "draft-04" ? "id" : "$id";
  return fc.tuple(schema, schema, schema, fc.boolean()).map(([root, d0, d1, anchored]) => {
    const base: Record<string, unknown> = typeof root === "object" && root !== null ? { ...(root as Record<string, unknown>) } : { not: { enum: [root] } };
    // The document root's $ref would make draft-07 and before ignore everything else: keep it inside.
    delete base["$ref"];
    return {
      $schema: LEGACY_URIS[dialect],
      [identifier]: "https://schemagate.test/legacy/root",
      ...base,
      ...(dialect === "2019-09" && anchored ? { $recursiveAnchor: true } : {}),
      [defs]: { d0, d1 },
    };
  });
}

/** Instances over the names the grammar uses. */
export { instance as legacyInstance } from "./arbitraries.js";
