// What the gate's walk counts against its bounds: subschemas, their locations and the patterns it
// reads. The walk of a document (walk.ts) and of what references reach in its data
// (walk-reached.ts) count together, so a subschema costs the same wherever it sits.
import { longIdentifier, SchemaError } from "../errors.js";
import { appendPointer } from "../json/pointer.js";
import { MAX_IDENTIFIER } from "../limits.js";
import { PatternBudget } from "../regex/pattern-cost.js";
import { pointer, tooFar, tooMany } from "./walk-errors.js";

export interface Counts {
  objects: number;
  /** Boolean subschemas met: they count towards maxSubschemas with the objects (each is compiled). */
  booleans: number;
  /** Characters of the subschemas' JSON Pointers together (each is keyed by its own: see located). */
  locations: number;
  readonly maxObjects: number;
  readonly maxSize: number;
  /** The keys from the root to the value being walked (for the refusals' pointers). */
  readonly path: (string | number)[];
  readonly patterns: string[];
  /** Made at the first pattern: what the document's patterns cost to compile, together. */
  patternBudget: PatternBudget | undefined;
}

/** Counts a boolean subschema. */
export function countBoolean(c: Counts): void {
  if (++c.booleans + c.objects > c.maxObjects) tooMany(c.path, c.maxObjects);
}

/**
 * A subschema is keyed by its location (its JSON Pointer, `length` characters) as it is compiled
 * and as references land on it, so their pointers together are bounded as the text is
 * (walk-errors.ts tooFar).
 */
export function located(c: Counts, length: number): void {
  if ((c.locations += length) > c.maxSize) tooFar(c.path, c.maxSize);
}

/**
 * A resource the walk met, at the schema object `c.path` names: its URI counts with the
 * locations (each resource is kept by its URI, as each subschema by its location), and one
 * longer than MAX_IDENTIFIER is refused there, as the registry would (`identifier`: the keyword
 * that declared it), before thousands of others cost their length.
 */
export function resourceAt(c: Counts, uri: string, identifier: string): void {
  if (uri.length > MAX_IDENTIFIER) throw longIdentifier(uri, appendPointer(pointer(c.path), identifier));
  located(c, uri.length);
}

/** Lists a pattern the walk read; refuses the document once its distinct patterns together cost too much to compile. */
export function notePattern(c: Counts, pattern: string): void {
  c.patterns.push(pattern);
  const why = (c.patternBudget ??= new PatternBudget()).add(pattern);
  if (why !== undefined) throw new SchemaError("unsupported-regex", pointer(c.path), `the schema's patterns together are too costly to compile: ${why}`);
}
