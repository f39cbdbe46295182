// Runs every spec/**/*.spec.ts with uvu: each spec is bundled by esbuild (packages stay external)
// into .spec-out/, then uvu runs them. Prints a closing "N passed, N failed" line.
import { build } from "esbuild";
import { spawn } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
// One folder per run, so runs side by side do not overwrite each other's bundles.
const out = resolve(root, ".spec-out", String(process.pid));
const filter = process.argv[2];

function specs(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? specs(join(dir, e.name)) : e.name.endsWith(".spec.ts") ? [join(dir, e.name)] : [],
  );
}
const entries = specs(resolve(root, "spec")).filter((f) => !filter || f.includes(filter));
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: entries,
  outdir: out,
  outbase: resolve(root, "spec"),
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "es2022",
  sourcemap: "inline",
  outExtension: { ".js": ".mjs" },
  logLevel: "warning",
});

const uvu = resolve(root, "node_modules/uvu/bin.js");
const child = spawn(process.execPath, ["--enable-source-maps", uvu, relative(root, out), "\\.spec\\.mjs$", "--no-color"], {
  cwd: root,
  stdio: ["ignore", "pipe", "inherit"],
});
let text = "";
child.stdout.on("data", (chunk) => {
  process.stdout.write(chunk);
  text += chunk;
});
child.on("close", (code) => {
  const total = Number(/Total:\s+(\d+)/.exec(text)?.[1] ?? 0);
  const passed = Number(/Passed:\s+(\d+)/.exec(text)?.[1] ?? 0);
  console.log(`\nspecs: ${passed} passed, ${total - passed} failed`);
  rmSync(out, { recursive: true, force: true });
  process.exit(code !== 0 || total === 0 || passed !== total ? 1 : 0);
});
