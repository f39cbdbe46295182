// Builds dist/: ESM and CommonJS bundles with esbuild, declarations with tsc.
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const dist = resolve(root, "dist");
const library = { index: "src/index.ts" };
const commands = { cli: "src/cli/main.ts" };

rmSync(dist, { recursive: true, force: true });
const common = { bundle: true, platform: "neutral", target: "es2022", sourcemap: true, logLevel: "warning", absWorkingDir: root };
await Promise.all([
  ...Object.entries(library).flatMap(([name, entry]) => [
    build({ ...common, entryPoints: { [name]: entry }, format: "esm", outdir: dist, outExtension: { ".js": ".js" } }),
    build({ ...common, entryPoints: { [name]: entry }, format: "cjs", outdir: dist, outExtension: { ".js": ".cjs" } }),
  ]),
  ...Object.entries(commands).map(([name, entry]) =>
    build({ ...common, platform: "node", entryPoints: { [name]: entry }, format: "esm", outdir: dist, banner: { js: "#!/usr/bin/env node" } }),
  ),
]);
if (!process.argv.includes("--no-types")) {
  execFileSync(process.execPath, [resolve(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json"], { cwd: root, stdio: "inherit" });
}
