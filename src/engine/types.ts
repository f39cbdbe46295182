// The shapes shared by the compiler, the keywords and the validator.
import type { Evaluated } from "./evaluated.js";
import type { Memo } from "./memo.js";
import type { Witness } from "./witness.js";
import type { Trace } from "./ref-crossings.js";
import type { Structures } from "../json/structures.js";

/** One error in the 2020-12 "basic" output format, plus ajv-style `keyword` and `params`. */
export interface OutputUnit {
  keywordLocation: string;
  instanceLocation: string;
  absoluteKeywordLocation?: string;
  error: string;
  keyword: string;
  params: Record<string, unknown>;
}

/**
 * A path into the instance, built only while errors are collected (a linked list, root =
 * undefined; `depth`: its length; `pointer`: its JSON Pointer, once a unit has asked: pointerOf).
 */
export type InstancePath = { readonly parent: InstancePath; readonly key: string | number; readonly depth: number; pointer: string | undefined; readonly segment: string | undefined } | undefined;

/** A dynamic-scope entry: one schema resource and its `$dynamicAnchor`s. */
export interface ScopeEntry {
  readonly uri: string;
}

/** Where a `$ref` was crossed, so keyword locations can be given as the evaluation path. */
export interface RefFrame {
  /** The evaluation path of the `$ref`/`$dynamicRef` keyword that was crossed. */
  readonly path: string;
  /** Length of the target's document pointer, stripped from the static pointers below it. */
  readonly strip: number;
  /** The reference keyword itself, and where its target sits (for hierarchical output). */
  readonly where: Where;
  readonly target: Location;
  /** The reference crossed before this one, above it; undefined for the outermost. */
  readonly outer: RefFrame | undefined;
}

/** A schema location: its resource's URI and root pointer length, and its document pointer. */
export interface Location {
  readonly base: string;
  readonly baseLength: number;
  readonly ptr: string;
}

/** A successful keyword's annotation (collected only for the detailed and verbose formats, and an explicit basic). */
export interface AnnotationUnit {
  keywordLocation: string;
  instanceLocation: string;
  absoluteKeywordLocation?: string;
  keyword: string;
  annotation: unknown;
}

export interface EvalState {
  /** undefined: boolean mode, report() records nothing. */
  errors: OutputUnit[] | undefined;
  /** Go on after the first failure (only while errors are collected). */
  allErrors: boolean;
  /** The evaluated properties/items of the current instance, inside nodes that feed unevaluated*. */
  ev: Evaluated | undefined;
  /** The dynamic scope: resources entered, outermost first (kept only when a document uses $dynamicRef). */
  scope: ScopeEntry[];
  /** $refs crossed, kept only while errors are collected. */
  refs: RefFrame[];
  /** Reference crossings so far: memoization starts after MEMO_AFTER of them. */
  calls: number;
  /** Results remembered in this validation (see memo.ts). */
  memo: Memo | undefined;
  /** Output units recorded so far, and how many may be. */
  units: number;
  maxErrors: number;
  /** Characters of the locations and messages recorded so far (report.ts full(): MAX_OUTPUT_TEXT). */
  text: number;
  /** Units ever made, kept or dropped (anyOf branches): bounds the work of the error pass. */
  work: number;
  /** A known failure was not evaluated again, so its errors may be missing from the list. */
  skipped: boolean;
  /** Inside quiet() in an annotating pass: report() counts a unit and makes none (it would be dropped), nor do anyOf and oneOf collect their branches' units. */
  dropping: boolean;
  /** Annotations of successful keywords, kept only when an output format asks for them. */
  annotations: AnnotationUnit[] | undefined;
  /**
   * Annotations made so far and the characters of their locations and values, counted apart from
   * the errors (maxErrors and MAX_OUTPUT_TEXT hold for each list); `notesCut`: one was left out.
   */
  notes: number;
  noteText: number;
  notesCut: boolean;
  /** For hierarchical output: the $refs crossed above each recorded unit (ref-crossings.ts Trace). */
  trace: Trace | undefined;
  /**
   * Object.prototype had no enumerable names when this pass began, so `for…in` over an object
   * whose prototype is Object.prototype or null visits exactly its own keys (plan.ts).
   */
  forIn: boolean;
  /** The own keys of this pass's objects of many keys, listed once (once-per-pass.ts keysOf), and those a key loop has met once (metMany). */
  keys: Map<object, readonly string[]> | undefined;
  met: Set<object> | undefined;
  /** What uniqueItems found in this pass's arrays of objects or arrays (once-per-pass.ts duplicateIn). */
  duplicates: Map<readonly unknown[], readonly [number, number]> | undefined;
  /** The keys uniqueItems' searches gave this pass's objects and arrays (json/structures.ts): a container nested in another's items is read once. */
  structures: Structures | undefined;
  /** Slots of gathered plans (run-plan.ts), ABSENT from `top` on; a nested object's slots come after its parent's. */
  values: unknown[];
  top: number;
  /** Values entered through recursive references, the last one, and how many may be (engine/depth.ts). */
  depth: number;
  deepest: unknown;
  maxDataDepth: number;
  /** Messages name the kind of an instance value, never the value (validate's `redact`). */
  redact: boolean;
  /** validate() only: what its boolean pass saw pass before it failed, for its error pass (witness.ts). */
  witness: Witness | undefined;
}

export type Check = (instance: unknown, state: EvalState, at: InstancePath) => boolean;

/** A keyword's fixed place in the schema and how it explains a failure. */
export interface Where extends Location {
  readonly keyword: string;
  /** The keyword's absolute location (its resource's URI and fragment), as units under a `$ref` or in an identified resource give it. */
  readonly absolute: string;
  /** The keyword's resource has an `$id` (so the absolute location is always given). */
  readonly identified: boolean;
  /** What `explain` reads besides the instance: the keyword's compiled value, usually. */
  readonly data: unknown;
  /** Builds the error sentence and params; `detail` is what the check passes to report(). One function per keyword, not per schema. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly explain: Explain<any>;
}

/** A keyword's error sentence and params, from its `data`, the instance and the check's detail. */
export type Explain<D> = (data: D, instance: unknown, detail: unknown) => Explanation;

export interface Explanation {
  readonly error: string;
  readonly params: Record<string, unknown>;
}
