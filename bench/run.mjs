// `npm run bench`: bundles the TypeScript harness under bench/ with esbuild (packages stay
// external) into a temporary directory, then runs it. Options: see bench/README.md or --help.
import { build } from "esbuild";
import { mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const root = resolve(import.meta.dirname, "..");
const out = mkdtempSync(join(tmpdir(), "schemagate-bench-"));
const cleanup = () => rmSync(out, { recursive: true, force: true });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => (cleanup(), process.exit(130)));

// The bundles import the peers as bare specifiers: let them resolve from the temporary directory.
symlinkSync(resolve(root, "node_modules"), join(out, "node_modules"), "dir");
const cases = readdirSync(resolve(root, "bench/cases"))
  .filter((f) => f.endsWith(".ts"))
  .map((f) => `bench/cases/${f}`);

let code = 1;
try {
  await build({
    entryPoints: ["bench/main.ts", "bench/worker.ts", "bench/mixed.ts", "bench/ceiling.ts", ...cases],
    outdir: out,
    outbase: "bench",
    absWorkingDir: root,
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "es2022",
    outExtension: { ".js": ".mjs" },
    logLevel: "warning",
  });
  if (process.argv[2] === "--ceiling") {
    const { ceiling } = await import(pathToFileURL(join(out, "ceiling.mjs")).href);
    code = await ceiling({ out });
  } else {
    const { main } = await import(pathToFileURL(join(out, "main.mjs")).href);
    code = await main({ root, out, argv: process.argv.slice(2) });
  }
} catch (e) {
  console.error(e);
} finally {
  cleanup();
}
process.exit(code);
