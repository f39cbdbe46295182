// What the gate's walk (walk.ts) found in a document: the canonical text or the copy, the cache
// key, and what the registry and the compile read (marks, orders, patterns).
import { readText, type CanonicalText } from "./private-copy.js";
import type { Unsorted } from "./author-order.js";
import type { Reaching } from "./walk-reached.js";
import type { DialectInUse } from "./walk-tables.js";

/** A place a reference reached outside the schema positions of a document: its pointer, and the dialect it is read in. */
export interface Landed {
  readonly ptr: string;
  readonly use: DialectInUse;
}

/** What the walk found. */
export class Walked {
  constructor(
    /** The canonical text as a validator keeps it: a copied document's is written when first read (LateText). */
    readonly text: CanonicalText,
    /**
     * The cache key: `[prefix,canonical]`, the `prefix` given to walk() and the document as one JSON
     * array (the canonical text is a view into it); a copied document's, `[prefix,#digest:length]`
     * (no JSON value starts with "#"), and a hit by it is compared in full (LateText.matches).
     * The length of a copy counts its keys and strings unescaped, unless it was near maxSize.
     */
    readonly keyed: string | undefined,
    /** The characters of the key written whole (a copy's counted as in `keyed`): what a cache entry keeps, as text or as the copy. */
    readonly size: number,
    /** The private copy a large document's walk made, until privateCopy() takes it. */
    public copy: unknown,
    /** Pointers to the schema objects that declare $id, $anchor, $dynamicAnchor, $ref or $dynamicRef; parents first. */
    readonly marks: readonly string[],
    /** Copy mode: the copy's objects at `marks`, in order (the registry need not look each pointer up), until privateCopy() takes the copy. */
    public marked: readonly object[] | undefined,
    /** Each object whose keys the caller wrote unsorted: its number in the walk's order, its keys as written and sorted (author-order.ts). */
    readonly orders: Unsorted | undefined,
    /** The patterns of keywords that hold them (pattern's value, patternProperties' keys), as the walk read them. */
    readonly patterns: readonly string[],
    /** The JSON objects and boolean subschemas walked (what bounds.maxSubschemas counts): a cache entry weighs its compiled form by them. */
    readonly objects: number,
    /** The keys of the schema objects walked: a cache entry weighs its compiled forms by them too. */
    readonly keywords: number,
    /** The characters of the subschemas' JSON Pointers together (reached data's included once followed: link.ts). */
    public locations: number,
    /** The JSON values inside `enum` and `const` values: every compiled form keeps its own table of them, so a cache entry weighs them too. */
    readonly compared: number,
    /** Every JSON value walked (a copy keeps a slot and, for a container, a header for each): a cache entry weighs them too. */
    readonly values: number,
    /** The references and resources walk-reached.ts follows on a compile, which then lets go of them (a kept Walked must not hold the walk). */
    public reaching: Reaching | undefined,
  ) {}

  /** Data that references reached in it, walked as schemas, holds references the registry never indexed (set once followed: link.ts). */
  referencesReached = false;

  /** Where references landed in it outside its schema positions, each with the dialect it is read in (set once followed: link.ts; the metaschema check reads them). */
  landings: readonly Landed[] | undefined = undefined;

  /** JSON text with sorted keys (json/sorted-keys.ts): equal exactly for equal documents. */
  get canonical(): string {
    return readText(this.text);
  }
}
