// Every case's validators in one process (started by the runner): a server validates the data of
// many schemas, and an interpreter's shared code then sees all their shapes, where generated code
// (ajv) has call sites of its own per schema. A case's own process (worker.ts) shows only its
// shapes, and so flatters the interpreter. Here schemagate and ajv build every case's validators
// first, run them all, then measure each case in rounds that visit every case in turn.
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { distinctCopy } from "./lib/copies.js";
import { dialectOf } from "./lib/dialect.js";
import { errorText, measureRow, type Task, type Timing } from "./lib/measure.js";
import { schemaFor } from "./lib/schema-for.js";
import { MIXED_ROWS, type BenchCase, type CaseData, type MixedResult, type MixedRow } from "./lib/types.js";
import { ajv } from "./libs/ajv.js";
import type { AnyLibrary } from "./libs/library.js";
import schemagate from "./libs/schemagate.js";

export interface MixedOptions {
  casePaths: string[];
  out: string;
  dataDir: string;
  metaDir: string;
  timing: Timing;
}

const LIBS: readonly AnyLibrary[] = [schemagate, ajv];
const WARM_PASSES = 3;

interface Entry {
  name: string;
  data: CaseData;
  handles: Map<string, unknown>;
}

const options = JSON.parse(process.argv[2]!) as MixedOptions;
const started = Date.now();
const result: MixedResult = { cells: {}, cases: [], warnings: [], seconds: 0 };
const log = (text: string): void => void process.stderr.write(`  ${text}\n`);

// 1. Every case's validators, each library on the schema the case's worker gives it.
const entries: Entry[] = [];
for (const path of options.casePaths) {
  const bench = ((await import(pathToFileURL(path).href)) as { default: BenchCase }).default;
  const loaded = await bench.load({ dataDir: options.dataDir, metaDir: options.metaDir });
  if ("skipped" in loaded || loaded.valid === undefined || loaded.invalid === undefined) continue;
  const entry: Entry = { name: bench.name, data: loaded, handles: new Map() };
  for (const lib of LIBS) {
    const found = schemaFor(lib, loaded, dialectOf(loaded.schema));
    if ("cannot" in found) {
      result.warnings.push(`${lib.id} on ${bench.name}: ${found.cannot}`);
      continue;
    }
    try {
      const h = await lib.prepare!(distinctCopy(found.schema, `mixed-${bench.name}`));
      if (lib.isValid!(h, loaded.valid, 1) === 1 && lib.errorCount!(h, loaded.invalid, "first") > 0) entry.handles.set(lib.id, h);
      else result.warnings.push(`${lib.id} on ${bench.name}: wrong answer, not measured`);
    } catch (e) {
      result.warnings.push(`${lib.id} on ${bench.name}: ${errorText(e)}`);
    }
  }
  entries.push(entry);
  result.cases.push(bench.name);
}
log(`mixed: ${entries.length} cases built (${seconds()} s)`);

// 2. Every validator runs every row before anything is timed, in turns, so each shared call site
// has seen every case's shapes, and each case's code had the time to be optimised (a slow case,
// such as citm-catalog, runs only some hundred times in one warm-up).
const cells = MIXED_ROWS.flatMap((row) => entries.flatMap((entry) => LIBS.filter((lib) => entry.handles.has(lib.id)).map((lib) => task(lib, row, entry))));
for (let pass = 0; pass < WARM_PASSES; pass++) for (const cell of cells) runFor(cell, options.timing.warmupMs);

// 3. Per row: measureRow over every (case, library) cell at once, as the case's worker measures one
// case's libraries: a warm-up and batch size per cell, then rounds in which every cell runs once,
// in an order rotated by one each round, so a case's rounds lie between the other cases'.
for (const row of MIXED_ROWS) {
  const tasks = new Map<string, Task>();
  const cellOf = new Map<string, [Entry, AnyLibrary]>();
  for (const entry of entries)
    for (const lib of LIBS) {
      if (!entry.handles.has(lib.id)) continue;
      const id = `${entry.name} ${lib.id}`;
      tasks.set(id, task(lib, row, entry));
      cellOf.set(id, [entry, lib]);
    }
  for (const [id, cell] of await measureRow(tasks, options.timing)) {
    const [entry, lib] = cellOf.get(id)!;
    ((result.cells[entry.name] ??= {})[row] ??= {})[lib.id] = cell;
  }
  log(`mixed ${row} done (${seconds()} s)`);
}

result.seconds = Number(seconds());
writeFileSync(options.out, JSON.stringify(result));

function task(lib: AnyLibrary, row: MixedRow, entry: Entry): Task {
  const h = entry.handles.get(lib.id);
  return row === "valid" ? { run: (n: number) => lib.isValid!(h, entry.data.valid, n) } : { run: (n: number) => lib.firstError!(h, entry.data.invalid, n) };
}

/** Runs a task (one operation at a time) for about `ms`. */
function runFor(cell: Task, ms: number): void {
  const end = performance.now() + ms;
  do cell.run(1);
  while (performance.now() < end);
}

function seconds(): string {
  return ((Date.now() - started) / 1000).toFixed(1);
}
