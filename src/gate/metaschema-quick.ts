// A quick "yes" to the question the metaschema check asks (metaschema-check.ts): each keyword
// the dialect's metaschema declares, with what its value must be, read straight off the schema.
// It answers only "surely valid"; a schema it cannot vouch for (a value that fails, deep
// nesting) goes to the metaschema's compiled validator, which finds the errors. Compiling that
// validator is most of a fresh process's first compile; a schema the table vouches for never
// pays for it. The tables are in metaschema-rules.ts; spec/metaschema-quick.spec.ts holds each
// to its metaschema: the same keywords, the same verdict on edge values, generated schemas and
// every schema of the official suite.
import type { Dialect } from "../keywords/dialects.js";
import { findDuplicate } from "../json/duplicates.js";
import { isObject, TYPE_NAMES } from "../json/type-of.js";
import { tableOf, type Rule, type Table } from "./metaschema-rules.js";

/** @internal For the specs: the keyword names of a dialect's table. */
export function quickKeywords(dialect: Dialect): readonly string[] {
  return [...tableOf(dialect)!.rules.keys()];
}

/** Schema objects nested deeper than this go to the metaschema (whose evaluation has a depth bound of its own). */
const MAX_NESTING = 64;

const ANCHOR_PATTERN = /^[A-Za-z_][-A-Za-z0-9._]*$/;
const ANCHOR_PATTERN_2019 = /^[A-Za-z][-A-Za-z0-9.:_]*$/;

/**
 * True when `dialect`'s metaschema surely accepts `schema`; false when it may not (its validator
 * then decides, and says why). Reads own keys only.
 */
export function surelyValid(dialect: Dialect, schema: unknown): boolean {
  const table = tableOf(dialect);
  return table !== undefined && new Reading(table).schemas(schema);
}

/** One quick reading: the schema objects still to read, each with its nesting level. */
class Reading {
  private readonly pending: Record<string, unknown>[] = [];
  private readonly levels: number[] = [];

  constructor(private readonly table: Table) {}

  /** Reads `root` and every schema object in it. */
  schemas(root: unknown): boolean {
    if (!this.queued(root, 1)) return false;
    const { pending, levels, table } = this;
    while (pending.length > 0) {
      const schema = pending.pop()!;
      const level = levels.pop()!;
      if (level > MAX_NESTING) return false;
      // for…in with an own check, here and below: a large schema's keys read without an array each.
      for (const name in schema) {
        if (!Object.hasOwn(schema, name)) continue;
        const rule = table.rules.get(name);
        if (rule !== undefined && !this.holds(rule, schema[name], level + 1)) return false;
        const needed = table.needs.get(name);
        if (needed !== undefined && !Object.hasOwn(schema, needed)) return false;
      }
    }
    return true;
  }

  /** Whether a keyword's value keeps its rule; the schemas in it are queued to be read in turn. */
  private holds(rule: Rule, value: unknown, level: number): boolean {
    switch (rule) {
      case "schema":
        return this.queued(value, level);
      case "flag-or-schema":
        return typeof value === "boolean" || this.queued(value, level);
      case "schema-map":
        if (!isObject(value)) return false;
        for (const key in value) if (Object.hasOwn(value, key) && !this.queued(value[key], level + 1)) return false;
        return true;
      case "schema-array":
        if (!Array.isArray(value) || value.length === 0) return false;
        for (const item of value) if (!this.queued(item, level + 1)) return false;
        return true;
      case "schema-or-array":
        return Array.isArray(value) ? this.holds("schema-array", value, level) : this.queued(value, level);
      case "string":
        return typeof value === "string";
      case "boolean":
        return typeof value === "boolean";
      case "number":
        return typeof value === "number";
      case "positive":
        return typeof value === "number" && value > 0;
      case "count":
        return Number.isInteger(value) && (value as number) >= 0;
      case "strings":
        return Array.isArray(value) && value.length >= this.table.minStrings && distinctStrings(value, false);
      case "type":
        if (typeof value === "string") return Object.hasOwn(TYPE_NAMES, value);
        return Array.isArray(value) && value.length > 0 && distinctStrings(value, true);
      case "array":
        return Array.isArray(value);
      case "any":
        return true;
      case "id":
        return typeof value === "string" && (value.indexOf("#") < 0 || value.indexOf("#") === value.length - 1);
      case "anchor":
        return typeof value === "string" && ANCHOR_PATTERN.test(value);
      case "anchor-2019":
        return typeof value === "string" && ANCHOR_PATTERN_2019.test(value);
      case "vocabulary":
        return isObject(value) && Object.keys(value).every((key) => typeof value[key] === "boolean");
      case "strings-map":
        return isObject(value) && Object.keys(value).every((key) => this.holds("strings", value[key], level));
      case "dependencies":
        // Each entry: the names it requires, or a schema.
        return isObject(value) && Object.keys(value).every((key) => (Array.isArray(value[key]) ? this.holds("strings", value[key], level) : this.queued(value[key], level + 1)));
    }
  }

  /** A subschema: an object, queued to be read at `level`, or (from draft-06 on) true or false. */
  private queued(value: unknown, level: number): boolean {
    if (typeof value === "boolean") return this.table.booleans;
    if (!isObject(value)) return false;
    this.pending.push(value);
    this.levels.push(level);
    return true;
  }
}

/** Every item a string (`types`: a type's name), none twice. */
function distinctStrings(items: readonly unknown[], types: boolean): boolean {
  for (const item of items) if (typeof item !== "string" || (types && !Object.hasOwn(TYPE_NAMES, item))) return false;
  return findDuplicate(items) === undefined;
}
