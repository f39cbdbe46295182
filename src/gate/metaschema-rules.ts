// What each keyword its metaschema declares must hold, per dialect: the tables the metaschema
// check's quick reading (metaschema-quick.ts) reads a schema with. Each is written from the
// dialect's metaschema documents (src/metaschema/); spec/metaschema-quick.spec.ts holds each to
// them: the same keyword names, the same verdict. Names a table does not have hold anything.

import { DIALECT_2019_09, DIALECT_2020_12, DIALECT_DRAFT_04, DIALECT_DRAFT_06, DIALECT_DRAFT_07, type Dialect } from "../keywords/dialects.js";

/**
 * What a keyword's value must be. "schema": an object whose keywords pass too, or (from draft-06
 * on) true or false; "schema-map": an object of schemas; "schema-array": a non-empty array of
 * schemas; "schema-or-array": either (items before 2020-12); "positive": a number above 0
 * (multipleOf); "count": an integer, 0 or more; "strings": strings, each once (required);
 * "type": a type name, or a non-empty array of them, each once; "id": a string with no "#" but
 * as its last character (2020-12's $id); "anchor", "anchor-2019": a string the dialect's anchor
 * pattern matches; "vocabulary": an object of booleans; "strings-map": an object of "strings"
 * (dependentRequired); "dependencies": an object of schemas or "strings"; "flag-or-schema": true,
 * false or a schema where schemas are objects only (draft-04's additionalProperties).
 */
export type Rule =
  | "schema"
  | "schema-map"
  | "schema-array"
  | "schema-or-array"
  | "string"
  | "boolean"
  | "number"
  | "positive"
  | "count"
  | "strings"
  | "type"
  | "array"
  | "any"
  | "id"
  | "anchor"
  | "anchor-2019"
  | "vocabulary"
  | "strings-map"
  | "dependencies"
  | "flag-or-schema";

/** The rules of the 2020-12 metaschema and its vocabulary metaschemas (names no vocabulary declares may hold anything). */
const RULES_2020_12: Readonly<Record<string, Rule>> = {
  // core
  $id: "id",
  $schema: "string",
  $ref: "string",
  $anchor: "anchor",
  $dynamicRef: "string",
  $dynamicAnchor: "anchor",
  $vocabulary: "vocabulary",
  $comment: "string",
  $defs: "schema-map",
  // applicator
  prefixItems: "schema-array",
  items: "schema",
  contains: "schema",
  additionalProperties: "schema",
  properties: "schema-map",
  patternProperties: "schema-map",
  dependentSchemas: "schema-map",
  propertyNames: "schema",
  if: "schema",
  then: "schema",
  else: "schema",
  allOf: "schema-array",
  anyOf: "schema-array",
  oneOf: "schema-array",
  not: "schema",
  // unevaluated
  unevaluatedItems: "schema",
  unevaluatedProperties: "schema",
  // validation
  type: "type",
  const: "any",
  enum: "array",
  multipleOf: "positive",
  maximum: "number",
  exclusiveMaximum: "number",
  minimum: "number",
  exclusiveMinimum: "number",
  maxLength: "count",
  minLength: "count",
  pattern: "string", // format "regex": an annotation here
  maxItems: "count",
  minItems: "count",
  uniqueItems: "boolean",
  maxContains: "count",
  minContains: "count",
  maxProperties: "count",
  minProperties: "count",
  required: "strings",
  dependentRequired: "strings-map",
  // meta-data
  title: "string",
  description: "string",
  default: "any",
  deprecated: "boolean",
  readOnly: "boolean",
  writeOnly: "boolean",
  examples: "array",
  // format-annotation
  format: "string",
  // content
  contentEncoding: "string",
  contentMediaType: "string",
  contentSchema: "schema",
  // the dialect's own metaschema: keywords of earlier drafts
  definitions: "schema-map",
  dependencies: "dependencies",
  $recursiveAnchor: "anchor",
  $recursiveRef: "string",
};

