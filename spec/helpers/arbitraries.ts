// fast-check generators: JSON data, and 2020-12 schemas drawn from the whole vocabulary
// (refs included), sized so a property run stays quick; check() and checkAsync() run a property
// with a fixed seed in `npm test` and random ones under `npm run fuzz`.
import fc from "fast-check";

/**
 * Keys that sort before `$` ("" < "!" < "#" < "$"): an object holding one must still have its
 * keywords read (issue 17: a marking loop stopped at `""` and hid the object's `$id` and `$ref`).
 */
export const EARLY_KEYS = ["", "!", "#"] as const;

const names = fc.constantFrom("a", "b", "c", "__proto__", "constructor", "x y", "é", ...EARLY_KEYS);

/**
 * Strings of astral code points: U+10FFFF is the last code point (the surrogate pair \udbff\udfff,
 * both halves at the top of their ranges), U+10000 the first; each counts as one character.
 */
export const astralString: fc.Arbitrary<string> = fc.string({ unit: fc.constantFrom("a", "é", "😀", "\u{10000}", "\u{10FFFF}"), maxLength: 4 });

/**
 * Scalars and small containers whose texts look alike but which JSON equality tells apart ("1" and
 * 1, "true" and true, "null" and null, [1] and ["1"]), and ones it does not (1 and 1.0, 0 and -0).
 */
const LOOKALIKES: readonly unknown[] = ["1", 1, "true", true, "null", null, 0, "0", "", "false", false, "a", "\u{10FFFF}", [], {}, [1], ["1"], [null], ["null"], [true], ["true"], { a: 1 }, { a: "1" }];
export const lookalike: fc.Arbitrary<unknown> = fc.constantFrom(...LOOKALIKES, 1.0, -0);

/**
 * Arrays of 6 to 20 items, past the engine's short-array paths (uniqueItems compares pairwise up to
 * 12 items, by text above): lookalikes with repeats, or each lookalike at most once.
 */
export const longArray: fc.Arbitrary<unknown[]> = fc.oneof(
  fc.array(lookalike, { minLength: 6, maxLength: 20 }),
  // JSON.stringify tells every LOOKALIKE apart (and writes -0 as 0, so 0 and -0 are one value).
  fc.uniqueArray(lookalike, { minLength: 6, maxLength: 20, selector: (v) => JSON.stringify(v) }),
);

/** Small JSON values that hit the interesting corners (0/-0, 1.0, empty containers, prototype names, astral code points). */
export const jsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom(null, true, false, 0, -0, 1, 1.5, -3, 1e21, "", "a", "ab", "😀", "2024-01-01", "\u{10FFFF}"),
    fc.integer({ min: -5, max: 5 }),
    fc.string({ maxLength: 4 }),
    astralString,
    fc.array(tie("value"), { maxLength: 4 }),
    longArray,
    fc.dictionary(names, tie("value"), { maxKeys: 4, noNullPrototype: true }).map((d) => JSON.parse(JSON.stringify(d)) as unknown),
  ),
})).value;

const typeName = fc.constantFrom("null", "boolean", "object", "array", "number", "integer", "string");

/** An unknown keyword that sorts before `$` (EARLY_KEYS), holding data. */
function earlyKey(data: fc.Arbitrary<unknown>): fc.Arbitrary<Record<string, unknown>> {
  return fc.tuple(fc.constantFrom(...EARLY_KEYS), data).map(([key, value]) => ({ [key]: value }));
}

/**
 * `$anchor` values: generated names (letters, digits, `_ - .` after a letter or `_`), and the
 * grammar's own `a0` and `a1`, so some anchors repeat one another in a resource.
 */
export const anchorName: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom("a0", "a1"), weight: 1 },
  { arbitrary: fc.stringMatching(/^[A-Za-z_][-A-Za-z0-9._]{0,3}$/), weight: 3 },
);

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
      fc.record({ $anchor: anchorName }),
      earlyKey(jsonValue),
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

/**
 * Runs a fast-check property. In an ordinary test run (no FUZZ_RUNS/FUZZ_SEED) the seed is fixed,
 * so `npm test` gives the same verdict on the same code; `npm run fuzz` (scripts/fuzz.mjs) sets
 * FUZZ_RUNS and explores random seeds, or replays FUZZ_SEED. A failure prints its seed and path.
 */
