// One case, in its own process (started by the runner with --expose-gc): loads the case, builds
// every library's validators, checks that each library gives the right answers, then measures
// memory, compile, cache hit and validation, and writes a CaseResult as JSON to the given file.
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { distinctCopies, distinctCopy } from "./lib/copies.js";
import { dialectOf } from "./lib/dialect.js";
import { schemaFor } from "./lib/schema-for.js";
import { checksum, errorText, measureRow, pairedRatio, type Task, type Timing } from "./lib/measure.js";
import type { BenchCase, CaseResult, Cell, Row } from "./lib/types.js";
import { BASELINE } from "./lib/report.js";
import { LIBRARIES } from "./libs/index.js";
import type { AnyLibrary, Schema } from "./libs/library.js";
import schemagate, { cacheHitTask, copiesAreMisses, errorPassPair, schemaCacheClass } from "./libs/schemagate.js";

/** memoryCell's warm-up compiles, at most (a library that compiles in microseconds does this many in its share of the budget). */
const WARM_COMPILES = 3000;

export interface WorkerOptions {
  casePath: string;
  out: string;
  dataDir: string;
  metaDir: string;
  timing: Timing;
  memory: { budgetMs: number; maxSchemas: number };
}

/** Thrown when the case has nothing to run (`load()` returned `skipped`). */
class Skip extends Error {}

const options = JSON.parse(process.argv[2]!) as WorkerOptions;
const started = Date.now();
const log = (text: string): void => void process.stderr.write(`  ${text}\n`);

const bench = ((await import(pathToFileURL(options.casePath).href)) as { default: BenchCase }).default;
const result: CaseResult = { name: bench.name, title: bench.title, group: bench.group, notes: [], cells: {}, warnings: [], seconds: 0 };
if (bench.variantOf) result.variantOf = bench.variantOf;
const set = (row: Row, id: string, cell: Cell): void => void ((result.cells[row] ??= {})[id] = cell);

