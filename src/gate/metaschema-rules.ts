// What each keyword its metaschema declares must hold, per dialect: the tables the metaschema
// check's quick reading (metaschema-quick.ts) reads a schema with. Each is written from the
// dialect's metaschema documents (src/metaschema/); spec/metaschema-quick.spec.ts holds each to
// them: the same keyword names, the same verdict. Names a table does not have hold anything.

import { DIALECT_2019_09, DIALECT_2020_12, DIALECT_DRAFT_04, DIALECT_DRAFT_06, DIALECT_DRAFT_07, type Dialect } from "../keywords/dialects.js";

// What a keyword's value must be.
/** A schema: an object whose keywords pass too, or (from draft-06 on) true or false. */
export const SCHEMA = 0;
/** An object whose every value is a schema. */
export const SCHEMA_MAP = 1;
/** A non-empty array of schemas. */
export const SCHEMA_ARRAY = 2;
/** A schema or a non-empty array of schemas (draft-07's items). */
export const SCHEMA_OR_ARRAY = 3;
export const STRING = 4;
export const BOOLEAN = 5;
export const NUMBER = 6;
/** A number above 0 (multipleOf). */
export const POSITIVE = 7;
/** An integer, 0 or more (the length and count bounds). */
export const COUNT = 8;
/** An array of strings, each once (required). */
export const STRINGS = 9;
/** A type name, or a non-empty array of them, each once. */
export const TYPE = 10;
export const ARRAY = 11;
export const ANY = 12;
/** A string with no "#" but as its last character (2020-12's $id). */
export const ID = 13;
/** A string the anchor pattern matches ($anchor, $dynamicAnchor). */
export const ANCHOR = 14;
/** An object of booleans ($vocabulary). */
export const VOCABULARY = 15;
/** An object whose every value is as STRINGS (dependentRequired). */
export const STRINGS_MAP = 16;
/** An object whose every value is a schema or as STRINGS (dependencies). */
export const DEPENDENCIES = 17;
/** A string 2019-09's anchor pattern matches ($anchor). */
export const ANCHOR_2019 = 18;
/** true, false or a schema, where the dialect's schemas are objects only (draft-04's additionalProperties). */
export const FLAG_OR_SCHEMA = 19;

export type Rule = typeof FLAG_OR_SCHEMA | typeof ANCHOR_2019 | typeof SCHEMA | typeof SCHEMA_MAP | typeof SCHEMA_ARRAY | typeof SCHEMA_OR_ARRAY | typeof STRING | typeof BOOLEAN | typeof NUMBER | typeof POSITIVE | typeof COUNT | typeof STRINGS | typeof TYPE | typeof ARRAY | typeof ANY | typeof ID | typeof ANCHOR | typeof VOCABULARY | typeof STRINGS_MAP | typeof DEPENDENCIES;

/** The rules of the 2020-12 metaschema and its vocabulary metaschemas (names no vocabulary declares may hold anything). */
const RULES_2020_12: Readonly<Record<string, Rule>> = {
  // core
  $id: ID,
  $schema: STRING,
  $ref: STRING,
  $anchor: ANCHOR,
  $dynamicRef: STRING,
  $dynamicAnchor: ANCHOR,
  $vocabulary: VOCABULARY,
  $comment: STRING,
  $defs: SCHEMA_MAP,
  // applicator
  prefixItems: SCHEMA_ARRAY,
  items: SCHEMA,
  contains: SCHEMA,
  additionalProperties: SCHEMA,
  properties: SCHEMA_MAP,
  patternProperties: SCHEMA_MAP,
  dependentSchemas: SCHEMA_MAP,
  propertyNames: SCHEMA,
  if: SCHEMA,
  then: SCHEMA,
  else: SCHEMA,
  allOf: SCHEMA_ARRAY,
  anyOf: SCHEMA_ARRAY,
  oneOf: SCHEMA_ARRAY,
  not: SCHEMA,
  // unevaluated
  unevaluatedItems: SCHEMA,
  unevaluatedProperties: SCHEMA,
  // validation
  type: TYPE,
  const: ANY,
  enum: ARRAY,
  multipleOf: POSITIVE,
  maximum: NUMBER,
  exclusiveMaximum: NUMBER,
  minimum: NUMBER,
  exclusiveMinimum: NUMBER,
  maxLength: COUNT,
  minLength: COUNT,
  pattern: STRING, // format "regex": an annotation here
  maxItems: COUNT,
  minItems: COUNT,
  uniqueItems: BOOLEAN,
  maxContains: COUNT,
  minContains: COUNT,
  maxProperties: COUNT,
  minProperties: COUNT,
  required: STRINGS,
  dependentRequired: STRINGS_MAP,
  // meta-data
  title: STRING,
  description: STRING,
  default: ANY,
  deprecated: BOOLEAN,
  readOnly: BOOLEAN,
  writeOnly: BOOLEAN,
  examples: ARRAY,
  // format-annotation
  format: STRING,
  // content
  contentEncoding: STRING,
  contentMediaType: STRING,
  contentSchema: SCHEMA,
  // the dialect's own metaschema: keywords of earlier drafts
  definitions: SCHEMA_MAP,
  dependencies: DEPENDENCIES,
  $recursiveAnchor: ANCHOR,
  $recursiveRef: STRING,
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
      return table(ADDED_IN_2020_12, { $anchor: ANCHOR_2019, $recursiveAnchor: BOOLEAN, items: SCHEMA_OR_ARRAY, additionalItems: SCHEMA });
    case DIALECT_DRAFT_07:
      return table(UP_TO_2019_09, BEFORE_2019_09);
    case DIALECT_DRAFT_06:
      return table([...UP_TO_2019_09, ...ADDED_IN_DRAFT_07], BEFORE_2019_09);
    case DIALECT_DRAFT_04:
      // Schemas are objects (additionalItems/additionalProperties take a boolean of their own);
      // `id`, and boolean exclusive bounds that need the bound beside them.
      return {
        ...table([...UP_TO_2019_09, ...ADDED_IN_DRAFT_07, ...ADDED_IN_DRAFT_06], { items: SCHEMA_OR_ARRAY, id: STRING, exclusiveMaximum: BOOLEAN, exclusiveMinimum: BOOLEAN, additionalItems: FLAG_OR_SCHEMA, additionalProperties: FLAG_OR_SCHEMA }),
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
const BEFORE_2019_09: Readonly<Record<string, Rule>> = { $id: STRING, items: SCHEMA_OR_ARRAY, additionalItems: SCHEMA };

/** 2020-12's rules without the names `dropped`, with `added`. */
function table(dropped: readonly string[], added: Readonly<Record<string, Rule>> = {}): Table {
  const kept = new Map(Object.entries(RULES_2020_12).filter(([name]) => !dropped.includes(name)));
  for (const [name, rule] of Object.entries(added)) kept.set(name, rule);
  return { rules: kept, booleans: true, minStrings: 0, needs: new Map() };
}