export function check<T>(property: fc.IAsyncProperty<T> | fc.IProperty<T>, runs: number): void {
  const result = fc.check(property as fc.IProperty<T>, { numRuns: runs, ...seedOf(PROPERTY_SEED) }) as fc.RunDetails<T>;
  if (result.failed) throw failure(result);
}

// ---------------------------------------------------------------------------------------------
// The whole-vocabulary grammar used by the property and differential specs: documents with
// several schema resources (an `$id`-embedded one), `$anchor`s, a `$dynamicAnchor`, and
// references between all of them; instances that reuse the schema's names and values.

/** Property names, prototype names included (STYLE §3). */
export const propertyName = fc.constantFrom("a", "b", "c", "__proto__", "constructor", "toString", "x y", "é", "0", ...EARLY_KEYS);

/** Numbers around the corners of the numeric keywords: -0, 1.0, decimals, huge integers. */
const number = fc.constantFrom(0, -0, 1, -1, 2, 3, 0.1, 0.3, 0.5, 1.5, 2.5, -2.5, 7, 1e21, 1e-8, 2 ** 53, 0.0075);

/** A JSON object built from entries (own `__proto__` keys included, as JSON.parse makes them). */
function objectOf(entries: [string, unknown][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

/** JSON data over the given property names, with the corner numbers and short strings the keywords care about. */
export function instanceOf(names: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  return fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.constantFrom(null, true, false, "", "a", "ab", "b", "_x", "é", "😀", "aaaa", "2024-01-01", "\u{10FFFF}", "a\u{10FFFF}"),
      number,
      fc.integer({ min: -5, max: 5 }),
      fc.string({ maxLength: 3 }),
      astralString,
      fc.array(tie("value"), { maxLength: 5 }),
      longArray,
      fc.uniqueArray(fc.tuple(names, tie("value")), { maxLength: 4, selector: ([k]) => k }).map(objectOf),
    ),
  })).value;
}

/** JSON data: like `jsonValue`, with every name of `propertyName` and more numbers. */
export const instance: fc.Arbitrary<unknown> = instanceOf(propertyName);

const typeNames = fc.constantFrom("null", "boolean", "object", "array", "number", "integer", "string");

/**
 * Every reference a generated document resolves, from any schema in it: the resource's own root,
 * `$defs` entries and anchor (each resource has `d0`, `d1` with `$dynamicAnchor: "dyn"`, and
 * `d2` with `$anchor: "a0"`), the embedded resource `e0` and the document root by relative URI.
 */
export const REFERENCES = ["#", "#/$defs/d0", "#/$defs/d1", "#a0", "#/$defs/d2", "e0", "e0#a0", "e0#/$defs/d1", "root", "root#/$defs/d0"] as const;

/** The `$id` of every generated document; the differential spec swaps in a unique one per case. */
export const DOCUMENT_ID = "https://schemagate.test/doc/root";

export interface GrammarOptions {
  /** Property names used by `properties`, `required`, … and by the instances (default: `propertyName`). */
  names?: fc.Arbitrary<string>;
  /** `unevaluatedProperties` / `unevaluatedItems` (default true). */
  unevaluated?: boolean;
  /** `$dynamicRef` (default true; `$dynamicAnchor` is always declared). */
  dynamicRef?: boolean;
  /** The `multipleOf` values (default: integers and decimals). */
  multipleOf?: readonly number[];
  /** How deep schemas nest (fast-check's depthSize; default "small"). */
  depthSize?: fc.DepthSize;
  /**
   * `$anchor` and `$id` with generated values on random subschemas (default true): an anchor of
   * its own, or an embedded resource `id-…` with its own `$defs` (so that the references of
   * REFERENCES inside it resolve there).
   */
  identifiers?: boolean;
}

export interface Grammar {
  /**
   * One schema (not a document): every keyword of 2020-12 but `$dynamicAnchor` and `$vocabulary`;
   * `$id` and `$anchor` (with `identifiers`) with generated values; unknown keywords, some of them
   * sorting before `$` (EARLY_KEYS).
   */
  subschema: fc.Arbitrary<unknown>;
  /**
   * A 2020-12 schema document in which every reference of `subschema` resolves: a root resource
   * (`$id` DOCUMENT_ID) and an embedded resource `$defs/e0` (`$id: "e0"`), each with its `$defs`.
   * Its relative references need compile option `refs: "document"`.
   */
  documentSchema: fc.Arbitrary<Record<string, unknown>>;
  /** Instances over the grammar's names. */
  instance: fc.Arbitrary<unknown>;
}