try {
  const loaded = await bench.load({ dataDir: options.dataDir, metaDir: options.metaDir });
  if ("skipped" in loaded) throw new Skip(loaded.skipped);
  const data = loaded;
  result.notes.push(...(data.notes ?? []));
  const tag = bench.name;
  const withInstances = data.valid !== undefined && data.invalid !== undefined;
  const wanted = (row: Row): boolean => data.rows === undefined || data.rows.includes(row);

  // 0. Each library runs the schema in its own dialect, or, where it has no such dialect, the
  // case's 2020-12 conversion.
  const dialect = (result.dialect = dialectOf(data.schema));
  const bases = new Map<string, Schema>();
  const cannot = new Map<string, string>(); // neither the dialect nor a 2020-12 form
  const converted = new Map<string, string[]>(); // why → the libraries that run the conversion
  result.runs = {};
  for (const lib of LIBRARIES) {
    const found = schemaFor(lib, data, dialect);
    if ("cannot" in found) {
      cannot.set(lib.id, found.cannot);
      continue;
    }
    if (found.convertedBecause) converted.set(found.convertedBecause, [...(converted.get(found.convertedBecause) ?? []), lib.label]);
    result.runs[lib.id] = found.runs;
    if (found.note) result.notes.push(found.note);
    bases.set(lib.id, found.schema);
  }
  for (const [why, labels] of converted)
    result.notes.push(`${labels.join(" and ")} run the schema's 2020-12 conversion (${why}); the conversion: ${data.as2020!.notes.join("; ")}.`);
  const baseOf = (lib: AnyLibrary): Schema => bases.get(lib.id)!;

  // 1. Prepare each library's validators and check its answers before timing anything.
  const handles = new Map<string, unknown>();
  const unusable = new Map<string, string>(); // cannot compile the schema at all
  const wrong = new Map<string, Partial<Record<Row, string>>>();
  for (const lib of LIBRARIES) {
    if (cannot.has(lib.id)) {
      unusable.set(lib.id, cannot.get(lib.id)!);
      continue;
    }
    if (!lib.prepare) continue;
    try {
      handles.set(lib.id, await lib.prepare(distinctCopy(baseOf(lib), tag, false)));
    } catch (e) {
      unusable.set(lib.id, `cannot compile this schema: ${errorText(e)}`);
      continue;
    }
    if (withInstances) wrong.set(lib.id, answers(lib, handles.get(lib.id), data.valid, data.invalid));
  }
  for (const [id, rows] of wrong) for (const [row, why] of Object.entries(rows)) if (why.startsWith("wrong")) result.warnings.push(`${id} ${row}: ${why}`);

  // A draft-07 version of a 2020-12 case: schemagate also compiles the 2020-12 schema, so the two
  // compare within one process (step 6).
  let same2020: unknown;
  const sgRight = handles.has("schemagate") && !wrong.get("schemagate")?.valid && !wrong.get("schemagate")?.invalid;
  if (bench.variantOf && data.as2020 && withInstances && sgRight) {
    const twin = await schemagate.prepare!(distinctCopy(data.as2020.schema, tag, false));
    const why = answers(schemagate, twin, data.valid, data.invalid);
    if (why.valid || why.invalid) result.warnings.push(`schemagate on the 2020-12 schema: ${why.valid ?? why.invalid}`);
    else same2020 = twin;
  }

  // 2. Memory per compiled schema, first, while the heap is clean.
  for (const lib of LIBRARIES) {
    const reason = unusable.get(lib.id);
    if (!wanted("memory")) set("memory", lib.id, { skip: true });
    else set("memory", lib.id, reason ? { na: reason } : await memoryCell(lib, baseOf(lib), tag));
  }
  log(`memory done (${seconds()} s)`);
  // 2b. The same after each validator's first invalid instance (what collecting errors adds).
  for (const lib of LIBRARIES) {
    const reason = unusable.get(lib.id) ?? wrong.get(lib.id)?.invalid;
    if (!lib.touch || !withInstances || !wanted("memoryAfterInvalid")) set("memoryAfterInvalid", lib.id, { skip: true });
    else set("memoryAfterInvalid", lib.id, reason ? { na: reason } : await memoryCell(lib, baseOf(lib), tag, (kept) => lib.touch!(kept, data.invalid)));
  }
  log(`memory after an invalid instance done (${seconds()} s)`);

  // 3. Compile of never-seen schemas.
  const compileTasks = new Map<string, Task>();
  for (const lib of LIBRARIES) {
    const reason = unusable.get(lib.id);
    if (!wanted("compile")) set("compile", lib.id, { skip: true });
    else if (reason) set("compile", lib.id, { na: reason });
    else compileTasks.set(lib.id, compileTask(lib, baseOf(lib), tag));
  }
  const compileTiming = { ...options.timing, warmupMs: options.timing.compileWarmupMs };
  for (const [id, cell] of await measureRow(compileTasks, compileTiming)) set("compile", id, cell);
  log(`compile done (${seconds()} s)`);

  // 3b. The time to a first result: compile of a never-seen schema and its first validation, of
  // the valid instance (isValid) and of the invalid one (the library's default error reporting).
  for (const [row, method, which] of [["firstResult", "firstResult", "valid"], ["firstInvalid", "firstInvalid", "invalid"]] as const) {
    const tasks = new Map<string, Task>();
    for (const lib of LIBRARIES) {
      const reason = unusable.get(lib.id) ?? wrong.get(lib.id)?.[which];
      if (!lib[method] || !withInstances || !wanted(row)) set(row, lib.id, { skip: true });
      else if (reason) set(row, lib.id, { na: reason });
      else tasks.set(lib.id, firstResultTask(lib, method, baseOf(lib), tag, which === "valid" ? data.valid : data.invalid));
    }
    for (const [id, cell] of await measureRow(tasks, compileTiming)) set(row, id, cell);
    log(`${row} done (${seconds()} s)`);
  }

  // 4. schemagate cache hit (a row only schemagate has; the others show "—").
  for (const lib of LIBRARIES) if (lib.id !== "schemagate") set("compileHit", lib.id, { skip: true });
  if (!wanted("compileHit")) set("compileHit", "schemagate", { skip: true });
  else if (unusable.has("schemagate")) set("compileHit", "schemagate", { na: unusable.get("schemagate")! });
  else {
    const base = baseOf(schemagate);
    const hit = cacheHitTask(distinctCopy(base, tag));
    if (typeof hit === "string") set("compileHit", "schemagate", { na: hit });
    else {
      if (hit.warning) result.warnings.push(hit.warning);
      if (!copiesAreMisses(distinctCopy(base, tag), distinctCopy(base, tag)))
        result.warnings.push("schemagate's cache served a copy that differs only in $comment: the never-seen compile row measured cache hits");
      const cells = await measureRow(new Map([["schemagate", { run: (n: number) => hit.run(n) }]]), options.timing);
      set("compileHit", "schemagate", cells.get("schemagate")!);
    }
  }
  if (schemaCacheClass()) log("cache hit done");

  // 5. Validation rows.
  const rows: [Row, "valid" | "invalid", "isValid" | "firstError" | "allErrors"][] = [
    ["valid", "valid", "isValid"],
    ["invalid", "invalid", "isValid"],
    ["firstError", "invalid", "firstError"],
    ["allErrors", "invalid", "allErrors"],
  ];
  for (const [row, which, method] of rows) {
    const tasks = new Map<string, Task>();
    for (const lib of LIBRARIES) {
      const fn = lib[method];
      if (!lib.prepare || !withInstances || !wanted(row)) set(row, lib.id, { skip: true });
      else if (unusable.has(lib.id)) set(row, lib.id, { na: unusable.get(lib.id)! });
      else if (!fn) set(row, lib.id, { na: (method === "firstError" && lib.firstErrorNa) || `no ${method} mode` });
      else if (wrong.get(lib.id)?.[row]) set(row, lib.id, { na: wrong.get(lib.id)![row]! });
      else {
        const h = handles.get(lib.id);
        const instance = which === "valid" ? data.valid : data.invalid;
        tasks.set(lib.id, { run: (n: number) => fn(h, instance, n) });
      }
    }
    for (const [id, cell] of await measureRow(tasks, options.timing)) set(row, id, cell);
    // First-error lists differ in how a failed anyOf's branches are listed, not in the work done.
    if (method === "allErrors") markUnlike(row, "all", handles, data.invalid);
    log(`${row} done (${seconds()} s)`);
  }
  slowAjv();

  // 6. A draft-07 version: schemagate's isValid with the draft-07 schema against the 2020-12 one.
  if (same2020 !== undefined) {
    const draft07 = handles.get("schemagate");
    for (const row of ["valid", "invalid"] as const) {
      const instance = row === "valid" ? data.valid : data.invalid;
      const a = { run: (n: number) => schemagate.isValid!(draft07, instance, n) };
      const b = { run: (n: number) => schemagate.isValid!(same2020, instance, n) };
      (result.same2020 ??= {})[row] = await pairedRatio(a, b, options.timing);
    }
    log(`draft-07 ÷ 2020-12 done (${seconds()} s)`);
  }

  // 7. validate()'s error pass: the explainer (a validator's first invalid instances) against the
  // closures (the later ones), schemagate only, in this process. The tables above time the closures.
  const errorRows = (["firstError", "allErrors"] as const).filter(wanted);
  if (!bench.variantOf && withInstances && sgRight && errorRows.length) {
    const pair = errorPassPair(baseOf(schemagate), data.invalid);
    if ("why" in pair) {
      result.errorPasses = { skipped: pair.why };
      if (pair.wrong) result.warnings.push(`schemagate: ${pair.why}`);
    } else {
      result.errorPasses = {};
      for (const row of errorRows) {
        const a = { run: (n: number) => schemagate[row]!(pair.explainer, data.invalid, n) };
        const b = { run: (n: number) => schemagate[row]!(pair.closures, data.invalid, n) };
        result.errorPasses[row] = await pairedRatio(a, b, options.timing);
      }
    }
    log(`explainer ÷ closures done (${seconds()} s)`);
  }
} catch (e) {
  if (e instanceof Skip) result.skipped = e.message;
  else result.error = e instanceof Error ? (e.stack ?? e.message) : String(e);
}

