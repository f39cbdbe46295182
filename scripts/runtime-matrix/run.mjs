// npm run runtimes: the README says schemagate runs on Cloudflare Workers, Deno, browsers and
// Node; this runs the same program on each of them (and Bun) and compares the answers.
//
// example.mjs (the README's examples: 2020-12, draft-07, draft-04, schemagate/formats) is bundled
// with the built dist/ (run `node scripts/build.mjs` first) into one ESM file, example.js, in a
// fresh temporary folder; each runtime loads that same file through a harness of a few lines:
//   node      --disallow-code-generation-from-strings
//   bun       (JavaScriptCore: nothing forbids eval there, so only the verdicts count)
//   deno      --v8-flags=--disallow-code-generation-from-strings, no network, no prompt
//   workerd   through Miniflare, in a fetch handler: workerd forbids eval while it handles a
//             request (it allows it while the module's top level runs, so nothing runs there)
//   chromium  /usr/bin/chromium (or $CHROMIUM), headless with a fresh profile, driven by
//             playwright-core, on a page served from 127.0.0.1 whose Content-Security-Policy
//             header has no 'unsafe-eval'
// Every runtime must give every verdict of expected.mjs and block (or, for Bun, allow) code
// generation from strings as listed there; Chromium must also report the CSP violation.
// A runtime that answers wrong or cannot start fails the run (exit 1). Outside CI (CI unset), a
// missing Chromium is reported as skipped; under CI it fails too.
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "esbuild";
import { EXPECTED_CHECKS, EXPECTED_CODE_GENERATION } from "./expected.mjs";

const here = import.meta.dirname;
const root = resolve(here, "../..");
const bin = (name) => join(root, "node_modules/.bin", name);
const inCI = Boolean(process.env.CI) && process.env.CI !== "false" && process.env.CI !== "0";
const TIMEOUT_MS = 120_000;
const NO_EVAL = "--disallow-code-generation-from-strings";
const CSP = "default-src 'none'; script-src 'self'; connect-src 'self'";
const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** example.mjs and the built dist/, bundled into dir/example.js, with the harnesses beside it. */
async function bundle(dir) {
  const entries = { schemagate: "dist/index.js", "schemagate/formats": "dist/formats.js" };
  for (const file of Object.values(entries)) {
    if (!existsSync(join(root, file))) throw new Error(`${file} is missing: run \`node scripts/build.mjs\` first`);
  }
  const builtDist = {
    name: "built-dist",
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^schemagate(\/|$)/ }, (args) => {
        const file = entries[args.path];
        if (file === undefined) return { errors: [{ text: `the matrix maps only ${Object.keys(entries).join(", ")}` }] };
        return { path: join(root, file) };
      });
    },
  };
  await build({
    entryPoints: [join(here, "example.mjs")],
    outfile: join(dir, "example.js"),
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    logLevel: "warning",
    plugins: [builtDist],
  });
  for (const file of ["cli.mjs", "worker.mjs", "page.html", "page.mjs"]) copyFileSync(join(here, file), join(dir, file));
}

/** Runs a command to its end (bounded by TIMEOUT_MS) and gives its stdout; throws on failure. */
function execute(command, args, options = {}) {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], ...options });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), TIMEOUT_MS);
    child.on("error", (error) => {
      clearTimeout(timer);
      fail(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return done(stdout);
      const why = signal === "SIGKILL" ? `timed out after ${TIMEOUT_MS / 1000} s` : `exited with ${code ?? signal}`;
      fail(new Error(`${command} ${why}: ${(stderr || stdout).trim().slice(-2000)}`));
    });
  });
}

/** The JSON answer a harness printed on its last line of output. */
async function answerOf(command, args, options) {
  const lines = (await execute(command, args, options)).trim().split("\n");
  return JSON.parse(lines[lines.length - 1]);
}

