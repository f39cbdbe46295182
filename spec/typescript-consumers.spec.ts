// The package's declarations as a TypeScript consumer meets them: the package (its package.json
// and freshly emitted declarations with their .d.cts copies; tsc needs no bundles) is placed in a temp
// project's node_modules, then tsc checks the README's code under node16 (ESM and CommonJS),
// nodenext, node10 and bundler, with `strict`, `skipLibCheck: false` and no @types/node.
import { execFile, execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { test } from "uvu";
import * as assert from "uvu/assert";
// @ts-expect-error a JavaScript module without declarations
import { commonJsDeclarations } from "../scripts/declarations.mjs";

const root = process.cwd();
const tsc = resolve(root, "node_modules/typescript/bin/tsc");
const run = promisify(execFile);

const ESM = `import { compile, SchemaError, type Infer, type Validator } from "schemagate";
import { ToolInputSchema } from "schemagate/mcp";
import { formats } from "schemagate/formats";

const schema = {
  type: "object",
  properties: { name: { type: "string", minLength: 1 }, age: { type: "integer", minimum: 0 } },
  required: ["name"],
  additionalProperties: false,
} as const;
const v = compile(schema);
declare const data: unknown;
v.isValid({ name: "Ada" });
v.validate({ name: "", age: -1 });
if (v.isValid(data)) data.name.toUpperCase();
const typed: Validator<Infer<typeof schema>> = v;
typed.assert(data);
export const name: string = data.name;
export const age: number | undefined = data.age;
export const withFormats = compile({ type: "string", format: "email" }, { formats });
export const input = new ToolInputSchema({ properties: { city: { type: "string" } }, required: ["city"] });
export const city: string = input.assertArguments({ city: "Oslo" }).city;
export const isSchemaError = (e: unknown): boolean => e instanceof SchemaError;
`;

/** A project in a temp folder with the package installed, its sources and a tsconfig; returns its folder. */
function project(base: string, name: string, compilerOptions: Record<string, unknown>, files: Record<string, string>, type?: "module"): string {
  const dir = join(base, name);
  mkdirSync(join(dir, "node_modules"), { recursive: true });
  cpSync(join(base, "schemagate"), join(dir, "node_modules/schemagate"), { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, private: true, ...(type ? { type } : {}) }));
  const options = { strict: true, skipLibCheck: false, types: [], noEmit: true, target: "es2022", lib: ["es2022"], ...compilerOptions };
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: options, include: Object.keys(files) }));
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  return dir;
}

async function check(dir: string): Promise<string> {
  try {
    await run(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: dir });
    return "";
  } catch (error) {
    return `${dir}:\n${(error as { stdout?: string }).stdout ?? String(error)}`;
  }
}

test("declarations compile for TypeScript consumers: node16/nodenext ESM and CommonJS, node10, bundler", async () => {
  const base = mkdtempSync(join(tmpdir(), "schemagate-ts-"));
  try {
    const pkg = join(base, "schemagate");
    // The package's types as they ship: package.json, declarations emitted now (+ .d.cts).
    mkdirSync(join(pkg, "dist"), { recursive: true });
    cpSync(join(root, "package.json"), join(pkg, "package.json"));
    execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json", "--outDir", join(pkg, "dist")], { cwd: root });
    commonJsDeclarations(join(pkg, "dist"));
    const cjs = ESM.replace(/^import \{ compile, .*$/m, 'import { compile, SchemaError, type Infer, type Validator } from "schemagate";\nimport schemagate = require("schemagate");\nexport const viaRequire = schemagate.compile({ type: "null" });');
    const failures = await Promise.all([
      check(project(base, "node16", { module: "node16" }, { "esm.mts": ESM, "cjs.cts": cjs })),
      check(project(base, "nodenext", { module: "nodenext" }, { "esm.ts": ESM, "cjs.cts": cjs }, "module")),
      check(project(base, "node10", { module: "commonjs", moduleResolution: "node10" }, { "main.ts": ESM })),
      check(project(base, "bundler", { module: "esnext", moduleResolution: "bundler" }, { "main.ts": ESM })),
    ]);
    assert.is(failures.filter(Boolean).join("\n"), "");
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

test.run();
