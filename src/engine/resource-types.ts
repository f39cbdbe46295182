// The registry's records (registry.ts): documents, the schema resources in them, where a
// reference lands, and a document as the gate hands it over.
import type { Dialect } from "../keywords/dialects.js";
import type { Vocabulary } from "../keywords/types.js";
import type { ScopeEntry } from "./types.js";

export interface Doc {
  readonly id: number;
  /** The URI the document was given by: a key of compile's `schemas` option; "" for the schema compiled. */
  readonly uri: string;
  readonly root: unknown;
  /** JSON Pointer of each resource root in this document → its resource. */
  readonly resources: Map<string, Resource>;
  /**
   * The same by schema object (each sits at one place in a private copy): the resource a
   * subschema starts, if any, found without hashing a pointer string made for the lookup.
   */
  readonly roots: Map<unknown, Resource>;
}

/** A schema resource: a document root or a subschema with `$id`. */
export interface Resource extends ScopeEntry {
  readonly uri: string;
  readonly doc: Doc;
  /** JSON Pointer of the resource root in its document. */
  readonly ptr: string;
  /** The dialect its keywords are read in. */
  readonly dialect: Dialect;
  readonly vocabularies: ReadonlySet<Vocabulary>;
  /** The custom metaschema its `$schema` names, if any (dialect-of.ts). */
  readonly metaschema: string | undefined;
  /** Its place among the registry's resources, for keys. */
  readonly index: number;
  /** `$dynamicAnchor` name → JSON Pointer in the document. */
  readonly dynamicAnchors: Map<string, string>;
}

/** A resolved reference: the schema, where it sits, and the resource it belongs to. */
export interface Target {
  readonly doc: Doc;
  readonly ptr: string;
  readonly resource: Resource;
  readonly schema: unknown;
}

/** A document as the gate hands it over: its private copy and the walk's marks. */
export interface Loaded {
  readonly copy: unknown;
  readonly marks: readonly string[];
}