const runtimes = [
  {
    name: "node",
    async start(dir) {
      const answer = await answerOf(process.execPath, [NO_EVAL, join(dir, "cli.mjs")], { cwd: dir });
      return { version: `${process.versions.node} ${NO_EVAL}`, answer };
    },
  },
  {
    name: "bun",
    note: "JavaScriptCore has no switch to forbid it",
    async start(dir) {
      const env = { ...process.env, DO_NOT_TRACK: "1" };
      const version = (await execute(bin("bun"), ["--version"], { env })).trim();
      const answer = await answerOf(bin("bun"), ["run", "--no-install", join(dir, "cli.mjs")], { cwd: dir, env });
      return { version, answer };
    },
  },
  {
    name: "deno",
    async start(dir) {
      const env = { ...process.env, DENO_DIR: join(dir, "deno-dir"), DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" };
      const version = (await execute(bin("deno"), ["--version"], { env })).split("\n")[0].replace(/^deno (\S+).*/, "$1");
      const args = ["run", "--no-prompt", "--no-config", "--no-remote", "--no-npm", `--v8-flags=${NO_EVAL}`, join(dir, "cli.mjs")];
      return { version: `${version} --v8-flags=${NO_EVAL}`, answer: await answerOf(bin("deno"), args, { cwd: dir, env }) };
    },
  },
  {
    name: "workerd",
    async start(dir) {
      const { Miniflare } = await import("miniflare");
      const workerd = JSON.parse(readFileSync(join(root, "node_modules/workerd/package.json"), "utf8")).version;
      const miniflare = JSON.parse(readFileSync(join(root, "node_modules/miniflare/package.json"), "utf8")).version;
      const mf = new Miniflare({
        host: "127.0.0.1",
        compatibilityDate: "2025-07-01",
        modules: true,
        modulesRoot: dir,
        modulesRules: [{ type: "ESModule", include: ["**/*.js", "**/*.mjs"] }],
        scriptPath: join(dir, "worker.mjs"),
      });
      try {
        const response = await withTimeout(mf.dispatchFetch("http://127.0.0.1/"), "the worker did not answer");
        if (!response.ok) throw new Error(`the worker answered ${response.status}: ${(await response.text()).slice(0, 2000)}`);
        return { version: `${workerd} (miniflare ${miniflare})`, answer: await response.json() };
      } finally {
        await mf.dispose();
      }
    },
  },
  {
    name: "chromium",
    executable: process.env.CHROMIUM || "/usr/bin/chromium",
    skip() {
      if (existsSync(this.executable)) return undefined;
      return `${this.executable} not found (apt-get install chromium, or set CHROMIUM)`;
    },
    async start(dir) {
      const { chromium } = await import("playwright-core");
      const { server, url, report } = await servePage(dir);
      const log = [];
      let browser;
      try {
        browser = await chromium.launch({ executablePath: this.executable, headless: true, args: CHROMIUM_FLAGS, timeout: TIMEOUT_MS });
        const page = await browser.newPage();
        page.on("console", (message) => log.push(`console.${message.type()}: ${message.text()}`));
        page.on("pageerror", (error) => log.push(`page error: ${error.message}`));
        await page.goto(url, { timeout: TIMEOUT_MS });
        const answer = await withTimeout(report, () => `the page posted no answer; ${log.join(" | ") || "no console output"}`);
        return { version: `${browser.version()} ${this.executable}`, answer };
      } finally {
        await browser?.close();
        server.close();
      }
    },
  },
];

/** Serves dir's page and scripts on 127.0.0.1 under CSP; `report` is what the page posts. */
async function servePage(dir) {
  let answered;
  const report = new Promise((done) => (answered = done));
  const files = {
    "/": ["page.html", "text/html; charset=utf-8"],
    "/page.mjs": ["page.mjs", "text/javascript; charset=utf-8"],
    "/example.js": ["example.js", "text/javascript; charset=utf-8"],
  };
  const server = createServer((request, response) => {
    if (request.method === "POST" && request.url === "/report") {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        response.writeHead(204).end();
        answered(JSON.parse(body));
      });
      return;
    }
    const file = files[request.url];
    if (request.method !== "GET" || file === undefined) return response.writeHead(404).end();
    response.writeHead(200, { "content-type": file[1], "content-security-policy": CSP, "cache-control": "no-store" });
    response.end(readFileSync(join(dir, file[0])));
  });
  await new Promise((done) => server.listen(0, "127.0.0.1", done));
  return { server, url: `http://127.0.0.1:${server.address().port}/`, report };
}

