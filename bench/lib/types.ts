// Shared shapes of the benchmark harness: what a case provides, what a library adapter provides,
// and what a worker reports back to the runner.

/** Where the worker finds things at run time (resolved by the runner from the repository root). */
export interface CaseContext {
  /** Absolute path of `../shared/bench-data/` (beside the checkout). */
  readonly dataDir: string;
  /** Absolute path of `../shared/metaschemas/` (beside the checkout). */
  readonly metaDir: string;
}

export type CaseGroup = "mcp" | "deep" | "wide" | "real";

/** What a case file's `load()` returns: one 2020-12 schema and (optionally) two instances. */
export interface CaseData {
  /** The 2020-12 schema every library compiles (the harness makes distinct copies of it). */
  readonly schema: Record<string, unknown>;
  /** An instance the schema accepts, or undefined for a compile-only case. */
  readonly valid?: unknown;
  /** An instance the schema rejects, or undefined for a compile-only case. */
  readonly invalid?: unknown;
  /** Sentences for RESULTS.md: what exactly was measured (conversions, mutations). */
  readonly notes?: readonly string[];
}

/** The default export of every bench/cases/*.ts file. */
export interface BenchCase {
  /** Short id, equal to the file name without `.ts`; `--case NAME` selects by it. */
  readonly name: string;
  /** One line for the tables. */
  readonly title: string;
  readonly group: CaseGroup;
  load(ctx: CaseContext): CaseData | Promise<CaseData>;
}

/** The measurements of one case, one row each in the case's table. */
export type Row = "compile" | "compileHit" | "valid" | "invalid" | "firstError" | "allErrors" | "memory";

/** One cell: a median rate (ops/s) or a size (bytes), or why there is none. */
export interface Cell {
  /** Not measured by design (shown as "—", no footnote). */
  skip?: boolean;
  /** ops/s (median of rounds) for timing rows; bytes per compiled schema for `memory`. */
  value?: number;
  /** Every round's ops/s (timing rows only). */
  rounds?: number[];
  /** max/min over the rounds > 1.5. */
  unstable?: boolean;
  /** Set when there is no value: the reason, shown as a footnote. */
  na?: string;
  /** A remark shown as a footnote beside the value (fewer rounds, fewer schemas, …). */
  note?: string;
  /** memory: how many compiled schemas were kept alive. */
  count?: number;
}

export interface CaseResult {
  name: string;
  title: string;
  group: CaseGroup;
  notes: string[];
  /** Row → library id → cell. */
  cells: Partial<Record<Row, Record<string, Cell>>>;
  /** Anything odd the worker noticed (a cache that could not be confirmed, a wrong answer). */
  warnings: string[];
  /** Set when the worker itself failed. */
  error?: string;
  seconds: number;
}