result.seconds = Number(seconds());
writeFileSync(options.out, JSON.stringify(result));
process.stderr.write(`  (checksum ${checksum})\n`);

function seconds(): string {
  return ((Date.now() - started) / 1000).toFixed(1);
}

/**
 * An error row's cell that listed far fewer or far more errors than ajv's (a list cut by a bound:
 * geojson-canada's 1,000 against 278,306) is not like with like: it keeps its value, with a
 * footnote, and is left out of the ratios (report.ts ratioOf).
 */
function markUnlike(row: Row, mode: "first" | "all", handles: Map<string, unknown>, invalid: unknown): void {
  const count = (id: string): number | undefined => {
    const lib = LIBRARIES.find((l) => l.id === id);
    const cell = result.cells[row]?.[id];
    if (!lib?.errorCount || cell?.value === undefined || !handles.has(id)) return undefined;
    try {
      return lib.errorCount(handles.get(id), invalid, mode);
    } catch {
      return undefined;
    }
  };
  const base = count(BASELINE);
  if (base === undefined || base < 1) return;
  for (const lib of LIBRARIES) {
    const n = lib.id === BASELINE ? undefined : count(lib.id);
    if (n === undefined || n < 1 || (n <= 2 * base && 2 * n >= base)) continue;
    const cell = result.cells[row]![lib.id]!;
    cell.unlike = `${n.toLocaleString("en-US")} error${n === 1 ? "" : "s"} listed where ajv lists ${base.toLocaleString("en-US")}: not compared`;
  }
}

