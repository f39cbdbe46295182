// Longer runs of every property spec, with random seeds, outside CI:
//   npm run fuzz -- --runs 5000             every property with 5,000 runs
//   npm run fuzz -- --runs 5000 --seed 42   the same, replaying one seed (a failure prints its seed)
//   npm run fuzz -- --only uniqueItems      one of the specs (a name printed by --list, or its last segment)
//   npm run fuzz -- --list                  the property specs
// A property spec is a spec/**/*.spec.ts that runs check() or checkAsync() of
// spec/helpers/arbitraries.ts, or samePassesOnGenerated() of spec/helpers/passes.ts (which does). They read FUZZ_RUNS and FUZZ_SEED (runs(), check(), checkAsync()):
// without them, as in `npm test`, every property runs with a fixed seed. This script sets them and
// runs scripts/spec.mjs once per spec, one after the other (each run rebuilds .spec-out/).
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");

/** The property specs by name (their path under spec/ without ".spec.ts"), sorted. */
function propertySpecs(dir = resolve(root, "spec")) {
  const found = {};
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) Object.assign(found, propertySpecs(path));
    else if (entry.name.endsWith(".spec.ts")) {
      const text = readFileSync(path, "utf8");
      if (/from "(?:\.\.?\/)+helpers\/(?:arbitraries|passes)\.js"/.test(text) && /\b(?:check|checkAsync|samePassesOnGenerated)\(/.test(text)) {
        found[relative(resolve(root, "spec"), path).split("\\").join("/").slice(0, -".spec.ts".length)] = relative(root, path).split("\\").join("/");
      }
    }
  }
  return Object.fromEntries(Object.entries(found).sort(([a], [b]) => (a < b ? -1 : 1)));
}
const SPECS = propertySpecs();

function usage(message) {
  if (message) console.error(`fuzz: ${message}`);
  console.error("usage: node scripts/fuzz.mjs [--runs N] [--seed S] [--only NAME] [--list]");
  process.exit(2);
}

const options = { runs: "2000", seed: undefined, only: undefined };
const args = process.argv.slice(2);
if (args.includes("--list")) {
  for (const [name, path] of Object.entries(SPECS)) console.log(`${name.padEnd(24)} ${path}`);
  process.exit(0);
}
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
if (options.only !== undefined && !Object.hasOwn(SPECS, options.only)) {
  // A name's last segment will do where it is unique ("uniqueItems" for "keywords/uniqueItems").
  const named = Object.keys(SPECS).filter((name) => name.split("/").at(-1) === options.only);
  if (named.length !== 1) usage(`--only must be one of ${Object.keys(SPECS).join(", ")}`);
  options.only = named[0];
}

const env = { ...process.env, FUZZ_RUNS: options.runs };
if (options.seed !== undefined) env.FUZZ_SEED = options.seed;
else delete env.FUZZ_SEED;

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
