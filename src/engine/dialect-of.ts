// Which dialect a schema resource is written in, and which of its vocabularies it uses: from its
// `$schema` (one of the five dialects, or a custom metaschema among the documents given to compile,
// whose `$vocabulary` decides), or the dialect compile was given when there is none.
import { SchemaError } from "../errors.js";
import { isObject } from "../json/type-of.js";
import { DEFAULT_VOCABULARIES, DIALECTS, knownDialect, type Dialect } from "../keywords/dialects.js";
import type { Vocabulary } from "../keywords/types.js";
import { ownString } from "./identifiers.js";

export interface DialectUse {
  readonly dialect: Dialect;
  readonly vocabularies: ReadonlySet<Vocabulary>;
  /** The custom metaschema `$schema` named (its URI without "#"): the schema must also be valid against it. */
  readonly metaschema?: string;
}

export interface DialectSettings {
  /** A resource without `$schema` is written in this one (compile's `dialect` option). */
  readonly fallback: Dialect;
  /** An unknown `$schema` is read as `fallback` instead of refused (compile's `unknownDialect: "default"`). */
  readonly lenient: boolean;
  /** Format checkers were given: a metaschema may require the format-assertion vocabulary. */
  readonly checksFormats: boolean;
}

// `metaschema` own and undefined: read where absent, it came from Object.prototype.
const USES = new Map<Dialect, DialectUse>(DIALECTS.map((dialect) => [dialect, { dialect, vocabularies: DEFAULT_VOCABULARIES, metaschema: undefined }]));

/** The dialect without a `$schema`. */
export function defaultUse(settings: DialectSettings): DialectUse {
  return USES.get(settings.fallback)!;
}

/**
 * The custom metaschema a `$schema` names, among the documents given to compile, and the dialect
 * it is written in (its own `$schema`, else the `dialect` option's, as for any document given);
 * a string saying why a document found there cannot serve; undefined when none is given.
 */
function customMetaschema(uri: string, lookup: (uri: string) => unknown, fallback: Dialect): { meta: Record<string, unknown>; base: Dialect } | string | undefined {
  const meta = lookup(uri.endsWith("#") ? uri.slice(0, -1) : uri);
  if (!isObject(meta)) return meta === undefined ? undefined : "the document given by that URI is not a schema object";
  // Own members only: a polluted Object.prototype must not make a document a metaschema.
  const named = ownString(meta, "$schema");
  const written = named === undefined ? fallback : knownDialect(named);
  if (written?.vocabularyPrefix !== undefined) return { meta, base: written };
  return `the document given by that URI is written in ${written === undefined ? "no dialect schemagate knows (a chain of custom metaschemas is not followed)" : written.name}, and a custom metaschema must be written in 2020-12 or 2019-09`;
}

const UNKNOWN = `schemagate supports JSON Schema 2020-12, 2019-09, draft-07, draft-06 and draft-04; a custom metaschema is read from the schemas option, and unknownDialect: "default" reads such a schema in the default dialect`;

/** The dialect and vocabularies of a resource whose `$schema` is `uri`. */
export function dialectOf(uri: string, lookup: (uri: string) => unknown, at: string, settings: DialectSettings): DialectUse {
  const known = knownDialect(uri);
  if (known !== undefined) return USES.get(known)!;
  const custom = customMetaschema(uri, lookup, settings.fallback);
  if (custom === undefined || typeof custom === "string") {
    if (settings.lenient) return defaultUse(settings);
    throw new SchemaError("unsupported-dialect", at, `unsupported dialect "${uri}": ${custom ?? UNKNOWN}`);
  }
  const declared = Object.hasOwn(custom.meta, "$vocabulary") ? custom.meta["$vocabulary"] : undefined;
  const vocabularies = isObject(declared) ? vocabulariesOf(custom.base, declared, uri, at, settings.checksFormats) : DEFAULT_VOCABULARIES;
  return { dialect: custom.base, vocabularies, metaschema: uri.endsWith("#") ? uri.slice(0, -1) : uri };
}

/** The vocabularies a custom metaschema's `$vocabulary` switches on; a required one schemagate does not know is refused. */
function vocabulariesOf(dialect: Dialect, declared: Record<string, unknown>, uri: string, at: string, checksFormats: boolean): ReadonlySet<Vocabulary> {
  const prefix = dialect.vocabularyPrefix!;
  const vocabularies = new Set<Vocabulary>(["core"]);
  for (const [vocab, required] of Object.entries(declared)) {
    const known = vocab.startsWith(prefix) ? dialect.vocabularies.get(vocab.slice(prefix.length)) : undefined;
    if (known?.includes("format-assertion") === true && !checksFormats) {
      // Asserting formats takes checkers (compile's `formats` option); without them the vocabulary is unsupported.
      if (required === true) {
        throw new SchemaError("unsupported-vocabulary", at, `the metaschema "${uri}" requires the format-assertion vocabulary: pass format checkers (the formats option, e.g. from "schemagate/formats")`);
      }
    } else if (known !== undefined) for (const v of known) vocabularies.add(v);
    else if (required === true) {
      throw new SchemaError("unsupported-vocabulary", at, `the metaschema "${uri}" requires the unknown vocabulary "${vocab}" (schemagate knows the vocabularies of 2020-12 and 2019-09; one marked false in $vocabulary is ignored)`);
    }
  }
  // The format keyword is one keyword for both format vocabularies.
  if (vocabularies.has("format-assertion")) vocabularies.add("format-annotation");
  return vocabularies;
}
