// The dialects: for each, the table of its keywords (name → module, in evaluation order) and the
// few traits that are not a keyword's. The engine, the gate and the registry read these; no other
// code asks which draft it is in. Each older table is an edit of the next newer one.
import { definitionsKeyword } from "./draft-04/definitions.js";
import { additionalItemsKeyword } from "./draft-04/additionalItems.js";
import { idKeyword as draft04IdKeyword } from "./draft-04/id.js";
import { itemsKeyword as schemaOrArrayItemsKeyword } from "./draft-04/items.js";
import { exclusiveMaximumKeyword as exclusiveMaximumFlag, maximumKeyword as draft04MaximumKeyword } from "./draft-04/maximum.js";
import { exclusiveMinimumKeyword as exclusiveMinimumFlag, minimumKeyword as draft04MinimumKeyword } from "./draft-04/minimum.js";
import { containsKeyword as containsAloneKeyword } from "./draft-06/contains.js";
import { containsKeyword as contains2019Keyword } from "./draft-2019-09/contains.js";
import { recursiveAnchorKeyword } from "./draft-2019-09/recursiveAnchor.js";
import { recursiveRefKeyword } from "./draft-2019-09/recursiveRef.js";
import { KEYWORDS_2020_12 } from "./index.js";
import { completed } from "./completed.js";
import type { Keyword, Vocabulary } from "./types.js";

export type DialectName = "2020-12" | "2019-09" | "draft-07" | "draft-06" | "draft-04";

/** Every vocabulary but format-assertion (format asserts when checkers are given, in every dialect). */
export const DEFAULT_VOCABULARIES: ReadonlySet<Vocabulary> = new Set<Vocabulary>([
  "core", "applicator", "unevaluated", "validation", "meta-data", "format-annotation", "content",
]);

/** A table from another: each name in `changes` is replaced, in place, by the keywords given (none: dropped). Made when first read. */
function edit(table: () => readonly Keyword[], changes: Readonly<Record<string, readonly Keyword[]>>): () => readonly Keyword[] {
  let made: readonly Keyword[] | undefined;
  return () => (made ??= completed(table().flatMap((keyword) => (Object.hasOwn(changes, keyword.name) ? changes[keyword.name]! : [keyword]))));
}

const KEYWORDS_2019_09 = edit(() => KEYWORDS_2020_12, {
  prefixItems: [],
  contains: [contains2019Keyword],
  items: [schemaOrArrayItemsKeyword, additionalItemsKeyword],
  $dynamicRef: [recursiveRefKeyword],
  $dynamicAnchor: [recursiveAnchorKeyword],
});

const KEYWORDS_DRAFT_07 = edit(KEYWORDS_2019_09, {
  contains: [containsAloneKeyword],
  minContains: [],
  maxContains: [],
  dependentRequired: [],
  dependentSchemas: [],
  unevaluatedProperties: [],
  unevaluatedItems: [],
  $recursiveRef: [],
  $recursiveAnchor: [],
  $anchor: [],
  $defs: [definitionsKeyword],
  deprecated: [],
  contentSchema: [],
});

const KEYWORDS_DRAFT_06 = edit(KEYWORDS_DRAFT_07, {
  if: [],
  then: [],
  else: [],
  readOnly: [],
  writeOnly: [],
  contentEncoding: [],
  contentMediaType: [],
});

const KEYWORDS_DRAFT_04 = edit(KEYWORDS_DRAFT_06, {
  const: [],
  contains: [],
  propertyNames: [],
  examples: [],
  $id: [draft04IdKeyword],
  minimum: [draft04MinimumKeyword],
  exclusiveMinimum: [exclusiveMinimumFlag],
  maximum: [draft04MaximumKeyword],
  exclusiveMaximum: [exclusiveMaximumFlag],
});

interface Traits {
  readonly legacy: boolean;
  readonly vocabularyPrefix?: string;
  readonly vocabularies?: Readonly<Record<string, readonly Vocabulary[]>>;
}

/** The names of a schema object the dialect reads: before 2019-09 a `$ref` is all its schema object is (its siblings are not keywords). */
export function namesRead(schema: Readonly<Record<string, unknown>>, dialect: Dialect): readonly string[] {
  return isReferenceOnly(schema, dialect) ? [dialect.ref.name] : Object.keys(schema);
}

/**
 * Before 2019-09 a schema object with a `$ref` is a JSON Reference, which its siblings do not
 * change. Only a string makes one: draft-04's metaschema lets `$ref` be any value, and one that is
 * no string is an unknown keyword (later metaschemas refuse it).
 */
