// `npm run pack-check`: the package as a user installs it, offline. From a fresh clone of the
// committed HEAD: `npm pack` (which builds through `prepare`), the tarball installed into an empty
// project, then the README's "Use" example compiled by tsc under node16 (ESM and CommonJS),
// nodenext, node10 and bundler (strict, skipLibCheck false, no @types/node) and run by Node, and
// plain ESM and CommonJS programs that load every entry. Prints a line per check and
// "N passed, N failed"; exits 1 when any fails. (spec/typescript-consumers.spec.ts checks the
// declarations alone, inside `npm test`.)
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const tsc = join(root, "node_modules/typescript/bin/tsc");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const results = [];

function step(name, run) {
  try {
    const detail = run();
    results.push(true);
    console.log(`ok    ${name}${detail ? ` (${detail})` : ""}`);
  } catch (error) {
    results.push(false);
    const output = [error.stdout, error.stderr].filter(Boolean).map(String).join("\n").trim();
    console.log(`FAIL  ${name}: ${error.message.split("\n")[0]}${output ? `\n${output}` : ""}`);
  }
}

const sh = (command, args, cwd) => execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

/** The README's first TypeScript block under "## Use", as written. */
function readmeUse() {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("\n## Use"));
  const block = /```ts\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error("README has no ts block under ## Use");
  return block[1];
}

// The README leaves `data` to the reader; the check gives it one, and prints what it found.
const USE = (data) => `${readmeUse().replace(/^(import .*\n)+/, (imports) => `${imports}const data: unknown = ${data};\n`)}
// No @types/node here (browser and edge users have none): the check declares the one thing it prints with.
declare const console: { log(text: string): void };
console.log(JSON.stringify({ valid: v.isValid({ name: "Ada" }), invalid: v.validate({ name: "", age: -1 }).valid, name: data.name }));
`;
const EXPECTED = JSON.stringify({ valid: true, invalid: false, name: "Ada" });

const base = mkdtempSync(join(tmpdir(), "schemagate-pack-"));
try {
  const clone = join(base, "clone");
  sh("git", ["clone", "--quiet", root, clone]);
  // Offline: the clone builds with this checkout's development dependencies.
  symlinkSync(join(root, "node_modules"), join(clone, "node_modules"), "dir");

  let tarball = "";
  step("npm pack on a fresh clone (prepare builds dist/)", () => {
    const [packed] = JSON.parse(sh(npm, ["pack", "--json", "--pack-destination", base], clone));
    tarball = join(base, packed.filename);
    const files = new Set(packed.files.map((f) => f.path));
    const wanted = ["dist/index.js", "dist/index.cjs", "dist/index.d.ts", "dist/index.d.cts", "dist/mcp.js", "dist/mcp.cjs", "dist/formats.js", "dist/formats.cjs", "dist/cli.js", "README.md", "CHANGELOG.md", "package.json"];
    const missing = wanted.filter((f) => !files.has(f));
    if (missing.length) throw new Error(`missing from the tarball: ${missing.join(", ")}`);
    const stray = [...files].filter((f) => f.endsWith(".map") || f.startsWith("src/") || f.startsWith("spec/"));
    if (stray.length) throw new Error(`not meant to ship: ${stray.slice(0, 5).join(", ")}`);
    return `${packed.filename}, ${files.size} files, ${Math.round(packed.size / 1024)} KB`;
  });
  if (!tarball) throw new Error("no tarball");

  const app = join(base, "app");
  mkdirSync(app);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true }));
  step("npm install <tarball> into an empty project, offline", () => {
    sh(npm, ["install", "--offline", "--no-audit", "--no-fund", "--no-package-lock", tarball], app);
    return "";
  });

  // Projects inside `app`, so that `schemagate` resolves from app/node_modules.
  const project = (name, type, compilerOptions, files) => {
    const dir = join(app, name);
    mkdirSync(dir);
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name, private: true, ...(type ? { type } : {}) }));
    const options = { strict: true, skipLibCheck: false, types: [], target: "es2022", lib: ["es2022"], outDir: "out", ...compilerOptions };
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: options, include: Object.keys(files) }));
    for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
    return dir;
  };
  const data = `JSON.parse('{"name":"Ada"}')`;
  const cjsUse = USE(data).replace(/^import \{ compile, SchemaError, type Validator \} from "schemagate";$/m, 'import { compile, SchemaError, type Validator } from "schemagate";\nimport schemagate = require("schemagate");\nvoid schemagate.compile;');
  const typescript = [
    ["node16, ESM (.mts)", "node16-esm", undefined, { module: "node16" }, { "use.mts": USE(data) }, "out/use.mjs"],
    ["node16, CommonJS (.cts)", "node16-cjs", undefined, { module: "node16" }, { "use.cts": cjsUse }, "out/use.cjs"],
    ["nodenext, ESM", "nodenext", "module", { module: "nodenext" }, { "use.ts": USE(data) }, "out/use.js"],
    ["node10, CommonJS", "node10", undefined, { module: "commonjs", moduleResolution: "node10" }, { "use.ts": USE(data) }, "out/use.js"],
    ["bundler", "bundler", "module", { module: "esnext", moduleResolution: "bundler" }, { "use.ts": USE(data) }, "out/use.js"],
  ];
  for (const [label, name, type, options, files, output] of typescript) {
    step(`TypeScript ${label}: the README's Use example compiles and runs`, () => {
      const dir = project(name, type, options, files);
      sh(process.execPath, [tsc, "-p", "tsconfig.json"], dir);
      const printed = sh(process.execPath, [join(dir, output)], dir).trim();
      if (printed !== EXPECTED) throw new Error(`printed ${printed}, expected ${EXPECTED}`);
      return "";
    });
  }

  // Plain JavaScript, every entry, both module formats; instanceof holds across them.
  const js = (format) => `${format === "esm" ? 'import { compile, SchemaError } from "schemagate";\nimport { formats } from "schemagate/formats";\nimport { ToolInputSchema } from "schemagate/mcp";\nimport { createRequire } from "node:module";\nconst other = createRequire(import.meta.url)("schemagate");' : 'const { compile, SchemaError } = require("schemagate");\nconst { formats } = require("schemagate/formats");\nconst { ToolInputSchema } = require("schemagate/mcp");\nconst other = require("schemagate");'}
const email = compile({ type: "string", format: "email" }, { formats });
const tool = new ToolInputSchema({ type: "object", properties: { city: { type: "string" } }, required: ["city"] });
let refused = false;
try { compile({ $ref: "https://example.com/x" }); } catch (e) { refused = e instanceof SchemaError && e instanceof other.SchemaError; }
console.log(JSON.stringify([email.isValid("a@b.example"), email.isValid("nope"), tool.validateArguments({ city: "Oslo" }).valid, refused]));
`;
  for (const [format, file] of [["esm", "entries.mjs"], ["cjs", "entries.cjs"]]) {
    step(`JavaScript ${format === "esm" ? "ESM" : "CommonJS"}: schemagate, schemagate/formats, schemagate/mcp`, () => {
      writeFileSync(join(app, file), js(format));
      const printed = sh(process.execPath, [join(app, file)], app).trim();
      if (printed !== "[true,false,true,true]") throw new Error(`printed ${printed}`);
      return "";
    });
  }
  step("the CLI from the installed package", () => {
    writeFileSync(join(app, "s.json"), JSON.stringify({ type: "integer" }));
    writeFileSync(join(app, "i.json"), "1");
    const printed = sh(process.execPath, [join(app, "node_modules/schemagate/dist/cli.js"), "validate", "s.json", "i.json"], app).trim();
    if (!printed.includes("i.json: valid")) throw new Error(`printed ${printed}`);
    return "";
  });
} finally {
  rmSync(base, { recursive: true, force: true });
}

const passed = results.filter(Boolean).length;
console.log(`\npack-check: ${passed} passed, ${results.length - passed} failed`);
process.exit(passed === results.length && results.length > 0 ? 0 : 1);