/** A schema as an object (a boolean becomes `{}` or `{ "not": {} }`), so keywords can be added beside it. */
function asObject(schema: unknown): Record<string, unknown> {
  if (schema === true) return {};
  if (schema === false) return { not: {} };
  return schema as Record<string, unknown>;
}

/** The `$defs` every resource has: `d0`, `d1` (`$dynamicAnchor: "dyn"`), `d2` (`$anchor: "a0"`). */
function resourceDefsOf(d0: unknown, d1: unknown, d2: unknown): Record<string, unknown> {
  return { d0, d1: withAnchor(d1, "$dynamicAnchor", "dyn"), d2: withAnchor(d2, "$anchor", "a0") };
}

/** A schema with an anchor of this resource: beside its keywords, or around it when it is a resource of its own (an `$id`). */
function withAnchor(schema: unknown, keyword: string, name: string): Record<string, unknown> {
  const object = asObject(schema);
  return Object.hasOwn(object, "$id") ? { [keyword]: name, allOf: [object] } : { ...object, [keyword]: name };
}

/** The whole-vocabulary grammar, optionally without the parts a peer gets wrong. */
export function schemaGrammar(options: GrammarOptions = {}): Grammar {
  const names = options.names ?? propertyName;
  const data = options.names === undefined ? instance : instanceOf(names);
  const unevaluated = options.unevaluated ?? true;
  const subschema = fc
    .letrec<{ schema: unknown }>((tie) => {
      const sub = tie("schema");
      const subs = fc.array(sub, { minLength: 1, maxLength: 3 });
      const schemaMap = fc.uniqueArray(fc.tuple(names, sub), { maxLength: 3, selector: ([k]) => k }).map(objectOf);
      const keywords: fc.Arbitrary<Record<string, unknown>>[] = [
        // validation
        fc.record({ type: fc.oneof(typeNames, fc.uniqueArray(typeNames, { minLength: 1, maxLength: 3 })) }),
        fc.record({ const: data }),
        fc.record({ enum: fc.array(data, { minLength: 1, maxLength: 3 }) }),
        fc.record({ minimum: number }),
        fc.record({ maximum: number }),
        fc.record({ exclusiveMinimum: fc.integer({ min: -3, max: 3 }) }),
        fc.record({ exclusiveMaximum: number }),
        fc.record({ multipleOf: fc.constantFrom(...(options.multipleOf ?? [1, 2, 0.5, 0.1, 0.01, 0.25, 1.5])) }),
        fc.record({ minLength: fc.nat(3), maxLength: fc.nat(4) }, { requiredKeys: [] }),
        fc.record({ pattern: fc.constantFrom("^a", "b$", "^\\p{L}+$", ".", "^$", "^.$", "[😀]") }),
        fc.record({ minItems: fc.nat(3), maxItems: fc.nat(4) }, { requiredKeys: [] }),
        fc.record({ uniqueItems: fc.boolean() }),
        fc.record({ minProperties: fc.nat(2), maxProperties: fc.nat(3) }, { requiredKeys: [] }),
        fc.record({ required: fc.uniqueArray(names, { maxLength: 3 }) }),
        fc.record({ dependentRequired: fc.uniqueArray(fc.tuple(names, fc.uniqueArray(names, { maxLength: 2 })), { maxLength: 2, selector: ([k]) => k }).map(objectOf) }),
        // applicator
        fc.record({ properties: schemaMap }),
        fc.record({ patternProperties: fc.uniqueArray(fc.tuple(fc.constantFrom("^a", "b", "^_", "^$", "o", "^\\p{Lu}"), sub), { maxLength: 2, selector: ([k]) => k }).map(objectOf) }),
        fc.record({ additionalProperties: sub }),
        fc.record({ propertyNames: sub }),
        fc.record({ dependentSchemas: schemaMap }),
        fc.record({ prefixItems: subs }),
        fc.record({ items: sub }),
        fc.record({ prefixItems: subs, items: sub }),
        fc.record({ contains: sub, minContains: fc.nat(3), maxContains: fc.nat(3) }, { requiredKeys: ["contains"] }),
        fc.record({ allOf: subs }),
        fc.record({ anyOf: subs }),
        fc.record({ oneOf: subs }),
        fc.record({ not: sub }),
        fc.record({ if: sub, then: sub, else: sub }, { requiredKeys: [] }),
        // core: references (the document supplies every target)
        fc.record({ $ref: fc.constantFrom(...REFERENCES) }),
        fc.record({ $comment: fc.string({ maxLength: 3 }) }),
        // format, content and meta-data are annotations; an unknown keyword is ignored
        fc.record({ format: fc.constantFrom("date", "email", "ipv4", "uri", "regex", "unknown-format") }),
        fc.record({ contentEncoding: fc.constant("base64"), contentMediaType: fc.constant("application/json"), contentSchema: sub }, { requiredKeys: [] }),
        fc.record({ title: fc.string({ maxLength: 3 }), description: fc.string({ maxLength: 3 }), default: data, examples: fc.array(data, { maxLength: 2 }) }, { requiredKeys: [] }),
        fc.record({ deprecated: fc.boolean(), readOnly: fc.boolean(), writeOnly: fc.boolean() }, { requiredKeys: [] }),
        fc.record({ "x-unknown": data }),
        earlyKey(data),
      ];
      if (options.identifiers ?? true) {
        // A generated `$id` is relative to the document's, beside it (`id-…`): "e0" and "root" still
        // resolve inside it, and the fragment references find its own `$defs`.
        const defs = fc.tuple(sub, sub, sub).map(([d0, d1, d2]) => resourceDefsOf(d0, d1, d2));
        keywords.push(
          fc.record({ $anchor: anchorName }),
          fc.tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,3}$/), defs).map(([name, $defs]) => ({ $id: `id-${name}`, $defs })),
        );
      }
      if (options.dynamicRef ?? true) keywords.push(fc.record({ $dynamicRef: fc.constantFrom("#dyn", "e0#dyn", "#a0") }));
      if (unevaluated) {
        // unevaluated*, often beside the applicators whose annotations they read
        keywords.push(
          fc.record({ unevaluatedProperties: sub }),
          fc.record({ unevaluatedItems: sub }),
          fc.record({ allOf: subs, unevaluatedProperties: sub }),
          fc.record({ anyOf: subs, unevaluatedProperties: sub }),
          fc.record({ oneOf: subs, unevaluatedItems: sub }),
          fc.record({ anyOf: subs, unevaluatedItems: sub }),
          fc.record({ if: sub, then: sub, else: sub, unevaluatedProperties: sub }, { requiredKeys: ["if", "unevaluatedProperties"] }),
          fc.record({ prefixItems: subs, contains: sub, unevaluatedItems: sub }, { requiredKeys: ["unevaluatedItems"] }),
          fc.record({ dependentSchemas: schemaMap, patternProperties: fc.constant({ "^a": true }), unevaluatedProperties: sub }, { requiredKeys: ["unevaluatedProperties"] }),
          fc.record({ $ref: fc.constantFrom(...REFERENCES), unevaluatedProperties: sub, unevaluatedItems: sub }, { requiredKeys: ["$ref"] }),
        );
      }
      return {
        schema: fc.oneof(
          { depthSize: options.depthSize ?? "small", withCrossShrink: true },
          fc.boolean(),
          fc.array(fc.oneof(...keywords), { minLength: 0, maxLength: 3 }).map((parts) => Object.assign({}, ...parts) as Record<string, unknown>),
        ),
      };
    })
    .schema;
  const resourceDefs = fc.tuple(subschema, subschema, subschema).map(([d0, d1, d2]) => resourceDefsOf(d0, d1, d2));
  const documentSchema = fc.tuple(subschema, resourceDefs, subschema, resourceDefs).map(([root, defs, e0, e0Defs]) => ({
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: DOCUMENT_ID,
    ...asObject(root),
    $defs: { ...defs, e0: { ...asObject(e0), $id: "e0", $defs: e0Defs } },
  }));
  return { subschema, documentSchema, instance: data };
}

