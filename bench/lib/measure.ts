// Time-boxed measurement. A task runs its operation in batches; only the batch itself is timed
// (setup such as building never-seen schema copies, and teardown, are not). A round keeps running
// batches until its time box is used up; the result of a round is ops/s.
import type { Cell } from "./types.js";

export interface Task {
  /** Untimed, before a batch of n operations. */
  setup?(n: number): void;
  /** The timed batch: n operations. Returns a checksum (consumed so nothing is optimised away). */
  run(n: number): number | Promise<number>;
  /** Untimed, after a batch. */
  teardown?(): void;
}

export interface Timing {
  /** Time box of one round, ms. */
  readonly roundMs: number;
  /** Rounds per cell. */
  readonly rounds: number;
  /** Warm-up before the first round, ms (also calibrates the batch size). */
  readonly warmupMs: number;
  /** Warm-up of the compile rows, ms: compiling exercises far more code than validating. */
  readonly compileWarmupMs: number;
  /** Upper bound on one cell's measured time when a single operation is slow, ms. */
  readonly cellMaxMs: number;
}

const now = (): bigint => process.hrtime.bigint();
export let checksum = 0;

async function batch(task: Task, n: number): Promise<bigint> {
  task.setup?.(n);
  const t0 = now();
  const r = task.run(n);
  checksum += typeof r === "number" ? r : await r;
  const t1 = now();
  task.teardown?.();
  return t1 - t0;
}

/** Per-cell state between rounds. */
export interface Probe {
  readonly task: Task;
  batchSize: number;
  /** Seconds per operation, from the warm-up. */
  opSeconds: number;
  roundsLeft: number;
  results: number[];
}

/** Warms a task up for timing.warmupMs (at least one operation) and picks its batch size. */
export async function warmUp(task: Task, timing: Timing): Promise<Probe> {
  const box = BigInt(Math.round(timing.warmupMs * 1e6));
  const target = BigInt(Math.round((timing.roundMs / 20) * 1e6)); // one batch ≈ 1/20 of a round
  let n = 1;
  let spent = 0n;
  let ops = 0;
  let last = 0n;
  let lastN = 1;
  while (spent < box || ops === 0) {
    last = await batch(task, n);
    lastN = n;
    spent += last;
    ops += n;
    if (last < target && n < 1 << 24) n *= 2;
  }
  const opSeconds = Number(last) / 1e9 / lastN;
  if (ops === 1 && opSeconds * 1e3 >= timing.cellMaxMs) {
    // One operation already took longer than a whole cell may: that run is the only round.
    return { task, batchSize: 1, opSeconds, roundsLeft: 0, results: [1 / opSeconds] };
  }
  const fits = Math.floor(timing.cellMaxMs / 1e3 / Math.max(opSeconds, 1e-9));
  return { task, batchSize: n, opSeconds, roundsLeft: Math.max(1, Math.min(timing.rounds, fits)), results: [] };
}

/** One time-boxed round (at least one batch). */
export async function round(probe: Probe, timing: Timing): Promise<void> {
  const box = BigInt(Math.round(timing.roundMs * 1e6));
  let spent = 0n;
  let ops = 0;
  do {
    spent += await batch(probe.task, probe.batchSize);
    ops += probe.batchSize;
  } while (spent < box);
  probe.results.push(ops / (Number(spent) / 1e9));
  probe.roundsLeft--;
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export function cellOf(probe: Probe, timing: Timing): Cell {
  const rs = probe.results;
  const cell: Cell = { value: median(rs), rounds: rs.map((r) => Math.round(r * 100) / 100) };
  if (rs.length > 1 && Math.max(...rs) / Math.min(...rs) > 1.5) cell.unstable = true;
  if (rs.length < timing.rounds)
    cell.note = `${rs.length} round${rs.length === 1 ? "" : "s"} only: one operation takes ${formatSeconds(probe.opSeconds)}${rs.length === 1 && probe.roundsLeft === 0 && probe.batchSize === 1 && rs[0] === 1 / probe.opSeconds ? " (a single run, also the warm-up)" : ""}`;
  return cell;
}

export function formatSeconds(s: number): string {
  if (s >= 1) return `${s.toFixed(2)} s`;
  if (s >= 1e-3) return `${(s * 1e3).toFixed(1)} ms`;
  return `${(s * 1e6).toFixed(1)} µs`;
}

/**
 * Measures one row: every library's task is warmed up, then rounds run with the libraries
 * interleaved, the order rotated by one each round.
 */
export async function measureRow(tasks: ReadonlyMap<string, Task>, timing: Timing): Promise<Map<string, Cell>> {
  const ids = [...tasks.keys()];
  const probes = new Map<string, Probe>();
  const failed = new Map<string, Cell>();
  for (const id of ids) {
    try {
      probes.set(id, await warmUp(tasks.get(id)!, timing));
    } catch (e) {
      failed.set(id, { na: `threw while measuring: ${errorText(e)}` });
    }
  }
  const live = ids.filter((id) => probes.has(id));
  for (let r = 0; r < timing.rounds; r++) {
    const order = live.map((_, i) => live[(i + r) % live.length]!);
    for (const id of order) {
      const probe = probes.get(id)!;
      if (probe.roundsLeft <= 0 || failed.has(id)) continue;
      try {
        await round(probe, timing);
      } catch (e) {
        failed.set(id, { na: `threw while measuring: ${errorText(e)}` });
      }
    }
  }
  const out = new Map<string, Cell>();
  for (const id of ids) out.set(id, failed.get(id) ?? cellOf(probes.get(id)!, timing));
  return out;
}

/** Two tasks compared batch by batch (pairedRatio). */
export interface Paired {
  /** Median ops/s of each task over its batches. */
  a: number;
  b: number;
  /** a ÷ b: the median, and the quartiles, of the ratios of adjacent batches. */
  ratio: number;
  low: number;
  high: number;
  pairs: number;
}

/**
 * How much faster task a is than task b (ops/s ÷ ops/s), as the median over many adjacent pairs
 * of short batches (a then b, then b then a, alternately; a batch lasts about 1/20 of a round).
 * The machine's load changes little between one batch and the next, so on a busy machine this
 * ratio holds much better than the ratio of two cells measured over whole rounds.
 */
export async function pairedRatio(a: Task, b: Task, timing: Timing, pairs = 41): Promise<Paired> {
  const pa = await warmUp(a, timing);
  const pb = await warmUp(b, timing);
  const rates: [number[], number[]] = [[], []];
  const ratios: number[] = [];
  for (let i = 0; i < pairs; i++) {
    const order = i % 2 === 0 ? [0, 1] : [1, 0];
    const rate = [0, 0];
    for (const j of order) {
      const probe = j === 0 ? pa : pb;
      rate[j] = probe.batchSize / (Number(await batch(probe.task, probe.batchSize)) / 1e9);
      rates[j]!.push(rate[j]!);
    }
    ratios.push(rate[0]! / rate[1]!);
  }
  const sorted = [...ratios].sort((x, y) => x - y);
  const quartile = (q: number): number => sorted[Math.round(q * (sorted.length - 1))]!;
  return { a: median(rates[0]), b: median(rates[1]), ratio: median(ratios), low: quartile(0.25), high: quartile(0.75), pairs };
}

export function errorText(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return text.split("\n")[0]!.slice(0, 160);
}
