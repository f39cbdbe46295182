// What a compile of a document builds (compiler.ts): the variant, and how. Read as own properties
// only: a name set on Object.prototype (another library's prototype pollution) is no setting, and
// must not change what a compile builds.
import type { LoopNumbers } from "./loop-numbers.js";
import type { EvaluationCount } from "./node-wrappers.js";
import { blank, ownFields } from "../json/own-fields.js";

export interface CompileSettings {
  /** Format checkers (compile's `formats` option): "format" asserts everywhere. */
  readonly formats?: ReadonlyMap<string, (value: string) => boolean> | undefined;
  /** Compile the variant that records annotations (for the detailed and verbose output formats). */
  readonly annotating?: boolean;
  /** false: closures only, which can collect errors (the specs compare both). */
  readonly plans?: boolean;
  /**
   * With plans: a planned schema object keeps its closures too. The variant validate() collects
   * errors with: its closures collect them, and the boolean questions the error pass asks (quiet:
   * which anyOf branch matches, does the `if` hold, which items pass) run on plans.
   */
  readonly closures?: boolean;
  /**
   * Compile the target of a reference after the schema that refers to it, from a queue (drain()),
   * instead of inside it: a chain of thousands of references then needs no deep stack. Used when
   * compiling the usual way ran out of stack; such targets keep their closures, not plans.
   */
  readonly deferRefs?: boolean;
  /** For the specs only: every schema object's evaluation counts here (closures only, see compileCounting). */
  readonly count?: EvaluationCount;
  /** A built-in metaschema: no two of its subschemas descend into one value (docs/architecture.md), so nothing is branching. */
  readonly fixedPaths?: boolean;
  /** The loops' numbers (loop-numbers.ts): given, sealed, to the collecting variant; else the compile numbers them. */
  readonly loops?: LoopNumbers;
}

const NAMES: readonly (keyof CompileSettings)[] = ["formats", "annotating", "plans", "closures", "deferRefs", "count", "fixedPaths", "loops"];
const NONE: CompileSettings = Object.freeze(blank<CompileSettings>(NAMES));

/** The settings given, their own values only, in an object that has every setting as its own property. */
export function ownSettings(settings: CompileSettings): CompileSettings {
  return ownFields(settings, NAMES, NONE);
}
