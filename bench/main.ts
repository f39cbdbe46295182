// The runner (bundled and started by bench/run.mjs): runs each case in its own child process,
// then the cold starts and the bundle sizes, checks the targets and prints the tables
// (or --json); --write regenerates bench/RESULTS.md and bench/results.svg.
import { build } from "esbuild";
import { execFileSync, spawn } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { HOSTILE_GROUPS, hostileSection, renderHostile, type HostileRow } from "./lib/hostile.js";
import { cpus, loadavg, release, totalmem, type } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { renderChart } from "./lib/chart.js";
import { COLD_SPECS, coldScript } from "./lib/cold.js";
import { loadCase } from "./lib/data.js";
import { median, type Timing } from "./lib/measure.js";
import { BASELINE, draft07Rows, geomean, ratioOf, renderMarkdown, renderMixed, ROWS, type BundleRow, type ColdRow, type Report } from "./lib/report.js";
import { targets } from "./lib/targets.js";
import type { BenchCase, CaseResult, MixedResult } from "./lib/types.js";
import { LIBRARIES } from "./libs/index.js";
import type { WorkerOptions } from "./worker.js";
import type { MixedOptions } from "./mixed.js";

interface Profile {
  timing: Timing;
  memory: { budgetMs: number; maxSchemas: number };
  coldRuns: number;
  caseTimeoutMs: number;
}

const FULL: Profile = {
  timing: { roundMs: 200, rounds: 5, warmupMs: 100, compileWarmupMs: 300, cellMaxMs: 1500 },
  memory: { budgetMs: 1500, maxSchemas: 1000 },
  coldRuns: 5,
  caseTimeoutMs: 240_000,
};
const QUICK: Profile = {
  timing: { roundMs: 20, rounds: 2, warmupMs: 10, compileWarmupMs: 30, cellMaxMs: 150 },
  memory: { budgetMs: 200, maxSchemas: 100 },
  coldRuns: 1,
  caseTimeoutMs: 120_000,
};

/** Table order: the issues' cases first, then any other case file alphabetically; a draft-07 version right after its case. */
const ORDER = ["mcp-input", "mcp-defs", "mcp-output", "mcp-tree", "mcp-patterns", "deep-20", "deep-40", "deep-63", "wide-500", "geojson-canada", "citm-catalog", "fast", "recursive", "swagger-kubernetes", "openapi"];
const COLD_CASE = "mcp-input";

const PACKAGES: Record<string, string> = {
  ajv: "ajv",
  "ajv-new": "ajv",
  cfworker: "@cfworker/json-schema",
  hyperjump: "@hyperjump/json-schema",
  schemasafe: "@exodus/schemasafe",
};

const USAGE = `usage: npm run bench [-- options]
  --case NAME   run only this case (repeatable, or comma-separated); skips cold start, bundle size and the one-process section
  --hostile GROUP  run only these tables of the hostile section (repeatable, or comma-separated):
                ${HOSTILE_GROUPS.map((g) => g.id).join(", ")}, or all; no case unless --case is given too
  --mixed       run only the section with every case's validators in one process (no case tables)
  --quick       a fast smoke run: short rounds, few schemas, one cold run
  --json        print the results as JSON instead of tables
  --write       regenerate bench/RESULTS.md and its chart, bench/results.svg (not with --case, --hostile or --mixed)
  --help        this text`;