export function isReferenceOnly(schema: Readonly<Record<string, unknown>>, dialect: Dialect): boolean {
  return dialect.refOverrides && Object.hasOwn(schema, dialect.ref.name) && typeof schema[dialect.ref.name] === "string";
}

/** The keyword `name` is in `schema` for `dialect`: undefined for an unknown name, and for a `$ref` that is no string before 2019-09 (isReferenceOnly). */
export function keywordIn(schema: Readonly<Record<string, unknown>>, name: string, dialect: Dialect): Keyword | undefined {
  const keyword = dialect.keywords.get(name);
  return keyword === dialect.ref && dialect.refOverrides && typeof schema[name] !== "string" ? undefined : keyword;
}

/** A schema object's keywords in use (of the dialect, in the vocabularies in force), in evaluation order: what the compiler compiles. */
export function keywordsInUse(schema: Readonly<Record<string, unknown>>, dialect: Dialect, vocabularies: ReadonlySet<Vocabulary>): Keyword[] {
  const found: Keyword[] = [];
  const ranks: number[] = [];
  // Inserted in order as they are found: each keyword's rank is looked up once (a sort's
  // comparator looked up two at every comparison).
  for (const name of namesRead(schema, dialect)) {
    const keyword = keywordIn(schema, name, dialect);
    if (keyword === undefined || !vocabularies.has(keyword.vocabulary)) continue;
    const rank = dialect.order.get(keyword)!;
    let i = found.length;
    for (; i > 0 && ranks[i - 1]! > rank; i--) {
      found[i] = found[i - 1]!;
      ranks[i] = ranks[i - 1]!;
    }
    found[i] = keyword;
    ranks[i] = rank;
  }
  return found;
}

/** What a dialect works out from its keyword table (Dialect). */
interface Tables {
  readonly keywords: ReadonlyMap<string, Keyword>;
  readonly order: ReadonlyMap<Keyword, number>;
  readonly marked: readonly Keyword[];
  readonly ref: Keyword;
  readonly dynamicRef: Keyword | undefined;
  readonly identifier: Keyword;
}

function tablesOf(table: readonly Keyword[]): Tables {
  return {
    keywords: new Map(table.map((k) => [k.name, k])),
    order: new Map(table.map((k, i) => [k, i])),
    marked: table.filter((k) => k.reference !== undefined || k.identifies !== undefined),
    ref: table.find((k) => k.reference === "static")!,
    dynamicRef: table.find((k) => k.reference === "dynamic" || k.reference === "recursive"),
    identifier: table.find((k) => k.identifies === "resource")!,
  };
}

/**
 * A dialect: its keywords and the traits that are not a keyword's. The keyword tables are made
 * when first read: a process that never meets draft-04 does not build them at import.
 */
export class Dialect {
  /** `$schema` as the dialect's own metaschema spells it (draft-04 to 07 with the empty fragment). */
  readonly spelled: string;
  /** A `$ref` makes its schema object a pure reference: its siblings are ignored (draft-04 to 07). */
  readonly refOverrides: boolean;
  /** `$schema` may change the dialect at an embedded resource root (2019-09 on); before, only at a document root. */
  readonly embeddedDialects: boolean;
  /** An identifier's fragment declares a plain-name anchor (`"$id": "#foo"`, draft-04 to 07). */
  readonly fragmentIdentifiers: boolean;
  /** How a metaschema's `$vocabulary` names this dialect's vocabularies; undefined: the dialect has none. */
  readonly vocabularyPrefix: string | undefined;
  /** A vocabulary URI's last segment, and the vocabularies of keyword modules it switches on. */
  readonly vocabularies: ReadonlyMap<string, readonly Vocabulary[]>;
  readonly #table: () => readonly Keyword[];
  #tables: Tables | undefined = undefined;

  constructor(
    readonly name: DialectName,
    /** The canonical `$schema` of the dialect, as its metaschema's id (without an empty fragment). */
    readonly uri: string,
    table: () => readonly Keyword[],
    traits: Traits,
  ) {
    this.#table = table;
    this.spelled = traits.legacy ? uri + "#" : uri;
    this.refOverrides = traits.legacy;
    this.embeddedDialects = !traits.legacy;
    this.fragmentIdentifiers = traits.legacy;
    this.vocabularyPrefix = traits.vocabularyPrefix;
    this.vocabularies = new Map(Object.entries(traits.vocabularies ?? {}));
  }

