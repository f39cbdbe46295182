// compile()'s options: each read once, as an own property, and checked by kind (a wrong one is
// the caller's mistake: a TypeError or RangeError naming it), and the part of the cache key they make.
import { isPlainOptions, notPlain, plainOrAny } from "./plain-options.js";
import { defaultCache, isSchemaCache, SchemaCache } from "./cache.js";
import type { DialectSettings } from "./engine/dialect-of.js";
import { SchemaError } from "./errors.js";
import type { Bounds } from "./gate/walk.js";
import { DIALECT_2020_12, dialectNamed, type Dialect, type DialectName } from "./keywords/dialects.js";
import { MAX_DATA_DEPTH, MAX_DEPTH, MAX_SUBSCHEMAS, SIZE_PER_SUBSCHEMA } from "./limits.js";
import { kindOf } from "./json/type-of.js";
import { blank, ownFields } from "./json/own-fields.js";
import { shortenMiddle, shortenStart } from "./output/shorten.js";
import { printable } from "./output/printable.js";

export interface CompileOptions {
  /**
   * "fragment" (the default): every $ref/$dynamicRef must start with "#".
   * "document": references may also name embedded `$id` resources and the documents in `schemas`.
   */
  refs?: "fragment" | "document";
  /** Extra documents references may point to, by URI. They pass the same gate. Nothing is ever fetched. */
  schemas?: Readonly<Record<string, unknown>>;
  /** Nesting depth, object count and size (characters of JSON) of every document; `false` lifts them. */
  bounds?: Partial<Bounds> | false;
  /**
   * Format checkers by name (`formats` from "schemagate/formats", or spread with your own). When
   * given, "format" asserts: a value must pass the checker of its format, and a format with no
   * checker passes. Without it "format" is an annotation only (the 2020-12 default).
   */
  formats?: Readonly<Record<string, (value: string) => boolean>>;
  /** The cache of compiled validators: a SchemaCache, or false for none. Default: one shared cache. */
  cache?: SchemaCache | false;
  /**
   * The dialect of a schema without `$schema`, and of every document in `schemas` without one:
   * "2020-12" (the default), "2019-09", "draft-07", "draft-06", "draft-04", or its metaschema URI.
   */
  dialect?: DialectName | (string & {});
  /**
   * A `$schema` naming no dialect schemagate knows (draft-03 included): "error" (the default)
   * refuses the schema with SchemaError "unsupported-dialect"; "default" reads it in the `dialect`
   * option's dialect instead, checked against that metaschema. Keywords the unknown dialect means
   * otherwise are then read with the default's meaning, or ignored.
   */
  unknownDialect?: "error" | "default";
  /**
   * How many values deep evaluation may follow references that lead back to themselves (recursion:
   * the only way past the schema's own nesting). Deeper data is invalid with one `$depth` unit, in
   * every process alike. Data nested at most this many levels never reaches it. Default 256;
   * `Infinity` leaves only the stack's limit, which varies with the process.
   */
  maxDataDepth?: number;
}

/**
 * The default size bound: it scales with the object count, and never drops below 1 MiB of text
 * (nor rises past the largest safe integer: a huge maxSubschemas would make it Infinity, which the
 * check below would blame on a maxSize the caller never gave).
 */
export const sizeFor = (maxSubschemas: number): number => Math.min(Math.max(maxSubschemas * SIZE_PER_SUBSCHEMA, 1 << 20), Number.MAX_SAFE_INTEGER);
export const DEFAULT_BOUNDS: Bounds = Object.freeze({ maxDepth: MAX_DEPTH, maxSubschemas: MAX_SUBSCHEMAS, maxSize: sizeFor(MAX_SUBSCHEMAS) });

const BOUND_NAMES: readonly string[] = ["maxDepth", "maxSubschemas", "maxSize"];

export function boundsOf(option: CompileOptions["bounds"]): Bounds | false {
  if (option === false) return false;
  if (option === undefined) return DEFAULT_BOUNDS; // the cache-hit path allocates nothing here
  if (!isPlainOptions(option)) throw new TypeError(`bounds must be ${plainOrAny(option)} of limits or false, not ${notPlain(option)}`);
  // A misspelt limit (`maxdepth`) would leave the one meant at its default.
  for (const name of Object.keys(option)) {
    if (!BOUND_NAMES.includes(name)) throw new TypeError(`bounds has no limit ${printable(JSON.stringify(shortenMiddle(name, 40)))}: its limits are ${BOUND_NAMES.join(", ")}`);
  }
  // Only a missing limit takes the default: a null one is a mistake, refused below.
  const maxDepth = ownValue(option, "maxDepth");
  const maxSubschemas = ownValue(option, "maxSubschemas") ?? MAX_SUBSCHEMAS;
  const maxSize = ownValue(option, "maxSize");
  const bounds = { maxDepth: maxDepth === undefined ? MAX_DEPTH : maxDepth, maxSubschemas, maxSize: maxSize === undefined ? sizeFor(maxSubschemas) : maxSize };
  for (const [name, value] of Object.entries(bounds)) {
    if (typeof value !== "number") throw new TypeError(`bounds.${name} must be a positive integer, not ${kindOf(value)}`);
    if (!Number.isInteger(value) || value < 1) throw new RangeError(`bounds.${name} must be a positive integer, not ${value}${value === Infinity ? " (bounds: false lifts every bound)" : ""}`);
  }
  return bounds;
}

