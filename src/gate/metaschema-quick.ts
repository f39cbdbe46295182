// A quick "yes" to the question the metaschema check asks (metaschema-check.ts), for 2020-12,
// 2019-09, draft-07 and draft-06: each keyword the dialect's metaschema declares, with what its
// value must be, read straight off the schema. It answers only "surely valid"; a
// schema it cannot vouch for (a value that fails, draft-04, deep nesting) goes to the
// metaschema's compiled validator, which finds the errors. Compiling that validator is most of a
// fresh process's first compile; a schema the table vouches for never pays for it.
// The tables are in metaschema-rules.ts; spec/metaschema-quick.spec.ts holds each to its
// metaschema: the same keywords, the same verdict on edge values, generated schemas and every
// schema of the official suite.
import { DIALECT_2019_09, DIALECT_2020_12, DIALECT_DRAFT_06, DIALECT_DRAFT_07, type Dialect } from "../keywords/dialects.js";
import { ANCHOR, ANCHOR_2019, ANY, ARRAY, BOOLEAN, COUNT, DEPENDENCIES, ID, NUMBER, POSITIVE, RULES_2019_09, RULES_2020_12, RULES_DRAFT_06, RULES_DRAFT_07, SCHEMA, SCHEMA_ARRAY, SCHEMA_MAP, SCHEMA_OR_ARRAY, STRING, STRINGS, STRINGS_MAP, TYPE, VOCABULARY, type Rule } from "./metaschema-rules.js";

/** The tables by dialect, as Maps (a keyword name is never looked up on a prototype). */
const TABLES = new Map<Dialect, ReadonlyMap<string, Rule>>([
  [DIALECT_2020_12, new Map(Object.entries(RULES_2020_12))],
  [DIALECT_2019_09, new Map(Object.entries(RULES_2019_09))],
  [DIALECT_DRAFT_07, new Map(Object.entries(RULES_DRAFT_07))],
  [DIALECT_DRAFT_06, new Map(Object.entries(RULES_DRAFT_06))],
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
const ANCHOR_PATTERN_2019 = /^[A-Za-z][-A-Za-z0-9.:_]*$/;

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
    case ANCHOR_2019:
      return typeof value === "string" && ANCHOR_PATTERN_2019.test(value);
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