  get #made(): Tables {
    return (this.#tables ??= tablesOf(this.#table()));
  }
  /** Every keyword by name. */
  get keywords(): ReadonlyMap<string, Keyword> {
    return this.#made.keywords;
  }
  /** Each keyword's place in evaluation order. */
  get order(): ReadonlyMap<Keyword, number> {
    return this.#made.order;
  }
  /** The keywords that declare identifiers or references: the schema objects the gate marks for the registry. */
  get marked(): readonly Keyword[] {
    return this.#made.marked;
  }
  /** The static reference keyword ($ref). */
  get ref(): Keyword {
    return this.#made.ref;
  }
  /** The dynamic one ($dynamicRef, 2019-09's $recursiveRef), where the dialect has one. */
  get dynamicRef(): Keyword | undefined {
    return this.#made.dynamicRef;
  }
  /** The resource identifier keyword ($id, or id in draft-04). */
  get identifier(): Keyword {
    return this.#made.identifier;
  }
}

const SAME_NAMES: Record<string, readonly Vocabulary[]> = Object.fromEntries([...DEFAULT_VOCABULARIES, "format-assertion"].map((v) => [v, [v as Vocabulary]]));

export const DIALECT_2020_12 = new Dialect("2020-12", "https://json-schema.org/draft/2020-12/schema", () => KEYWORDS_2020_12, {
  legacy: false,
  vocabularyPrefix: "https://json-schema.org/draft/2020-12/vocab/",
  vocabularies: SAME_NAMES,
});

export const DIALECT_2019_09 = new Dialect("2019-09", "https://json-schema.org/draft/2019-09/schema", KEYWORDS_2019_09, {
  legacy: false,
  vocabularyPrefix: "https://json-schema.org/draft/2019-09/vocab/",
  // 2019-09's six vocabularies: its applicator held unevaluated*, and its format vocabulary is one
  // for both uses. The 2020-12 names ("unevaluated", "format-assertion") are unknown here.
  vocabularies: { core: ["core"], applicator: ["applicator", "unevaluated"], validation: ["validation"], "meta-data": ["meta-data"], format: ["format-annotation"], content: ["content"] },
});

export const DIALECT_DRAFT_07 = new Dialect("draft-07", "http://json-schema.org/draft-07/schema", KEYWORDS_DRAFT_07, { legacy: true });
export const DIALECT_DRAFT_06 = new Dialect("draft-06", "http://json-schema.org/draft-06/schema", KEYWORDS_DRAFT_06, { legacy: true });
export const DIALECT_DRAFT_04 = new Dialect("draft-04", "http://json-schema.org/draft-04/schema", KEYWORDS_DRAFT_04, { legacy: true });

export const DIALECTS: readonly Dialect[] = [DIALECT_2020_12, DIALECT_2019_09, DIALECT_DRAFT_07, DIALECT_DRAFT_06, DIALECT_DRAFT_04];

/** `$schema` as it is written in the wild: http or https, with or without an empty fragment. */
const SPELLING = /^https?:\/\/json-schema\.org\/(draft\/2020-12|draft\/2019-09|draft-07|draft-06|draft-04)\/schema#?$/;
// Cut with string methods: a regular expression is compiled when first run, here at every import.
const BY_PATH: ReadonlyMap<string, Dialect> = new Map(DIALECTS.map((d) => [d.uri.split("json-schema.org/")[1]!.slice(0, -"/schema".length), d]));

/** The dialect a `$schema` value names, in any of its usual spellings; undefined for any other. */
export function knownDialect(uri: string): Dialect | undefined {
  const path = SPELLING.exec(uri)?.[1];
  return path === undefined ? undefined : BY_PATH.get(path);
}

/** The compile option `dialect`: a short name ("draft-07") or a metaschema URI. */
export function dialectNamed(name: string): Dialect | undefined {
  return DIALECTS.find((d) => d.name === name) ?? knownDialect(name);
}

const OLDEST_FIRST = [...DIALECTS].reverse();

/**
 * How a keyword's value holds subschemas, by name, in any dialect (the output formats' hierarchy
 * reads it): `items` is "schema-or-array", which covers both of its meanings.
 */
export function childrenOf(name: string): Keyword["children"] {
  for (const d of OLDEST_FIRST) {
    const keyword = d.keywords.get(name);
    if (keyword?.children !== undefined) return keyword.reference !== undefined ? "schema" : keyword.children;
    if (keyword?.reference !== undefined) return "schema";
  }
  return undefined;
}
