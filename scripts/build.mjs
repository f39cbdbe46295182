// Builds dist/: ESM and CommonJS bundles with esbuild, declarations with tsc.
// The engine is bundled once, as dist/core.*; the public entries (index, mcp) import it, so
// `schemagate` and `schemagate/mcp` share one SchemaError class and one default cache.
// schemagate/formats (dist/formats.*) stands alone; schemagate/mcp imports it.
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { commonJsDeclarations } from "./declarations.mjs";

const root = resolve(import.meta.dirname, "..");
const dist = resolve(root, "dist");
// formats has no engine imports: its bundles stand alone.
const library = { index: "src/index.ts", mcp: "src/mcp/index.ts", formats: "src/formats/index.ts" };
const core = resolve(root, "src/core.ts");

/** In a public entry, every import of an engine module becomes an import of the core bundle. */
function sharedCore(extension) {
  return {
    name: "shared-core",
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^\.\.?\// }, (args) => {
        const target = resolve(args.resolveDir, args.path);
        const ownFolder = args.importer.includes("/src/mcp/") ? resolve(root, "src/mcp") : undefined;
        const fromEntry = args.importer === resolve(root, library.index) || ownFolder !== undefined;
        if (!fromEntry || (ownFolder !== undefined && target.startsWith(ownFolder + "/"))) return undefined;
        // The format checkers are their own entry (schemagate/formats), not part of the core.
        if (target.startsWith(resolve(root, "src/formats") + "/")) return { path: "./formats" + extension, external: true };
        return { path: "./core" + extension, external: true };
      });
    },
  };
}
const commands = { cli: "src/cli/main.ts" };

rmSync(dist, { recursive: true, force: true });
// --release (npm's prepare, so `npm pack` and git installs build first): no source maps, which were
// two thirds of the package; the specs and the CLI in a checkout keep them.
const release = process.argv.includes("--release");
const common = { bundle: true, platform: "neutral", target: "es2022", sourcemap: !release, logLevel: "warning", absWorkingDir: root };
await Promise.all([
  build({ ...common, entryPoints: { core }, format: "esm", outdir: dist }),
  build({ ...common, entryPoints: { core }, format: "cjs", outdir: dist, outExtension: { ".js": ".cjs" } }),
  ...Object.entries(library).flatMap(([name, entry]) => [
    build({ ...common, entryPoints: { [name]: entry }, format: "esm", outdir: dist, plugins: [sharedCore(".js")] }),
    build({ ...common, entryPoints: { [name]: entry }, format: "cjs", outdir: dist, outExtension: { ".js": ".cjs" }, plugins: [sharedCore(".cjs")] }),
  ]),
  ...Object.entries(commands).map(([name, entry]) =>
    build({ ...common, platform: "node", entryPoints: { [name]: entry }, format: "esm", outdir: dist, banner: { js: "#!/usr/bin/env node" } }),
  ),
]);
if (!process.argv.includes("--no-types")) {
  execFileSync(process.execPath, [resolve(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json"], { cwd: root, stdio: "inherit" });
  commonJsDeclarations(dist);
}

// V8 holds a script with any non-ASCII character as two-byte text, slower to decode and parse at
// every import. esbuild escapes strings but keeps some comments as written: keep those ASCII.
for (const name of readdirSync(dist).filter((file) => /\.c?js$/.test(file))) {
  const text = readFileSync(resolve(dist, name), "utf8");
  const at = text.search(/[^\x00-\x7f]/);
  if (at >= 0) {
    const line = text.slice(0, at).split("\n").length;
    throw new Error(`dist/${name}:${line} has a non-ASCII character (${JSON.stringify(text[at])}): write it in ASCII in the source comment it comes from`);
  }
}
