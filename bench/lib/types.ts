// Shared shapes of the benchmark harness: what a case provides, what a library adapter provides,
// and what a worker reports back to the runner.
import type { Paired } from "./measure.js";

/** Where the worker finds things at run time (resolved by the runner from the repository root). */
export interface CaseContext {
  /** Absolute path of `../shared/bench-data/` (beside the checkout). */
  readonly dataDir: string;
  /** Absolute path of `../shared/metaschemas/` (beside the checkout). */
  readonly metaDir: string;
}

export type CaseGroup = "mcp" | "deep" | "wide" | "real" | "large";

/** The dialects a case's schema may declare (by `$schema`; 2020-12 without one). */
export type DialectName = "2020-12" | "2019-09" | "draft-07" | "draft-06" | "draft-04";

/** What a case file's `load()` returns: one schema and (optionally) two instances. */
export interface CaseData {
  /**
   * The schema every library compiles, in its own dialect: its `$schema` decides, 2020-12 without
   * one (the harness makes distinct copies of it).
   */
  readonly schema: Record<string, unknown>;
  /** Documents the schema's `$ref`s name by absolute URI (swagger.json: the draft-04 metaschema). */
  readonly external?: Readonly<Record<string, Record<string, unknown>>>;
  /**
   * The same schema as 2020-12: what a library that cannot run the schema's dialect compiles
   * instead, and, for a draft-07 version of a 2020-12 case, what schemagate's isValid is compared
   * with in the same process. `notes` says what the conversion changed.
   */
  readonly as2020?: { readonly schema: Record<string, unknown>; readonly notes: readonly string[] };
  /** An instance the schema accepts, or undefined for a compile-only case. */
  readonly valid?: unknown;
  /** An instance the schema rejects, or undefined for a compile-only case. */
  readonly invalid?: unknown;
  /** Only these rows are measured (a schema so large that compiling it a thousand times for the memory rows would not fit the case's time). */
  readonly rows?: readonly Row[];
  /** Sentences for RESULTS.md: what exactly was measured (conversions, mutations). */
  readonly notes?: readonly string[];
}

/** What `load()` returns for a case that cannot be built (a draft-07 version of a 2020-12-only schema). */
export interface Skipped {
  readonly skipped: string;
}

/** The default export of every bench/cases/*.ts file. */
export interface BenchCase {
  /** Short id, equal to the file name without `.ts`; `--case NAME` selects by it. */
  readonly name: string;
  /** One line for the tables. */
  readonly title: string;
  readonly group: CaseGroup;
  /** Set on a version of another case in another dialect (`mcp-input-draft-07`): that case's name. */
  readonly variantOf?: string;
  load(ctx: CaseContext): CaseData | Skipped | Promise<CaseData | Skipped>;
}

/** The measurements of one case, one row each in the case's table. */
export type Row = "compile" | "compileHit" | "firstResult" | "firstInvalid" | "valid" | "invalid" | "firstError" | "allErrors" | "memory" | "memoryAfterInvalid";

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
  /** An error row's result unlike ajv's (far fewer or more errors listed): the footnote; the cell is left out of ratios. */
  unlike?: string;
}

export interface CaseResult {
  name: string;
  title: string;
  group: CaseGroup;
  variantOf?: string;
  /** The dialect the case's schema declares. */
  dialect?: DialectName;
  /** Library id → how it ran the schema ("draft-07 (`Ajv`)", "2020-12 conversion (`Ajv2020`)"). */
  runs?: Record<string, string>;
  /** Why the case did not run (no cells then). */
  skipped?: string;
  /**
   * A draft-07 version: schemagate's isValid with the draft-07 schema (a) against the 2020-12
   * schema (b), batch by batch in this process (lib/measure.ts pairedRatio).
   */
  same2020?: Partial<Record<"valid" | "invalid", Paired>>;
  /**
   * schemagate's validate() on the invalid instance, through the explainer (a), which serves a
   * validator's first invalid instances, against the closures (b), which serve the later ones:
   * batch by batch in this process; or why the two could not be compared.
   */
  errorPasses?: Partial<Record<"firstError" | "allErrors", Paired>> & { skipped?: string };
  notes: string[];
  /** Row → library id → cell. */
  cells: Partial<Record<Row, Record<string, Cell>>>;
  /** Anything odd the worker noticed (a cache that could not be confirmed, a wrong answer). */
  warnings: string[];
  /** Set when the worker itself failed. */
  error?: string;
  seconds: number;
}

/** The rows of the section with every case in one process (bench/mixed.ts), each as a case's worker measures it. */
export const MIXED_ROWS = ["valid", "firstError"] as const;
export type MixedRow = (typeof MIXED_ROWS)[number];

/** What bench/mixed.ts reports. */
export interface MixedResult {
  /** Case → row → library id → cell. */
  cells: Record<string, Partial<Record<MixedRow, Record<string, Cell>>>>;
  /** The cases whose validators ran, in the order built. */
  cases: string[];
  warnings: string[];
  seconds: number;
}
