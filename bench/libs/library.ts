// The contract of a library adapter. Each adapter file writes its own loop functions (isValid,
// firstError, allErrors, compile): separate function literals per library, so every call site
// inside a loop only ever sees that one library's validator shape and stays monomorphic.

export type Schema = Record<string, unknown>;
export type MaybePromise<T> = T | Promise<T>;

export interface Library<H> {
  /** Column id, also used in --json output. */
  readonly id: string;
  /** Column heading. */
  readonly label: string;
  /** One line for the README/RESULTS legend: version, options used. */
  readonly describe: string;

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
}

/** Erases the handle type so adapters of different libraries can sit in one list. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyLibrary = Library<any>;

export function defineLibrary<H>(lib: Library<H>): AnyLibrary {
  return lib;
}
