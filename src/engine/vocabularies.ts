// Which vocabularies a schema resource uses, from its $schema (the dialect) and that
// metaschema's $vocabulary.
import { SchemaError } from "../errors.js";
import { isObject } from "../json/type-of.js";
import type { Vocabulary } from "../keywords/types.js";

const VOCAB_PREFIX = "https://json-schema.org/draft/2020-12/vocab/";
const KNOWN: ReadonlySet<string> = new Set<Vocabulary>([
  "core", "applicator", "unevaluated", "validation", "meta-data", "format-annotation", "format-assertion", "content",
]);
export const DEFAULT_VOCABULARIES: ReadonlySet<Vocabulary> = new Set<Vocabulary>([
  "core", "applicator", "unevaluated", "validation", "meta-data", "format-annotation", "content",
]);

/** The 2020-12 dialect, as `$schema` may name it: http or https, with or without an empty fragment. */
export function is2020Dialect(uri: string): boolean {
  return /^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/.test(uri);
}

/**
 * The vocabularies of a resource whose `$schema` is `uri`. A custom metaschema is looked up among
 * the documents given to compile; its `$vocabulary` decides. Anything else is an unsupported dialect.
 */
export function vocabulariesOf(uri: string, lookup: (uri: string) => unknown, at: string, checksFormats: boolean): ReadonlySet<Vocabulary> {
  if (is2020Dialect(uri)) return DEFAULT_VOCABULARIES;
  const meta = lookup(uri.endsWith("#") ? uri.slice(0, -1) : uri);
  const metaDialect = isObject(meta) ? meta["$schema"] : undefined;
  if (!isObject(meta) || typeof metaDialect !== "string" || !is2020Dialect(metaDialect)) {
    throw new SchemaError("unsupported-dialect", at, `unsupported dialect "${uri}": schemagate supports JSON Schema 2020-12`);
  }
  const declared = meta["$vocabulary"];
  if (!isObject(declared)) return DEFAULT_VOCABULARIES;
  const vocabularies = new Set<Vocabulary>(["core"]);
  for (const [vocab, required] of Object.entries(declared)) {
    const name = vocab.startsWith(VOCAB_PREFIX) ? vocab.slice(VOCAB_PREFIX.length) : "";
    if (name === "format-assertion" && !checksFormats) {
      // Asserting formats takes checkers (compile's `formats` option); without them the vocabulary is unsupported.
      if (required === true) {
        throw new SchemaError("unsupported-vocabulary", at, `the metaschema "${uri}" requires the format-assertion vocabulary: pass format checkers (the formats option, e.g. from "schemagate/formats")`);
      }
    } else if (KNOWN.has(name)) vocabularies.add(name as Vocabulary);
    else if (required === true) {
      throw new SchemaError("unsupported-vocabulary", at, `the metaschema "${uri}" requires the unknown vocabulary "${vocab}"`);
    }
  }
  // The format keyword is one keyword for both format vocabularies.
  if (vocabularies.has("format-assertion")) vocabularies.add("format-annotation");
  return vocabularies;
}
