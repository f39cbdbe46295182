// The command line as users meet it, for spec/cli*.spec.ts: dist/cli.js, built once per spec
// file, copied into a private folder and spawned with real files.
import { execFileSync, spawnSync, type SpawnSyncReturns } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as assert from "uvu/assert";

export const ROOT = process.cwd();
/** This spec file's own folder, removed at exit: the files written by file() and the copy of the CLI. */
export const dir = mkdtempSync(join(tmpdir(), "schemagate-cli-"));
process.on("exit", () => rmSync(dir, { recursive: true, force: true }));

/**
 * Builds dist/ and takes dist/cli.js (one self-contained file) with package.json into a private
 * package folder, laid out as installed: other processes that rebuild dist/ meanwhile cannot pull
 * it away mid-run.
 */
function buildCli(): string {
  const pkg = join(dir, "pkg");
  mkdirSync(join(pkg, "dist"), { recursive: true });
  for (let attempt = 1; ; attempt++) {
    execFileSync(process.execPath, [join(ROOT, "scripts/build.mjs"), "--no-types"], { cwd: ROOT, stdio: "inherit" });
    try {
      copyFileSync(join(ROOT, "dist/cli.js"), join(pkg, "dist/cli.js"));
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  copyFileSync(join(ROOT, "package.json"), join(pkg, "package.json"));
  return join(pkg, "dist/cli.js");
}
export const CLI = buildCli();

/** Writes `content` (JSON unless a string) to `name` in dir; returns its path. */
export function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
}

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  input?: string;
  /** A file descriptor for standard input, instead of `input`. */
  stdin?: number;
  env?: Record<string, string>;
  cwd?: string;
  /** Options for node itself ("--max-old-space-size=128"). */
  node?: string[];
  timeout?: number;
}

/** The process environment for a run: colour only when `env` asks for it. */
export function runEnv(env: Record<string, string> = {}): NodeJS.ProcessEnv {
  const all: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (env["FORCE_COLOR"] === undefined) delete all["FORCE_COLOR"];
  if (env["NO_COLOR"] === undefined) delete all["NO_COLOR"];
  return all;
}

export function run(args: string[], options: RunOptions = {}): Run {
  const result: SpawnSyncReturns<string> = spawnSync(process.execPath, [...(options.node ?? []), CLI, ...args], {
    cwd: options.cwd ?? dir,
    ...(options.stdin !== undefined ? { stdio: [options.stdin, "pipe", "pipe"] } : { input: options.input ?? "" }),
    env: runEnv(options.env),
    encoding: "utf8",
    timeout: options.timeout ?? 120_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The exit status and standard output, line by line. */
export function assertOutput(r: Run, status: number, lines: readonly string[]): void {
  assert.is(r.status, status, r.stderr);
  assert.is(r.stdout, [...lines, ""].join("\n"));
}

/** No stack trace, whatever went wrong ("    at fn (file:1:2)"). */
export function noStack(r: Run): void {
  assert.not.match(r.stdout + r.stderr, /^\s+at .+[(:]\d+/m, "a stack trace was printed");
}
