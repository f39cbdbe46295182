// Longer runs of the property and differential specs, outside CI:
//   npm run fuzz -- --runs 5000             every property with 5,000 runs
//   npm run fuzz -- --runs 5000 --seed 42   the same, replaying one seed (a failure prints its seed)
//   npm run fuzz -- --only differential     one of the specs (properties, differential, plan, gather)
// The specs read FUZZ_RUNS and FUZZ_SEED (spec/helpers/arbitraries.ts: runs(), check(), checkAsync());
// this script sets them and runs scripts/spec.mjs once per spec, one after the other (each run
// rebuilds .spec-out/).
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";

// plan and gather hold the boolean fast path to the closures on generated schemas.
const SPECS = { properties: "spec/properties.spec", differential: "spec/differential.spec", plan: "spec/plan.spec", gather: "spec/gather.spec" };

function usage(message) {
  if (message) console.error(`fuzz: ${message}`);
  console.error("usage: node scripts/fuzz.mjs [--runs N] [--seed S] [--only properties|differential]");
  process.exit(2);
}

const options = { runs: "2000", seed: undefined, only: undefined };
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const [flag, inline] = args[i].split("=", 2);
  const name = flag.replace(/^--/, "");
  if (!(name in options) || !flag.startsWith("--")) usage(`unknown argument ${args[i]}`);
  const value = inline ?? args[++i];
  if (value === undefined) usage(`${flag} needs a value`);
  options[name] = value;
}
if (!/^[1-9]\d*$/.test(options.runs)) usage(`--runs must be a positive integer, not ${options.runs}`);
if (options.seed !== undefined && !/^-?\d+$/.test(options.seed)) usage(`--seed must be an integer, not ${options.seed}`);
if (options.only !== undefined && !(options.only in SPECS)) usage(`--only must be one of ${Object.keys(SPECS).join(", ")}`);

const env = { ...process.env, FUZZ_RUNS: options.runs };
if (options.seed !== undefined) env.FUZZ_SEED = options.seed;
else delete env.FUZZ_SEED;

const root = resolve(import.meta.dirname, "..");
const selected = options.only ? [options.only] : Object.keys(SPECS);
const failed = [];
for (const name of selected) {
  const started = performance.now();
  console.log(`\nfuzz: ${name} with ${options.runs} runs per property${options.seed === undefined ? "" : `, seed ${options.seed}`}`);
  const run = spawnSync(process.execPath, [resolve(root, "scripts/spec.mjs"), SPECS[name]], { cwd: root, env, stdio: "inherit" });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`fuzz: ${name} ${run.status === 0 ? "passed" : "FAILED"} in ${seconds} s`);
  if (run.status !== 0) failed.push(name);
}
if (failed.length > 0) {
  console.log(`\nfuzz: failed: ${failed.join(", ")} — each failure above prints the seed to replay (--seed)`);
  process.exit(1);
}
