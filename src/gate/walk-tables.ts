// What the gate's walk (walk.ts) reads of a dialect in use: what each keyword's value is (data, a
// schema, an array or a map of schemas, a pattern), and which keywords mark a schema object for the
// registry (an identifier or a reference).
import { internalError } from "../errors.js";
import type { Dialect } from "../keywords/dialects.js";
import type { Vocabulary } from "../keywords/types.js";

// What a value is, for the keywords above it: data, a schema, an array or a map of schemas.
export const DATA = 0;
export const SCHEMA = 1;
export const SCHEMA_ARRAY = 2;
export const SCHEMA_MAP = 3;
export const SCHEMA_OR_ARRAY = 4;
/** Data that is a pattern when it is a string (pattern's value); a map of schemas whose keys are patterns (patternProperties). */
export const PATTERN = 5;
export const PATTERN_MAP = 6;

/** A dialect and the vocabularies in use (a custom metaschema's `$vocabulary` may leave some out). */
export interface DialectInUse {
  readonly dialect: Dialect;
  readonly vocabularies: ReadonlySet<Vocabulary>;
}

export const DATA_POSITIONS: ReadonlyMap<string, number> = new Map();

/** Where an array's item is, below an array at `position`: a schema in a list of them, else data. */
export const itemPosition = (position: number): number => (position === SCHEMA_ARRAY || position === SCHEMA_OR_ARRAY ? SCHEMA : DATA);

/** Where an object's member `key` is, below an object at `position`: a keyword's place in a schema object (`positions`), a schema in a map of them, else data. */
export const memberPosition = (position: number, positions: ReadonlyMap<string, number>, key: string): number =>
  position === SCHEMA || position === SCHEMA_OR_ARRAY ? (positions.get(key) ?? DATA) : position === SCHEMA_MAP || position === PATTERN_MAP ? SCHEMA : DATA;

/** What the walk reads of a dialect in use: where subschemas are, and the names it marks ("$" names apart from the rest). */
export interface Tables {
  readonly positions: ReadonlyMap<string, number>;
  readonly marked: ReadonlySet<string>;
  readonly plain: readonly string[];
  /** The reference keywords' names, and the identifier's. */
  readonly references: readonly string[];
  readonly identifier: string;
}

const TABLES = new WeakMap<DialectInUse, Tables>();

export function tablesOf(use: DialectInUse): Tables {
  let tables = TABLES.get(use);
  if (tables === undefined) {
    const names = use.dialect.marked.map((k) => k.name);
    const references = use.dialect.marked.filter((k) => k.reference !== undefined).map((k) => k.name);
    tables = { positions: positionsOf(use), marked: new Set(names.filter((n) => n.startsWith("$"))), plain: names.filter((n) => !n.startsWith("$")), references, identifier: use.dialect.identifier.name };
    TABLES.set(use, tables);
  }
  return tables;
}

const POSITIONS = new WeakMap<ReadonlySet<Vocabulary>, Map<Dialect, ReadonlyMap<string, number>>>();

/**
 * What a keyword's value is in a dialect, by keyword name (a name not there holds data): a keyword
 * of a vocabulary the metaschema leaves out is unknown, and its value data.
 */
function positionsOf({ dialect, vocabularies }: DialectInUse): ReadonlyMap<string, number> {
  let byDialect = POSITIONS.get(vocabularies);
  if (byDialect === undefined) POSITIONS.set(vocabularies, (byDialect = new Map()));
  let positions = byDialect.get(dialect);
  if (positions === undefined) {
    const kinds = { schema: SCHEMA, array: SCHEMA_ARRAY, map: SCHEMA_MAP, "schema-or-array": SCHEMA_OR_ARRAY };
    positions = new Map(
      [...dialect.keywords].flatMap(([name, k]): [string, number][] => {
        if (!vocabularies.has(k.vocabulary)) return [];
        if (k.regexes === undefined) return k.children === undefined ? [] : [[name, kinds[k.children]]];
        // The walk reads a keyword's patterns where it reads its value: a string, or a map's keys.
        if (k.regexes === "value" && k.children === undefined) return [[name, PATTERN]];
        if (k.regexes === "keys" && k.children === "map") return [[name, PATTERN_MAP]];
        throw internalError(`the walk cannot read the patterns of ${name}`);
      }),
    );
    byDialect.set(dialect, positions);
  }
  return positions;
}