/** The whole-vocabulary grammar: see `schemaGrammar`. */
export const { subschema, documentSchema } = schemaGrammar();

/**
 * Where 2020-12 has subschemas, written out from the specification (Core §10, the unevaluated and
 * content vocabularies), not read from the engine's table: one schema, an array of them, or a map
 * of them. `dependencies` is still described (deprecated) by the 2020-12 metaschema.
 */
const SCHEMA_ONE = new Set(["additionalProperties", "propertyNames", "items", "contains", "not", "if", "then", "else", "unevaluatedItems", "unevaluatedProperties", "contentSchema"]);
const SCHEMA_ARRAY = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);
const SCHEMA_MAP = new Set(["properties", "patternProperties", "dependentSchemas", "$defs", "dependencies"]);

const escapeSegment = (key: string) => key.replaceAll("~", "~0").replaceAll("/", "~1");

/** Every schema object of a 2020-12 document with its JSON Pointer, parents first (data — const, enum, unknown keywords — is left out). */
export function schemaObjects(schema: unknown, at = "", out: [string, Record<string, unknown>][] = []): [string, Record<string, unknown>][] {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return out;
  const object = schema as Record<string, unknown>;
  out.push([at, object]);
  for (const key of Object.keys(object)) {
    const value = object[key];
    const here = `${at}/${escapeSegment(key)}`;
    if (SCHEMA_ONE.has(key)) schemaObjects(value, here, out);
    else if (SCHEMA_ARRAY.has(key) && Array.isArray(value)) value.forEach((member, i) => schemaObjects(member, `${here}/${i}`, out));
    else if (SCHEMA_MAP.has(key) && typeof value === "object" && value !== null && !Array.isArray(value)) {
      for (const name of Object.keys(value)) schemaObjects((value as Record<string, unknown>)[name], `${here}/${escapeSegment(name)}`, out);
    }
  }
  return out;
}

