// Issue 18: the modules of src/ import each other without a cycle (properties.ts and
// additionalProperties.ts did; the fused-pass rule now lives apart, and the helpers the plan
// interpreter shares with keywords live in src/json/). Type-only imports do not count: esbuild's
// metafile lists what runs.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { build } from "esbuild";
import { resolve } from "node:path";

/** What each module of every entry imports at run time, from one esbuild metafile (paths relative to the repository). */
let imports: Promise<Map<string, string[]>> | undefined;
function runtimeImports(): Promise<Map<string, string[]>> {
  return (imports ??= build({
    entryPoints: ["src/index.ts", "src/mcp/index.ts", "src/formats/index.ts", "src/cli/main.ts"].map((entry) => resolve(process.cwd(), entry)),
    bundle: true,
    write: false,
    outdir: "out",
    platform: "node",
    format: "esm",
    packages: "external",
    metafile: true,
    logLevel: "silent",
  }).then((result) => new Map(Object.entries(result.metafile.inputs).map(([file, input]) => [file, input.imports.filter((i) => !i.external).map((i) => i.path)]))));
}

test("no import cycle among the modules every entry reaches", async () => {
  const graph = await runtimeImports();
  assert.ok(graph.size > 100, `${graph.size} modules`);
  const cycles: string[] = [];
  const state = new Map<string, 1 | 2>();
  const path: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 1);
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 1) cycles.push([...path.slice(path.indexOf(next)), next].join(" → "));
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 2);
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  assert.equal(cycles, []);
});

test("the engine imports from src/keywords only the tables and the contract", async () => {
  const graph = await runtimeImports();
  const allowed = new Set(["src/keywords/index.ts", "src/keywords/types.ts", "src/keywords/dialects.ts"]);
  const found: string[] = [];
  for (const [file, paths] of graph) {
    if (!file.startsWith("src/engine/")) continue;
    for (const path of paths) if (path.startsWith("src/keywords/") && !allowed.has(path)) found.push(`${file} → ${path}`);
  }
  assert.ok([...graph.keys()].some((file) => file.startsWith("src/engine/")), "the metafile names the engine's files");
  assert.equal(found, []);
});

test.run();