function withTimeout(promise, message) {
  let timer;
  const timeout = new Promise((_, fail) => {
    timer = setTimeout(() => fail(new Error(typeof message === "function" ? message() : message)), TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Every way `answer` differs from what `runtime` must say, one line each. */
function mismatches(runtime, answer) {
  const wrong = [];
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  const checks = answer?.checks ?? {};
  for (const [name, expected] of Object.entries(EXPECTED_CHECKS)) {
    if (!same(checks[name], expected)) wrong.push(`${name}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(checks[name])}`);
  }
  for (const name of Object.keys(checks)) if (!(name in EXPECTED_CHECKS)) wrong.push(`unexpected: ${name}: ${JSON.stringify(checks[name])}`);
  if (answer?.error !== undefined) wrong.push(`the program threw: ${answer.error}`);
  const generation = EXPECTED_CODE_GENERATION[runtime.name];
  if (!same(answer?.codeGeneration, generation)) {
    wrong.push(`code generation from strings: expected ${JSON.stringify(generation)}, got ${JSON.stringify(answer?.codeGeneration)}`);
  }
  if (runtime.name === "chromium") {
    const enforced = (answer?.violations ?? []).filter((v) => v.directive === "script-src" && v.blocked === "eval" && v.disposition === "enforce");
    if (enforced.length === 0) wrong.push(`no enforced CSP violation (script-src, eval) reported: ${JSON.stringify(answer?.violations)}`);
  }
  return wrong;
}

function describe(runtime, answer) {
  const generation = answer.codeGeneration;
  let said = generation.newFunction === generation.eval ? `new Function and eval ${generation.eval}` : JSON.stringify(generation);
  if (runtime.note !== undefined) said += ` (${runtime.note})`;
  const csp = answer.violations?.length ? `, ${answer.violations.length} CSP violations (script-src eval) reported` : "";
  return `${Object.keys(EXPECTED_CHECKS).length} verdicts right, ${said}${csp}`;
}

const dir = mkdtempSync(join(tmpdir(), "schemagate-runtimes-"));
const counts = { passed: 0, failed: 0, skipped: 0 };
const started = performance.now();
try {
  await bundle(dir);
  for (const runtime of runtimes) {
    const missing = runtime.skip?.();
    if (missing !== undefined) {
      if (inCI) {
        counts.failed++;
        console.log(`FAIL ${runtime.name}: ${missing}; CI requires it`);
      } else {
        counts.skipped++;
        console.log(`skip ${runtime.name}: ${missing}; skipped outside CI only`);
      }
      continue;
    }
    const began = performance.now();
    const seconds = () => `${((performance.now() - began) / 1000).toFixed(1)} s`;
    try {
      const { version, answer } = await runtime.start(dir);
      const wrong = mismatches(runtime, answer);
      if (wrong.length === 0) {
        counts.passed++;
        console.log(`pass ${runtime.name} ${version}: ${describe(runtime, answer)} (${seconds()})`);
      } else {
        counts.failed++;
        console.log(`FAIL ${runtime.name} ${version}: ${wrong.length} wrong answer${wrong.length === 1 ? "" : "s"} (${seconds()})`);
        for (const line of wrong) console.log(`     ${line}`);
      }
    } catch (error) {
      counts.failed++;
      console.log(`FAIL ${runtime.name}: cannot run it: ${error?.message ?? error} (${seconds()})`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`runtimes: ${((performance.now() - started) / 1000).toFixed(1)} s in all`);
const skipped = counts.skipped > 0 ? `, ${counts.skipped} skipped` : "";
console.log(`${counts.passed} passed, ${counts.failed} failed${skipped}`);
process.exitCode = counts.failed > 0 ? 1 : 0;
