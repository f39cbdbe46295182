// The contract of a library adapter. Each adapter file writes its own loop functions (isValid,
// firstError, allErrors, compile): separate function literals per library, so every call site
// inside a loop only ever sees that one library's validator shape and stays monomorphic.

import type { DialectName } from "../lib/types.js";

export type Schema = Record<string, unknown>;
export type MaybePromise<T> = T | Promise<T>;

/** How a library runs a case's schema, from its `setup`. */
export type Setup =
  /** `runs`: a short label for RESULTS.md ("draft-07 (`Ajv`)"); `note`: anything else a reader must know. */
  | { runs: string; note?: string }
  /** It has no such dialect: it gets the case's 2020-12 conversion instead. */
  | { cannot: string };

export interface Library<H> {
  /** Column id, also used in --json output. */
  readonly id: string;
  /** Column heading. */
  readonly label: string;
  /** One line for the README/RESULTS legend: version, options used. */
  readonly describe: string;

  /**
   * Called once per case (one process), before anything else: `dialect` is what the schema's
   * `$schema` declares, `external` the documents its `$ref`s name by absolute URI. Picks what the
   * functions below use (a class, a draft option), so the loops stay as they are.
   */
  setup(dialect: DialectName, external: Readonly<Record<string, Schema>>, schema: Schema): Setup;

  /**
   * Builds the validators the validation rows use, from one (already distinct) copy of the
   * schema. Throwing means the library cannot handle the case: its cells become "n/a".
   * Undefined: the library has no validation rows of its own (ajv with a new instance).
   */
  prepare?(schema: Schema): MaybePromise<H>;
  /** n × isValid(data); returns how many were valid. */
  isValid?(h: H, data: unknown, n: number): number;
  /** n × validation that stops at the first error; returns the summed error count. */
  firstError?(h: H, data: unknown, n: number): number;
  /** Why firstError is absent (footnote), when it is. */
  readonly firstErrorNa?: string;
  /** n × validation collecting every error; returns the summed error count. */
  allErrors?(h: H, data: unknown, n: number): number;
  /** The number of errors of one run (-1 when it says valid), for the check before timing. */
  errorCount?(h: H, data: unknown, mode: "first" | "all"): number;

  /** Compiles every copy (each structurally distinct, never seen before); returns how many. */
  compile(copies: Schema[]): MaybePromise<number>;
  /** Untimed, after each compile batch: drop what the library registered for these copies. */
  release?(copies: Schema[]): void;

  /** Starts a memory session; the returned function compiles one copy and returns what to keep alive. */
  memory(): (copy: Schema) => MaybePromise<unknown>;

  /** Compiles every copy and runs each once on `data`, as isValid (the time to a first result); returns how many said valid. */
  firstResult?(copies: Schema[], data: unknown): MaybePromise<number>;
  /** Compiles every copy and runs each once on `data` with the library's default error reporting; returns the summed error count. */
  firstInvalid?(copies: Schema[], data: unknown): MaybePromise<number>;
  /** What `memory()` kept, after one validation of `data` with its default error reporting (memory after the first invalid instance). */
  touch?(kept: unknown, data: unknown): MaybePromise<void>;
}

/** Erases the handle type so adapters of different libraries can sit in one list. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyLibrary = Library<any>;

export function defineLibrary<H>(lib: Library<H>): AnyLibrary {
  return lib;
}