/** The boolean subschemas of a 2020-12 document (its root, when boolean, included): the gate counts them towards maxSubschemas with the objects. */
export function booleanSubschemas(schema: unknown): number {
  if (typeof schema === "boolean") return 1;
  let count = 0;
  for (const [, object] of schemaObjects(schema)) {
    for (const key of Object.keys(object)) {
      const value = object[key];
      const members = SCHEMA_ONE.has(key) ? [value] : SCHEMA_ARRAY.has(key) && Array.isArray(value) ? value : SCHEMA_MAP.has(key) && typeof value === "object" && value !== null && !Array.isArray(value) ? Object.values(value) : [];
      for (const member of members) if (typeof member === "boolean") count++;
    }
  }
  return count;
}

/**
 * Whether two schema objects of a generated document declare one identifier: the same `$id`, or
 * the same anchor name (`$anchor` or `$dynamicAnchor`) in one resource. Which of them a reference
 * means cannot be known: peers refuse such a document or take either one. The grammar's `$id`s
 * are all beside the document's (`e0`, `id-…`), so their last segment names them.
 */
export function repeatsIdentifier(document: unknown): boolean {
  const declared = new Map<string, string>();
  const declare = (key: string, at: string): boolean => {
    const seen = declared.get(key);
    declared.set(key, at);
    return seen !== undefined && seen !== at;
  };
  const objects = schemaObjects(document);
  const resourceAt = new Map<string, string>();
  for (const [at, object] of objects) {
    const id = typeof object["$id"] === "string" && Object.hasOwn(object, "$id") ? object["$id"] : undefined;
    // The innermost resource: this object's own `$id`, else its parent's resource.
    const parent = objects.map(([p]) => p).filter((p) => at.startsWith(p + "/")).sort((a, b) => b.length - a.length)[0];
    const resource = id !== undefined ? id.slice(id.lastIndexOf("/") + 1) : parent === undefined ? "" : resourceAt.get(parent)!;
    resourceAt.set(at, resource);
    if (id !== undefined && declare(resource, at)) return true;
    for (const keyword of ["$anchor", "$dynamicAnchor"]) {
      const name = Object.hasOwn(object, keyword) ? object[keyword] : undefined;
      if (typeof name === "string" && declare(`${resource}#${name}`, at)) return true;
    }
  }
  return false;
}

