// A quick "yes" to the question the metaschema check asks (metaschema-check.ts), for the two
// dialects tool schemas are mostly written in: each keyword the dialect's metaschema declares,
// with what its value must be, read straight off the schema. It answers only "surely valid"; a
// schema it cannot vouch for (a value that fails, another dialect, deep nesting) goes to the
// metaschema's compiled validator, which finds the errors. Compiling that validator is most of a
// fresh process's first compile; a schema the table vouches for never pays for it.
// spec/metaschema-quick.spec.ts holds each table to its metaschema: the same keywords, the same
// verdict on generated schemas and on every schema of the official suite.
import { DIALECT_2020_12, DIALECT_DRAFT_07, type Dialect } from "../keywords/dialects.js";

// What a keyword's value must be.
/** A schema: true, false or an object whose keywords pass too. */
const SCHEMA = 0;
/** An object whose every value is a schema. */
const SCHEMA_MAP = 1;
/** A non-empty array of schemas. */
const SCHEMA_ARRAY = 2;
/** A schema or a non-empty array of schemas (draft-07's items). */
const SCHEMA_OR_ARRAY = 3;
const STRING = 4;
const BOOLEAN = 5;
const NUMBER = 6;
/** A number above 0 (multipleOf). */
const POSITIVE = 7;
/** An integer, 0 or more (the length and count bounds). */
const COUNT = 8;
/** An array of strings, each once (required). */
const STRINGS = 9;
/** A type name, or a non-empty array of them, each once. */
const TYPE = 10;
const ARRAY = 11;
const ANY = 12;
/** A string with no "#" but as its last character (2020-12's $id). */
const ID = 13;
/** A string the anchor pattern matches ($anchor, $dynamicAnchor). */
const ANCHOR = 14;
/** An object of booleans ($vocabulary). */
const VOCABULARY = 15;
/** An object whose every value is as STRINGS (dependentRequired). */
const STRINGS_MAP = 16;
/** An object whose every value is a schema or as STRINGS (dependencies). */
const DEPENDENCIES = 17;

type Rule = typeof SCHEMA | typeof SCHEMA_MAP | typeof SCHEMA_ARRAY | typeof SCHEMA_OR_ARRAY | typeof STRING | typeof BOOLEAN | typeof NUMBER | typeof POSITIVE | typeof COUNT | typeof STRINGS | typeof TYPE | typeof ARRAY | typeof ANY | typeof ID | typeof ANCHOR | typeof VOCABULARY | typeof STRINGS_MAP | typeof DEPENDENCIES;

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

/** The rules of the draft-07 metaschema. */
const RULES_DRAFT_07: Readonly<Record<string, Rule>> = {
  $id: STRING,
  $schema: STRING,
  $ref: STRING,
  $comment: STRING,
  title: STRING,
  description: STRING,
  default: ANY,
  readOnly: BOOLEAN,
  writeOnly: BOOLEAN,
  examples: ARRAY,
  multipleOf: POSITIVE,
  maximum: NUMBER,
  exclusiveMaximum: NUMBER,
  minimum: NUMBER,
  exclusiveMinimum: NUMBER,
  maxLength: COUNT,
  minLength: COUNT,
  pattern: STRING,
  additionalItems: SCHEMA,
  items: SCHEMA_OR_ARRAY,
  maxItems: COUNT,
  minItems: COUNT,
  uniqueItems: BOOLEAN,
  contains: SCHEMA,
  maxProperties: COUNT,
  minProperties: COUNT,
  required: STRINGS,
  additionalProperties: SCHEMA,
  definitions: SCHEMA_MAP,
  properties: SCHEMA_MAP,
  patternProperties: SCHEMA_MAP,
  dependencies: DEPENDENCIES,
  propertyNames: SCHEMA,
  const: ANY,
  enum: ARRAY,
  type: TYPE,
  format: STRING,
  contentMediaType: STRING,
  contentEncoding: STRING,
  if: SCHEMA,
  then: SCHEMA,
  else: SCHEMA,
  allOf: SCHEMA_ARRAY,
  anyOf: SCHEMA_ARRAY,
  oneOf: SCHEMA_ARRAY,
  not: SCHEMA,
};