/**
 * ajv can fall into a slow mode for the rest of a process (bench/README.md): an invalid instance
 * that costs it less than a third of what the valid one does is flagged on both cells.
 */
function slowAjv(): void {
  const valid = result.cells.valid?.[BASELINE]?.value;
  const invalid = result.cells.invalid?.[BASELINE];
  if (valid === undefined || invalid?.value === undefined || invalid.value * 3 >= valid) return;
  const note = "ajv ran the invalid instance at under a third of its rate on the valid one: it may have slowed for the rest of this process (bench/README.md), which raises schemagate's ratio here";
  for (const row of ["invalid", "firstError", "allErrors"] as const) {
    const cell = result.cells[row]?.[BASELINE];
    if (cell?.value !== undefined) cell.note = cell.note ? `${cell.note}; ${note}` : note;
  }
}

/**
 * Checks a library's answers on both instances. Returns, per row, why the row cannot be measured:
 * a wrong answer ("wrong result: …") or an exception ("threw: …").
 */
function answers(lib: AnyLibrary, h: unknown, valid: unknown, invalid: unknown): Partial<Record<Row, string>> {
  const out: Partial<Record<Row, string>> = {};
  const guard = (row: Row, f: () => string | undefined): void => {
    try {
      const why = f();
      if (why) out[row] = `wrong result: ${why}`;
    } catch (e) {
      out[row] = `threw: ${errorText(e)}`;
    }
  };
  const errors = (mode: "first" | "all"): string | undefined => {
    const n = lib.errorCount!(h, invalid, mode);
    return n < 0 ? "says the invalid instance is valid" : n === 0 ? "says the invalid instance is invalid but lists no error" : undefined;
  };
  guard("valid", () => (lib.isValid && lib.isValid(h, valid, 1) !== 1 ? "rejects the valid instance" : undefined));
  guard("invalid", () => (lib.isValid && lib.isValid(h, invalid, 1) !== 0 ? "accepts the invalid instance" : undefined));
  if (lib.errorCount) {
    if (lib.firstError) guard("firstError", () => errors("first"));
    if (lib.allErrors) guard("allErrors", () => errors("all"));
  }
  // A wrong answer on the valid instance makes every row of that library suspect.
  if (out.valid) for (const row of ["invalid", "firstError", "allErrors"] as const) out[row] ??= `${out.valid} (isValid)`;
  return out;
}