/** Values a schema mentions (`const`, `enum`, `default`, `examples`), so instances hit them. */
export function schemaValues(schema: unknown): unknown[] {
  const out: unknown[] = [];
  const visit = (value: unknown): void => {
    if (typeof value !== "object" || value === null) return;
    if (Array.isArray(value)) return value.forEach(visit);
    for (const [key, member] of Object.entries(value)) {
      if (key === "const" || key === "default") out.push(member);
      else if ((key === "enum" || key === "examples") && Array.isArray(member)) out.push(...member);
      else visit(member);
    }
  };
  visit(schema);
  return out;
}

/** The run count of a property: FUZZ_RUNS from the environment (`npm run fuzz -- --runs N`), else `ci`. */
export function runs(ci: number): number {
  const n = Number(process.env["FUZZ_RUNS"]);
  return Number.isInteger(n) && n > 0 ? n : ci;
}

/** Whether this is a fuzzing run (`npm run fuzz`, or FUZZ_RUNS/FUZZ_SEED set by hand). */
export function fuzzing(): boolean {
  return process.env["FUZZ_RUNS"] !== undefined || process.env["FUZZ_SEED"] !== undefined;
}

/** The seed FUZZ_SEED from the environment (`npm run fuzz -- --seed S`), if any. */
function fuzzSeed(): { seed: number } | Record<string, never> {
  const text = process.env["FUZZ_SEED"];
  return text !== undefined && text !== "" && Number.isInteger(Number(text)) ? { seed: Number(text) } : {};
}

/** The seeds of an ordinary `npm test` (no FUZZ_* set): the properties, and the differential. */
const PROPERTY_SEED = 20261201;
const DIFFERENTIAL_SEED = 20261130;

/** A fixed seed in an ordinary test run; FUZZ_SEED, or fast-check's random one, when fuzzing. */
function seedOf(fixed: number): { seed: number } | Record<string, never> {
  return fuzzing() ? fuzzSeed() : { seed: fixed };
}

/** The error a failed property throws: how to replay it (FUZZ_SEED), the counterexample, the cause. */
function failure<T>(result: fc.RunDetails<T>): Error {
  const cause = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
  return new Error(`property failed — replay with { seed: ${result.seed}, path: "${result.counterexamplePath}" } (FUZZ_SEED=${result.seed})\n${fc.defaultReportMessage(result)}\ncause: ${cause}`);
}

/**
 * Like `check`, for the async differential properties: a fixed seed in an ordinary test run (a
 * peer's bug not yet listed must not fail CI at random), random ones or FUZZ_SEED when fuzzing.
 */
export async function checkAsync<T>(property: fc.IAsyncProperty<T> | fc.IProperty<T>, numRuns: number): Promise<void> {
  const result = await fc.check(property as fc.IAsyncProperty<T>, { numRuns, ...seedOf(DIFFERENTIAL_SEED) });
  if (result.failed) throw failure(result);
}

/** Deterministic shuffle of every object's keys, recursively (own `__proto__` keys stay own data). */
export function shuffleKeys(value: unknown, seed: number): unknown {
  let state = seed >>> 0 || 1;
  const random = (): number => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  const visit = (v: unknown): unknown => {
    if (typeof v !== "object" || v === null) return v;
    if (Array.isArray(v)) return v.map(visit);
    const entries = Object.entries(v);
    for (let i = entries.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [entries[i], entries[j]] = [entries[j]!, entries[i]!];
    }
    return objectOf(entries.map(([k, member]) => [k, visit(member)]));
  };
  return visit(value);
}

/** Keywords with a wrong value, or references that go nowhere: each makes a schema invalid. */
export const BROKEN_KEYWORDS: readonly Record<string, unknown>[] = [
  { type: "strng" },
  { minLength: -1 },
  { maxItems: 1.5 },
  { multipleOf: 0 },
  { required: [1] },
  { required: ["a", "a"] },
  { enum: 1 },
  { properties: [] },
  { items: 1 },
  { allOf: [] },
  { pattern: "(" },
  { patternProperties: { "[": {} } },
  { $ref: "#/$defs/nowhere" },
  { $ref: "#nowhere" },
  { $dynamicRef: "#nowhere" },
  { $anchor: "1bad" },
  { $id: "#fragment" },
  { dependentRequired: { a: "b" } },
];
