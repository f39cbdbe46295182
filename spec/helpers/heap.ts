// The specs that hold memory to a bound: a full collection, then the heap in use.
import v8 from "node:v8";
import vm from "node:vm";

v8.setFlagsFromString("--expose-gc");
/** V8's gc(), exposed at load (a new context sees the flag). */
export const gc = vm.runInNewContext("gc") as () => void;

/** Bytes of heap in use after two full collections. */
export function heapUsed(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** Megabytes of heap that `run` leaves in use (heapUsed before and after). */
export function megabytesRetainedBy(run: () => void): number {
  const before = heapUsed();
  run();
  return (heapUsed() - before) / 1e6;
}