export async function main({ root, out, argv }: { root: string; out: string; argv: string[] }): Promise<number> {
  const started = Date.now();
  const loadAtStart = loadavg()[0]!;
  const { values: args } = parseArgs({
    args: argv,
    options: {
      case: { type: "string", multiple: true },
      hostile: { type: "string", multiple: true },
      mixed: { type: "boolean", default: false },
      quick: { type: "boolean", default: false },
      json: { type: "boolean", default: false },
      write: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
    strict: true,
  });
  if (args.help) return (console.log(USAGE), 0);
  const profile = args.quick ? QUICK : FULL;
  const log = (text: string): void => void process.stderr.write(text + "\n");

  const available = readdirSync(join(out, "cases"))
    .filter((f) => f.endsWith(".mjs"))
    .map((f) => f.slice(0, -4))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const list = (values: string[] | undefined): string[] => (values ?? []).flatMap((c) => c.split(",")).map((c) => c.trim()).filter(Boolean);
  const wanted = list(args.case);
  const unknown = wanted.filter((w) => !available.includes(w));
  if (unknown.length) {
    log(`unknown case: ${unknown.join(", ")}\navailable: ${available.join(", ")}`);
    return 2;
  }
  const groups = HOSTILE_GROUPS.map((g) => g.id);
  const hostileWanted = list(args.hostile);
  const unknownGroups = hostileWanted.filter((w) => w !== "all" && !groups.includes(w));
  if (unknownGroups.length) {
    log(`unknown hostile group: ${unknownGroups.join(", ")}\navailable: ${groups.join(", ")}, all`);
    return 2;
  }
  const partial = wanted.length > 0 || hostileWanted.length > 0 || args.mixed;
  if (args.write && partial) {
    log("--write regenerates the whole of bench/RESULTS.md: run it without --case, --hostile and --mixed");
    return 2;
  }
  const selected = wanted.length ? available.filter((c) => wanted.includes(c)) : hostileWanted.length || args.mixed ? [] : available;
  if (loadAtStart > 0.5) log(`warning: load average ${loadAtStart.toFixed(2)} at start: something else is using the CPU, the numbers will be noisy`);

  const dataDir = resolve(root, "../shared/bench-data");
  const metaDir = resolve(root, "../shared/metaschemas");
  if (!existsSync(dataDir)) log(`warning: ${dataDir} is missing: the real-world cases will fail`);

  const cases: CaseResult[] = [];
  for (const [i, name] of selected.entries()) {
    log(`[${i + 1}/${selected.length}] ${name}`);
    cases.push(await runWorker(name, { root, out, dataDir, metaDir, profile }));
  }

  let mixed: MixedResult | undefined;
  if (!partial || args.mixed) {
    log("every case in one process");
    mixed = await runMixed(available.filter((name) => !name.endsWith("-draft-07")), { root, out, dataDir, metaDir, profile });
  }

  let cold: Report["cold"];
  let bundles: BundleRow[] | undefined;
  let hostile: HostileRow[] | undefined;
  if (!partial || hostileWanted.length) await bundleSchemagate(root, out);
  if (!partial) {
    log("cold start");
    cold = await coldStarts(out, profile.coldRuns);
    log("bundle size");
    bundles = await bundleSizes(root);
  }
  if (!partial || hostileWanted.length) hostile = hostileSection(out, log, hostileWanted.includes("all") || !partial ? undefined : hostileWanted);

  const own = cases.filter((c) => !c.variantOf); // the draft-07 versions repeat other cases
  const libraries = LIBRARIES.map((l) => ({ id: l.id, label: l.label, describe: l.describe, version: versionOf(root, l.id) }));
  const report: Report = {
    mode: args.quick ? "quick" : "full",
    partial,
    date: new Date().toISOString(),
    machine: {
      cpu: cpus()[0]?.model.trim() ?? "unknown",
      cores: cpus().length,
      memoryGiB: totalmem() / 2 ** 30,
      node: process.version,
      os: `${type()} ${release()}`,
      load: [loadAtStart, loadavg()[0]!],
    },
    schemagate: gitState(root),
    libraries,
    settings: { ...profile.timing, memorySchemas: profile.memory.maxSchemas, coldRuns: profile.coldRuns },
    cases,
    ...(cold ? { cold } : {}),
    ...(bundles ? { bundles } : {}),
    ...(mixed ? { mixed } : {}),
    targets: targets(own, cold, bundles),
    draft07: draft07Rows(cases),
    geomeans: geomeans(own),
    seconds: (Date.now() - started) / 1000,
  };

  // Error texts may quote absolute paths: keep the machine's layout out of the output.
  const relative = (text: string): string => text.split(out + "/").join("<tmp>/").split(root + "/").join("").split(resolve(root, "..") + "/").join("../");
  const hostileText = hostile ? renderHostile(hostile) + "\n" : "";
  const markdown = relative(selected.length ? renderMarkdown(report) + (hostile ? "\n\n" + hostileText : "") : (mixed ? renderMixed(report).join("\n\n") + "\n" : "") + hostileText);
  if (args.json) process.stdout.write(relative(JSON.stringify({ ...report, ...(hostile ? { hostile } : {}) }, null, 2)) + "\n");
  else process.stdout.write(markdown);
  if (args.write) {
    writeFileSync(join(root, "bench", "RESULTS.md"), markdown);
    writeFileSync(join(root, "bench", "results.svg"), renderChart(report, { clean: relative }));
    log("wrote bench/RESULTS.md and bench/results.svg");
  }
  log(`done in ${(report.seconds / 60).toFixed(1)} min`);
  return 0;
}

function rank(name: string): number {
  const base = name.replace(/-draft-07$/, "");
  const i = ORDER.indexOf(base);
  return (i < 0 ? ORDER.length : i) + (base === name ? 0 : 0.5);
}

async function runWorker(name: string, ctx: { root: string; out: string; dataDir: string; metaDir: string; profile: Profile }): Promise<CaseResult> {
  const options: WorkerOptions = {
    casePath: join(ctx.out, "cases", `${name}.mjs`),
    out: join(ctx.out, `result-${name}.json`),
    dataDir: ctx.dataDir,
    metaDir: ctx.metaDir,
    timing: ctx.profile.timing,
    memory: ctx.profile.memory,
  };
  const run = await runChild<CaseResult>("worker.mjs", options, ctx);
  if ("error" in run) return { name, title: name, group: "mcp", notes: [], cells: {}, warnings: [], error: run.error, seconds: run.seconds };
  if (run.warning) run.value.warnings.push(run.warning);
  return run.value;
}

/** bench/mixed.ts in a child process: every case's validators in one process. */
async function runMixed(names: string[], ctx: { root: string; out: string; dataDir: string; metaDir: string; profile: Profile }): Promise<MixedResult> {
  const options: MixedOptions = {
    casePaths: names.map((name) => join(ctx.out, "cases", `${name}.mjs`)),
    out: join(ctx.out, "result-mixed.json"),
    dataDir: ctx.dataDir,
    metaDir: ctx.metaDir,
    timing: ctx.profile.timing,
  };
  const run = await runChild<MixedResult>("mixed.mjs", options, ctx);
  if ("error" in run) return { cells: {}, cases: [], warnings: [`the process failed: ${run.error}`], seconds: run.seconds };
  if (run.warning) run.value.warnings.push(run.warning);
  return run.value;
}

/**
 * Runs one of the bundled scripts (`node --expose-gc SCRIPT OPTIONS`), passing its output through,
 * and reads the JSON it writes to `options.out`; a timeout kills it.
 */
function runChild<T>(script: string, options: { out: string }, ctx: { root: string; out: string; profile: Profile }): Promise<{ value: T; warning?: string } | { error: string; seconds: number }> {
  return new Promise((done) => {
    const started = Date.now();
    const child = spawn(process.execPath, ["--expose-gc", join(ctx.out, script), JSON.stringify(options)], {
      cwd: ctx.root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let tail = "";
    const keep = (chunk: Buffer): void => {
      process.stderr.write(chunk);
      tail = (tail + chunk.toString()).slice(-4000);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    const timer = setTimeout(() => child.kill("SIGKILL"), ctx.profile.caseTimeoutMs);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      try {
        const value = JSON.parse(readFileSync(options.out, "utf8")) as T;
        done(code !== 0 ? { value, warning: `the worker exited with ${code ?? signal}` } : { value });
      } catch {
        const why = signal === "SIGKILL" ? `timed out after ${ctx.profile.caseTimeoutMs / 1000} s` : `exited with ${code ?? signal}`;
        done({ error: `${why}\n${tail}`, seconds: (Date.now() - started) / 1000 });
      }
    });
  });
}

/** src/ bundled into one ESM file, `out`/schemagate.mjs: what the cold-start and hostile processes import. */
async function bundleSchemagate(root: string, out: string): Promise<void> {
  await build({
    entryPoints: { schemagate: join(root, "src/index.ts") },
    outdir: out,
    bundle: true,
    platform: "neutral",
    format: "esm",
    target: "es2022",
    outExtension: { ".js": ".mjs" },
    logLevel: "warning",
  });
}

async function coldStarts(out: string, runs: number): Promise<Report["cold"]> {
  const path = join(out, "cases", `${COLD_CASE}.mjs`);
  if (!existsSync(path)) return undefined;
  const bench = ((await import(pathToFileURL(path).href)) as { default: BenchCase }).default;
  const data = await loadCase(bench, { dataDir: "", metaDir: "" });
  const samples = new Map<string, { importMs: number; compileMs: number; validateMs: number; ok: boolean }[]>();
  const errors = new Map<string, string>();
  for (const spec of COLD_SPECS) {
    writeFileSync(join(out, `cold-${spec.id}.mjs`), coldScript(spec, data.schema, data.valid));
    samples.set(spec.id, []);
  }
  for (let r = 0; r < runs; r++) {
    for (let i = 0; i < COLD_SPECS.length; i++) {
      const spec = COLD_SPECS[(i + r) % COLD_SPECS.length]!;
      if (errors.has(spec.id)) continue;
      try {
        const text = execFileSync(process.execPath, [join(out, `cold-${spec.id}.mjs`)], { cwd: out, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 60_000 });
        samples.get(spec.id)!.push(JSON.parse(text));
      } catch (e) {
        errors.set(spec.id, (e instanceof Error ? e.message : String(e)).split("\n").slice(0, 3).join(" ").slice(0, 200));
      }
    }
  }
  const rows: ColdRow[] = COLD_SPECS.map((spec) => {
    const s = samples.get(spec.id)!;
    if (errors.has(spec.id) || s.length === 0) return { id: spec.id, label: spec.label, na: errors.get(spec.id) ?? "no sample" };
    const importMs = median(s.map((x) => x.importMs));
    const compileMs = median(s.map((x) => x.compileMs));
    const validateMs = median(s.map((x) => x.validateMs));
    const totalMs = median(s.map((x) => x.importMs + x.compileMs + x.validateMs));
    return { id: spec.id, label: spec.label, importMs, compileMs, validateMs, totalMs, ok: s.every((x) => x.ok === true) };
  });
  return { runs, case: COLD_CASE, rows };
}

async function bundleSizes(root: string): Promise<BundleRow[]> {
  const rows: BundleRow[] = [];
  for (const spec of COLD_SPECS) {
    const row: BundleRow = { id: spec.id, label: spec.label, entry: spec.bundleEntry };
    try {
      const result = await build({
        stdin: { contents: spec.bundleEntry, resolveDir: root, sourcefile: "entry.js", loader: "js" },
        bundle: true,
        minify: true,
        platform: "browser",
        format: "esm",
        target: "es2022",
        write: false,
        logLevel: "silent",
        external: ["node:*"],
        // The package entry as src/ builds it now (dist/ may be stale or absent).
        alias: { schemagate: resolve(root, "src/index.ts") },
        metafile: true,
      });
      const code = result.outputFiles[0]!.contents;
      row.minified = code.length;
      row.gzipped = gzipSync(code, { level: 9 }).length;
      const builtins = new Set<string>();
      for (const input of Object.values(result.metafile.inputs)) for (const i of input.imports) if (i.external) builtins.add(i.path);
      if (builtins.size) row.builtins = [...builtins].sort();
    } catch (e) {
      row.na = (e instanceof Error ? e.message : String(e)).split("\n").slice(0, 2).join(" ").slice(0, 200);
    }
    rows.push(row);
  }
  return rows;
}

function geomeans(cases: CaseResult[]): Report["geomeans"] {
  const out: Report["geomeans"] = [];
  for (const row of ROWS) {
    if (row === "compileHit") continue;
    for (const lib of LIBRARIES) {
      if (lib.id === BASELINE) continue;
      const rs = cases.map((c) => ratioOf(c, row, lib.id)).filter((r): r is number => r !== undefined && r > 0);
      if (rs.length) out.push({ row, id: lib.id, ratio: geomean(rs), median: median(rs), cases: rs.length });
    }
  }
  return out;
}

function versionOf(root: string, id: string): string {
  const pkg = id === "schemagate" ? join(root, "package.json") : join(root, "node_modules", PACKAGES[id] ?? id, "package.json");
  try {
    return (JSON.parse(readFileSync(pkg, "utf8")) as { version: string }).version;
  } catch {
    return "?";
  }
}

function gitState(root: string): Report["schemagate"] {
  const version = versionOf(root, "schemagate");
  try {
    const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
    const status = execFileSync("git", ["status", "--porcelain", "--", "src"], { cwd: root, encoding: "utf8" }).trim();
    return { version, commit, srcChanges: status.length > 0 };
  } catch {
    return { version, commit: "unknown", srcChanges: false };
  }
}