type FormatCheckers = NonNullable<CompileOptions["formats"]>;
interface Formats {
  readonly checkers: ReadonlyMap<string, (value: string) => boolean>;
  /** Part of the cache key: the names and the identity of each checker function. */
  readonly key: string;
}
/**
 * Checker numbers for the cache key, one table per process (on globalThis): a SchemaCache may be
 * shared by the ESM and CommonJS builds, or by two copies of the library, and numbers from a
 * table per copy would give two checkers one key there.
 */
const checkerIds: { readonly ids: WeakMap<object, number>; next: number } = ((globalThis as Record<symbol, unknown>)[Symbol.for("schemagate.checkerIds")] ??= { ids: new WeakMap(), next: 0 }) as never;
const frozenFormats = new WeakMap<object, Formats>();

/**
 * The `formats` option as a Map and a key; a frozen object (like schemagate/formats) is read once,
 * unless a checker is a getter's (frozen, it may still answer otherwise each time).
 */
export function formatsOf(option: FormatCheckers | undefined): Formats | undefined {
  if (option === undefined) return undefined;
  if (!isPlainOptions(option)) throw new TypeError(`formats must be a plain object of checkers by name, not ${notPlain(option)}`);
  const known = frozenFormats.get(option);
  if (known !== undefined) return known;
  const checkers = new Map<string, (value: string) => boolean>();
  const ids: [string, number][] = [];
  let fixed = Object.isFrozen(option);
  for (const name of Object.keys(option).sort()) {
    if (fixed && !("value" in (Object.getOwnPropertyDescriptor(option, name) ?? {}))) fixed = false;
    const check = option[name];
    if (typeof check !== "function") throw new TypeError(`formats[${printable(JSON.stringify(shortenMiddle(name, 80)))}] must be a function`);
    let id = checkerIds.ids.get(check);
    if (id === undefined) checkerIds.ids.set(check, (id = checkerIds.next++));
    checkers.set(name, check);
    ids.push([name, id]);
  }
  const formats = { checkers, key: JSON.stringify(ids) };
  if (fixed) frozenFormats.set(option, formats);
  return formats;
}

/** The options part of the cache key. */
export function optionsKey(fragmentOnly: boolean, formats: Formats | undefined, bounds: Bounds | false, dialects: DialectSettings, maxDataDepth: number): string {
  const plainDialect = dialects.fallback === DIALECT_2020_12 && !dialects.lenient;
  if (fragmentOnly && formats === undefined && bounds === DEFAULT_BOUNDS && plainDialect && maxDataDepth === MAX_DATA_DEPTH) return DEFAULT_KEY;
  const dialect = plainDialect ? "" : `${dialects.fallback.name}${dialects.lenient ? "~" : ""}|`;
  return `${fragmentOnly ? "f" : "d"}|${formats?.key ?? "n"}|${bounds === false ? "-" : `${bounds.maxDepth},${bounds.maxSubschemas},${bounds.maxSize}`}|${dialect}${maxDataDepth === MAX_DATA_DEPTH ? "" : `${maxDataDepth}|`}`;
}

/** Whether references stay within the document. Any other value than the two is refused: a typo must not open the policy. */
export function refsOption(option: unknown): boolean {
  if (option === undefined || option === "fragment") return true;
  if (option !== "document") throw new TypeError(`refs must be "fragment" or "document", not ${typeof option === "string" ? printable(JSON.stringify(shortenStart(option, 40))) : kindOf(option)}`);
  return false;
}

export function maxDataDepthOf(option: number | undefined): number {
  if (option === undefined) return MAX_DATA_DEPTH;
  if (option !== Infinity && (!Number.isInteger(option) || option < 1)) throw new RangeError("maxDataDepth must be a positive integer or Infinity");
  return option;
}
const DEFAULT_KEY = `f|n|${MAX_DEPTH},${MAX_SUBSCHEMAS},${sizeFor(MAX_SUBSCHEMAS)}|`;

