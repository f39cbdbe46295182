// Reading the shared benchmark data and building instances for the cases.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { BenchCase, CaseContext, CaseData } from "./types.js";

/** A case's data, for callers that need one that runs (the cold start, --ceiling). */
export async function loadCase(bench: BenchCase, ctx: CaseContext): Promise<CaseData> {
  const data = await bench.load(ctx);
  if ("skipped" in data) throw new Error(`${bench.name}: ${data.skipped}`);
  return data;
}

export function readData<T = unknown>(ctx: CaseContext, file: string): T {
  return JSON.parse(readFileSync(join(ctx.dataDir, file), "utf8")) as T;
}

export function readMeta<T = unknown>(ctx: CaseContext, file: string): T {
  return JSON.parse(readFileSync(join(ctx.metaDir, file), "utf8")) as T;
}

/** A deep copy of `value` with the value at `path` replaced (the path must exist). */
export function withValueAt(value: unknown, path: readonly (string | number)[], replacement: unknown): unknown {
  const copy = structuredClone(value);
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (!(last in node)) throw new Error(`withValueAt: no ${JSON.stringify(path)}`);
  node[last] = replacement;
  return copy;
}