/** The tables by dialect, as Maps (a keyword name is never looked up on a prototype). */
const TABLES = new Map<Dialect, ReadonlyMap<string, Rule>>([
  [DIALECT_2020_12, new Map(Object.entries(RULES_2020_12))],
  [DIALECT_DRAFT_07, new Map(Object.entries(RULES_DRAFT_07))],
]);

/** @internal For the specs: the keyword names of a dialect's table (undefined: the dialect has none). */
export function quickKeywords(dialect: Dialect): readonly string[] | undefined {
  const table = TABLES.get(dialect);
  return table === undefined ? undefined : [...table.keys()];
}

/** Schema objects nested deeper than this go to the metaschema (whose evaluation has a depth bound of its own). */
const MAX_NESTING = 64;

const TYPE_NAMES = new Set(["array", "boolean", "integer", "null", "number", "object", "string"]);
const ANCHOR_PATTERN = /^[A-Za-z_][-A-Za-z0-9._]*$/;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * True when `dialect`'s metaschema surely accepts `schema`; false when it may not, or when this
 * table cannot tell (the metaschema's validator decides). Reads own keys only.
 */
export function surelyValid(dialect: Dialect, schema: unknown): boolean {
  const table = TABLES.get(dialect);
  if (table === undefined) return false;
  // Schemas still to read, each with its nesting level.
  const pending: unknown[] = [schema];
  const levels: number[] = [1];
  while (pending.length > 0) {
    const value = pending.pop();
    const level = levels.pop()!;
    if (typeof value === "boolean") continue;
    if (!isObject(value) || level > MAX_NESTING) return false;
    for (const name of Object.keys(value)) {
      const rule = table.get(name);
      if (rule !== undefined && !holds(rule, value[name], level + 1, pending, levels)) return false;
    }
  }
  return true;
}

/** Whether a keyword's value keeps its rule; the schemas in it are queued to be read in turn. */
function holds(rule: Rule, value: unknown, level: number, pending: unknown[], levels: number[]): boolean {
  switch (rule) {
    case SCHEMA:
      return queued(value, level, pending, levels);
    case SCHEMA_MAP:
      if (!isObject(value)) return false;
      for (const key of Object.keys(value)) if (!queued(value[key], level + 1, pending, levels)) return false;
      return true;
    case SCHEMA_ARRAY:
      if (!Array.isArray(value) || value.length === 0) return false;
      for (const item of value) if (!queued(item, level + 1, pending, levels)) return false;
      return true;
    case SCHEMA_OR_ARRAY:
      return Array.isArray(value) ? holds(SCHEMA_ARRAY, value, level, pending, levels) : queued(value, level, pending, levels);
    case STRING:
      return typeof value === "string";
    case BOOLEAN:
      return typeof value === "boolean";
    case NUMBER:
      return typeof value === "number";
    case POSITIVE:
      return typeof value === "number" && value > 0;
    case COUNT:
      return Number.isInteger(value) && (value as number) >= 0;
    case STRINGS:
      return Array.isArray(value) && value.every((item) => typeof item === "string") && new Set(value).size === value.length;
    case TYPE:
      if (typeof value === "string") return TYPE_NAMES.has(value);
      return Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === "string" && TYPE_NAMES.has(item)) && new Set(value).size === value.length;
    case ARRAY:
      return Array.isArray(value);
    case ANY:
      return true;
    case ID:
      return typeof value === "string" && (value.indexOf("#") < 0 || value.indexOf("#") === value.length - 1);
    case ANCHOR:
      return typeof value === "string" && ANCHOR_PATTERN.test(value);
    case VOCABULARY:
      return isObject(value) && Object.keys(value).every((key) => typeof value[key] === "boolean");
    case STRINGS_MAP:
      return isObject(value) && Object.keys(value).every((key) => holds(STRINGS, value[key], level, pending, levels));
    case DEPENDENCIES:
      if (!isObject(value)) return false;
      for (const key of Object.keys(value)) {
        const entry = value[key];
        if (Array.isArray(entry) ? !holds(STRINGS, entry, level, pending, levels) : !queued(entry, level + 1, pending, levels)) return false;
      }
      return true;
  }
}

/** A subschema: true or false, or an object queued to be read at `level`. */
function queued(value: unknown, level: number, pending: unknown[], levels: number[]): boolean {
  if (typeof value === "boolean") return true;
  if (!isObject(value)) return false;
  pending.push(value);
  levels.push(level);
  return true;
}