/** The `cache` option: the shared cache, none (false), or a SchemaCache (made by any copy of the library). */
export function cacheOf(option: unknown): SchemaCache | undefined {
  if (option === false) return undefined;
  if (option === undefined) return defaultCache;
  if (!isSchemaCache(option)) {
    const forged = option instanceof SchemaCache ? "an object made from SchemaCache.prototype without its constructor (use new SchemaCache())" : kindOf(option);
    throw new TypeError(`cache must be a SchemaCache or false, not ${forged}`);
  }
  return option;
}


/** The `dialect` and `unknownDialect` options (the cache-hit path allocates nothing for the defaults). */
export function dialectsOf(options: CompileOptions, checksFormats: boolean): DialectSettings {
  const lenient = options.unknownDialect === "default";
  if (options.unknownDialect !== undefined && !lenient && options.unknownDialect !== "error") throw new TypeError(`unknownDialect must be "error" or "default"`);
  if (options.dialect === undefined && !lenient) return checksFormats ? STRICT_2020_12_FORMATS : STRICT_2020_12;
  if (options.dialect !== undefined && typeof options.dialect !== "string") throw new TypeError(`dialect must be a dialect's name or metaschema URI (a string), not ${kindOf(options.dialect)}`);
  const fallback = options.dialect === undefined ? DIALECT_2020_12 : dialectNamed(options.dialect);
  if (fallback === undefined) {
    throw new SchemaError("unsupported-dialect", "", `unsupported dialect "${options.dialect}" (the dialect option): use "2020-12", "2019-09", "draft-07", "draft-06", "draft-04" or one of their metaschema URIs`);
  }
  return settingsOf(fallback, lenient, checksFormats);
}

/** One frozen settings object per dialect and flags (twenty at most): compile's lookups are kept per settings object (compile.ts PLAIN_LOOKUPS). */
const SETTINGS = new Map<Dialect, DialectSettings[]>();

function settingsOf(fallback: Dialect, lenient: boolean, checksFormats: boolean): DialectSettings {
  let four = SETTINGS.get(fallback);
  if (four === undefined) SETTINGS.set(fallback, (four = []));
  return (four[(lenient ? 2 : 0) + (checksFormats ? 1 : 0)] ??= Object.freeze({ fallback, lenient, checksFormats }));
}
const STRICT_2020_12: DialectSettings = settingsOf(DIALECT_2020_12, false, false);
const STRICT_2020_12_FORMATS: DialectSettings = settingsOf(DIALECT_2020_12, false, true);

const OPTION_NAMES: readonly (keyof CompileOptions)[] = ["refs", "schemas", "bounds", "formats", "cache", "dialect", "unknownDialect", "maxDataDepth"];
const OPTION_SET: ReadonlySet<string> = new Set(OPTION_NAMES);

/** Throws a TypeError naming the first own name of `caller` that is none of compile's options nor of `extra` (the provider's own). */
export function refuseUnknownOptions(caller: object, by: string, extra: readonly string[] = []): void {
  for (const name of Object.keys(caller)) {
    if (OPTION_SET.has(name) || extra.includes(name)) continue;
    const names = [...OPTION_NAMES, ...extra];
    throw new TypeError(`${by} has no option ${printable(JSON.stringify(shortenMiddle(name, 40)))}: its options are ${names.slice(0, -1).join(", ")} and ${names.at(-1)}`);
  }
}
/** Every option an own property, undefined: an option left out is never read from Object.prototype. */
export const NO_OPTIONS: CompileOptions = Object.freeze(blank<CompileOptions>(OPTION_NAMES));

/** An own property's value: a name set on Object.prototype is no option (nor a limit), and must not lift a bound or open the ref policy. */
function ownValue<O extends object, K extends keyof O>(object: O, name: K): O[K] | undefined {
  return Object.hasOwn(object, name) ? object[name] : undefined;
}

/**
 * The options, each read once, and only as an own property; `schemas` as a frozen copy of its
 * entries. Every reader then sees one value: a getter that changed between reads could have had
 * a schema checked against one metaschema and cached under another's key.
 */
export function ownOptions(caller: CompileOptions): CompileOptions {
  // A misspelt name (`format`, `maxDepth` outside `bounds`) would leave the option meant at its default.
  refuseUnknownOptions(caller, "compile");
  const options = ownFields(caller, OPTION_NAMES, NO_OPTIONS);
  const schemas = options.schemas;
  if (schemas === undefined) return options;
  if (!isPlainOptions(schemas)) throw new TypeError(`schemas must be a plain object of documents by URI, not ${notPlain(schemas)}`);
  const entries: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(schemas)) {
    // "" names no document a reference could mean: a reference "" or "#…" is the referring document.
    if (key === "" || key === "#") throw new TypeError(`a schemas key must be the URI of its document, not ${JSON.stringify(key)}`);
    entries[key] = schemas[key];
  }
  options.schemas = Object.freeze(entries); // `options` is ownFields' new object: it has a schema
  return options;
}