function compileTask(lib: AnyLibrary, base: Schema, tag: string): Task {
  let copies: Schema[] = [];
  return {
    setup: (n) => void (copies = distinctCopies(base, tag, n)),
    run: () => lib.compile(copies),
    teardown: () => lib.release?.(copies),
  };
}

function firstResultTask(lib: AnyLibrary, method: "firstResult" | "firstInvalid", base: Schema, tag: string, data: unknown): Task {
  let copies: Schema[] = [];
  return {
    setup: (n) => void (copies = distinctCopies(base, tag, n)),
    run: () => lib[method]!(copies, data),
    teardown: () => lib.release?.(copies),
  };
}

/** The JS heap in use and the ArrayBuffer contents outside it (a typed array's bytes are not heapUsed). */
function heldBytes(): number {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/** `touch`: run on each kept validator before the heap is measured (memory after a first validation). */
async function memoryCell(lib: AnyLibrary, base: Schema, tag: string, touch?: (kept: unknown) => unknown): Promise<Cell> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return { na: "run without --expose-gc" };
  try {
    const compileOne = lib.memory();
    const keep = async (copy: Schema): Promise<unknown> => {
      const kept = await compileOne(copy);
      if (touch !== undefined) await touch(kept);
      return kept;
    };
    await keep(distinctCopy(base, tag)); // one-time, per-process costs (lazy tables, metaschemas) are not counted
    // Warm-up compiles (15% of the budget, at most WARM_COMPILES), dropped again: the JIT's own
    // allocations settle before the baseline instead of being charged to the schemas kept. V8
    // goes on making optimized code long after ten compiles of a library that compiles fast, so
    // the warm-up is set by time. They also time one compile, which decides how many schemas fit
    // into the budget.
    const warm: Schema[] = [];
    const t0 = process.hrtime.bigint();
    const elapsed = (): number => Number(process.hrtime.bigint() - t0) / 1e6;
    while (warm.length < WARM_COMPILES && (warm.length === 0 || elapsed() < options.memory.budgetMs * 0.15)) {
      const copy = distinctCopy(base, tag);
      warm.push(copy);
      await keep(copy);
    }
    const one = elapsed() / warm.length;
    lib.release?.(warm);
    const affordable = Math.floor((options.memory.budgetMs - elapsed()) / Math.max(one, 1e-3));
    const count = Math.max(20, Math.min(options.memory.maxSchemas, affordable));
    const copies = distinctCopies(base, tag, count);
    const kept = new Array<unknown>(count);
    for (let i = 0; i < 3; i++) gc();
    const before = heldBytes();
    for (let i = 0; i < count; i++) {
      const r = keep(copies[i]!);
      kept[i] = r instanceof Promise ? await r : r;
    }
    for (let i = 0; i < 3; i++) gc();
    const after = heldBytes();
    if (kept.length !== copies.length) throw new Error("unreachable");
    lib.release?.(copies);
    const cell: Cell = { value: Math.max(0, (after - before) / count), count };
    if (count < 1000) cell.note = `${count} schemas kept alive, not 1,000 (one compile takes ${one.toFixed(1)} ms)`;
    return cell;
  } catch (e) {
    return { na: `threw while compiling: ${errorText(e)}` };
  }
}
