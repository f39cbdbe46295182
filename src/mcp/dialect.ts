// What the tool schemas' root rules need to know of each dialect, read from the engine's dialect
// tables (through the core bundle) by the name `validator.dialect` gives.
import { dialectNamed, isReferenceOnly, keywordIn, type Dialect, type DialectName } from "../keywords/dialects.js";
import { OBJECT } from "../json/type-of.js";
import type { SchemaObject } from "./tool-schema.js";

/**
 * Root keywords that say what the value is without `type`, besides the references: one the
 * dialect lacks (`const` in draft-04, `if` before draft-07) is an unknown keyword there, which
 * shapes nothing.
 */
const SHAPING: ReadonlySet<string> = new Set(["type", "oneOf", "anyOf", "allOf", "not", "enum", "if", "const", "unevaluatedItems"]);

/**
 * Keywords whose table entry names no kind (another keyword reads them: contains its bounds, the
 * content keywords one another, draft-04's maximum its exclusive flag; `format` annotates every
 * kind) but that describe arrays, strings or numbers.
 */
const OTHER_KINDS: ReadonlySet<string> = new Set(["minContains", "maxContains", "contentEncoding", "contentMediaType", "contentSchema", "exclusiveMaximum", "exclusiveMinimum", "format"]);

const tableOf = (name: DialectName): Dialect => dialectNamed(name)!;

/** The `$schema` that names the dialect, in its canonical spelling. */
export const schemaUriOf = (name: DialectName): string => tableOf(name).spelled;

/**
 * Whether a `type: "object"` added to this root would change what it means in its dialect: it
 * has a reference or a shaping keyword, or a keyword that applies to no object (`items`,
 * `prefixItems`, `minLength`, `maximum`, `format`, …: the author describes another kind of
 * value, which an added type would forbid; unevaluatedItems, whose table entry names no kind, is
 * listed with the shaping ones, and the others such with OTHER_KINDS).
 */
export function isShaped(name: DialectName, root: SchemaObject): boolean {
  const dialect = tableOf(name);
  return Object.keys(root).some((key) => {
    const keyword = keywordIn(root, key, dialect); // draft-04's `$ref` that is no string is an unknown keyword
    if (keyword === undefined) return false;
    if (keyword.reference !== undefined || SHAPING.has(key) || OTHER_KINDS.has(key)) return true;
    return keyword.appliesTo !== undefined && (keyword.appliesTo & OBJECT) === 0;
  });
}

/** In draft-04 to 07 a root `$ref` hides its siblings: the root's `type` and `required` mean nothing there. */
export function refHidesSiblings(name: DialectName, root: SchemaObject): boolean {
  return isReferenceOnly(root, tableOf(name));
}
