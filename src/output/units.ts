// The error units validate() returns, typed per keyword: a union discriminated by `keyword`, as
// ajv's DefinedError, so `if (e.keyword === "minimum") e.params.limit` is a number. The params
// are exactly what each keyword's explain function builds (src/keywords/**); spec/error-units.spec.ts
// holds every keyword to this table at runtime.
import type { OutputUnit } from "../engine/types.js";

/** A JSON Schema type name, as `type` accepts it. */
export type JsonTypeName = "null" | "boolean" | "object" | "array" | "number" | "integer" | "string";

/** Params of a unit that has none to give. Written `{}` so that reading any key is a type error. */
export type NoParams = {};

/**
 * `params` of each error unit, by the unit's `keyword` (ajv's key names). Values taken from the
 * schema (type names, const and enum values) are frozen: every result of a validator shares them.
 */
export interface ErrorParams {
  type: { type: JsonTypeName | readonly JsonTypeName[] };
  const: { allowedValue: unknown };
  enum: { allowedValues: readonly unknown[] };
  /** ">" in draft-04 when the sibling `exclusiveMaximum` is true; likewise for minimum. */
  maximum: { comparison: "<=" | "<"; limit: number };
  exclusiveMaximum: { comparison: "<"; limit: number };
  minimum: { comparison: ">=" | ">"; limit: number };
  exclusiveMinimum: { comparison: ">"; limit: number };
  multipleOf: { multipleOf: number };
  maxLength: { limit: number };
  minLength: { limit: number };
  /** Only when compile() was given checkers for the format (`formats`); an annotation otherwise. */
  format: { format: string };
  pattern: { pattern: string };
  maxItems: { limit: number };
  minItems: { limit: number };
  maxProperties: { limit: number };
  minProperties: { limit: number };
  required: { missingProperty: string };
  dependentRequired: { property: string; missingProperty: string };
  /** The name-array form of draft-07's `dependencies` (its schema form reports through the subschema). */
  dependencies: { property: string; missingProperty: string };
  /** The indexes of the first two equal items. */
  uniqueItems: { i: number; j: number };
  additionalProperties: { additionalProperty: string };
  propertyNames: { propertyName: string };
  /** Too few matches without a `minContains` beside it (the least is 1 then). */
  contains: { minContains: number };
  minContains: { minContains: number };
  maxContains: { maxContains: number };
  if: { failingKeyword: "then" | "else" };
  /** null: no schema matched; otherwise the indexes of every matching schema (two or more). */
  oneOf: { passingSchemas: number[] | null };
  anyOf: NoParams;
  not: NoParams;
  unevaluatedProperties: { unevaluatedProperty: string };
  unevaluatedItems: { unevaluatedItem: number };
  /** A `false` schema (also `items: false`, `additionalItems: false`, `properties: { a: false }`). */
  false: NoParams;
  /** Evaluation stopped: the data is nested too deeply or contains itself. */
  $depth: NoParams;
  /** Evaluation stopped: reading the data threw (a getter, a Proxy trap), or a format checker threw or answered no boolean. */
  $data: NoParams;
  /** Evaluation stopped: a string too long for a pattern's linear matcher. */
  $pattern: NoParams;
  /** schemagate/mcp: a tool with an outputSchema returned no structuredContent. */
  $absent: NoParams;
}

/** Every `keyword` an error unit can carry. */
export type ErrorKeyword = keyof ErrorParams;

/** The error unit of one keyword: `ErrorUnitOf<"minimum">`. */
export interface ErrorUnitOf<K extends ErrorKeyword> extends OutputUnit {
  keyword: K;
  params: ErrorParams[K];
}

/**
 * An error unit of validate(): narrow it on `keyword` to read its `params`. Every member is an
 * OutputUnit, so code written against OutputUnit takes these as they are.
 */
export type ValidationErrorUnit = { [K in ErrorKeyword]: ErrorUnitOf<K> }[ErrorKeyword];