/** What the quick reading knows of a dialect's metaschema. */
export interface Table {
  /** By keyword name (a Map: a name is never looked up on a prototype). */
  readonly rules: ReadonlyMap<string, Rule>;
  /** true and false are schemas (from draft-06 on). */
  readonly booleans: boolean;
  /** The fewest strings a string array holds (draft-04's `required` and `dependencies`: 1). */
  readonly minStrings: number;
  /** Keywords that need another beside them (draft-04: exclusiveMaximum needs maximum). */
  readonly needs: ReadonlyMap<string, string>;
}

const TABLES = new Map<Dialect, Table | undefined>();

/** A dialect's table, made on first use (a fresh process pays only for the dialects it reads). */
export function tableOf(dialect: Dialect): Table | undefined {
  if (!TABLES.has(dialect)) TABLES.set(dialect, made(dialect));
  return TABLES.get(dialect);
}

/** The older dialects' tables, as edits of 2020-12's: what each later dialect added is dropped. */
function made(dialect: Dialect): Table | undefined {
  switch (dialect) {
    case DIALECT_2020_12:
      return table([]);
    case DIALECT_2019_09:
      // Its own anchor pattern, boolean $recursiveAnchor, array-form items.
      return table(ADDED_IN_2020_12, { $anchor: "anchor-2019", $recursiveAnchor: "boolean", items: "schema-or-array", additionalItems: "schema" });
    case DIALECT_DRAFT_07:
      return table(UP_TO_2019_09, BEFORE_2019_09);
    case DIALECT_DRAFT_06:
      return table([...UP_TO_2019_09, ...ADDED_IN_DRAFT_07], BEFORE_2019_09);
    case DIALECT_DRAFT_04:
      // Schemas are objects (additionalItems/additionalProperties take a boolean of their own);
      // `id`, and boolean exclusive bounds that need the bound beside them.
      return {
        ...table([...UP_TO_2019_09, ...ADDED_IN_DRAFT_07, ...ADDED_IN_DRAFT_06], { items: "schema-or-array", id: "string", exclusiveMaximum: "boolean", exclusiveMinimum: "boolean", additionalItems: "flag-or-schema", additionalProperties: "flag-or-schema" }),
        booleans: false,
        minStrings: 1,
        needs: new Map([["exclusiveMaximum", "maximum"], ["exclusiveMinimum", "minimum"]]),
      };
    default:
      return undefined; // a dialect added later, until it has a table
  }
}

/** The keywords each dialect's metaschema added to the one before (2020-12's legacy names counted with 2019-09). */
const ADDED_IN_2020_12 = ["$dynamicRef", "$dynamicAnchor", "prefixItems"];
const ADDED_IN_2019_09 = ["$anchor", "$vocabulary", "$defs", "$recursiveAnchor", "$recursiveRef", "dependentSchemas", "dependentRequired", "unevaluatedItems", "unevaluatedProperties", "maxContains", "minContains", "deprecated", "contentSchema"];
const UP_TO_2019_09 = [...ADDED_IN_2020_12, ...ADDED_IN_2019_09];
const ADDED_IN_DRAFT_07 = ["$comment", "readOnly", "writeOnly", "if", "then", "else", "contentMediaType", "contentEncoding"];
const ADDED_IN_DRAFT_06 = ["$id", "$ref", "examples", "contains", "propertyNames", "const"];
/** Before 2019-09: `$id` is any string, `items` may be an array, `additionalItems` goes with it. */
const BEFORE_2019_09: Readonly<Record<string, Rule>> = { $id: "string", items: "schema-or-array", additionalItems: "schema" };

/** 2020-12's rules without the names `dropped`, with `added`. */
function table(dropped: readonly string[], added: Readonly<Record<string, Rule>> = {}): Table {
  const kept = new Map(Object.entries(RULES_2020_12).filter(([name]) => !dropped.includes(name)));
  for (const [name, rule] of Object.entries(added)) kept.set(name, rule);
  return { rules: kept, booleans: true, minStrings: 0, needs: new Map() };
}
