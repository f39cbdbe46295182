// Timing for the specs that hold a cost to a bound: ratios of two timings taken in one process,
// each the fastest of a few calls (the machine is shared and noisy; the fastest is the least disturbed).

/** The fastest of three calls of `run`, in ms. */
export function fastest(run: () => unknown): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}
