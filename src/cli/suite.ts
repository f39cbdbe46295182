// The official JSON-Schema-Test-Suite, run through compile(): used by `schemagate suite` and the specs.
import { closeSync, constants, fstatSync, openSync, readdirSync, readSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { compile, type CompileOptions } from "../compile.js";
import { formats } from "../formats/index.js";
import { SchemaError } from "../errors.js";
import type { DialectName } from "../keywords/dialects.js";
import { printable } from "./printable.js";
import { label, MAX_FILE_SIZE, outOfRange, unreadable } from "./read-json.js";
import { BoundedBytes } from "./bounded-bytes.js";
import { isObject } from "../json/type-of.js";

/** The suite's draft folders, newest first, and the dialect each runs in. */
export const SUITE_DRAFTS: readonly { readonly folder: string; readonly dialect: DialectName }[] = [
  { folder: "draft2020-12", dialect: "2020-12" },
  { folder: "draft2019-09", dialect: "2019-09" },
  { folder: "draft7", dialect: "draft-07" },
  { folder: "draft6", dialect: "draft-06" },
  { folder: "draft4", dialect: "draft-04" },
];

export interface SuiteCase {
  readonly dialect: DialectName;
  readonly file: string;
  readonly group: string;
  readonly description: string;
  readonly schema: unknown;
  readonly data: unknown;
  readonly valid: boolean;
}

export interface CaseOutcome {
  readonly case: SuiteCase;
  readonly passed: boolean;
  /** What happened instead, when it did not pass. */
  readonly problem?: string;
  readonly schemaError?: SchemaError;
}

const REMOTE_BASE = "http://localhost:1234/";

/** A suite file or folder that cannot be read, or is not laid out as the suite's are (exit status 2). */
export class SuiteError extends Error {
  override readonly name = "SuiteError";
}

/** Why a file or a folder cannot be read, worded as for the files validate reads. */
const cannotRead = (path: string, error: unknown): SuiteError => new SuiteError(`${printable(path)}: cannot read: ${printable(unreadable(error))}`);

function jsonFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true, encoding: "buffer" });
  } catch (error) {
    throw cannotRead(dir, error);
  }
  return entries.flatMap((e) => (e.isDirectory() ? jsonFiles(join(dir, utf8Name(dir, e.name))) : e.name.toString("latin1").endsWith(".json") ? [join(dir, utf8Name(dir, e.name))] : [])).sort();
}

const STRICT = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** A suite file's or folder's name; one that is not UTF-8 is refused (read as text, it named no file: "no such file"). */
function utf8Name(dir: string, name: Buffer): string {
  try {
    return STRICT.decode(name);
  } catch {
    throw new SuiteError(`${printable(join(dir, label(name)))}: a suite file's name must be UTF-8`);
  }
}

/**
 * A regular file's text, at most MAX_FILE_SIZE bytes of it, read to its end: a file that says its
 * size is 0 (a /proc file) can be larger than any size it says. A named pipe or a device is
 * refused before it is opened (opening one can wake a writer, or do what the device does).
 */
function readRegularText(path: string, budget: Budget): string {
  const notRegular = () => new SuiteError(`${printable(path)}: cannot read: not a regular file`);
  const larger = () => new SuiteError(`${printable(path)}: cannot read: larger than ${MAX_FILE_SIZE / 1024 ** 2}M`);
  const together = () => new SuiteError(`${printable(path)}: cannot read: the suite's files read together are larger than ${MAX_FILE_SIZE / 1024 ** 2}M`);
  const tooLarge = (length: number) => (length > MAX_FILE_SIZE ? larger() : together());
  const limit = Math.min(MAX_FILE_SIZE, budget.left);
  if (!statSync(path).isFile()) throw notRegular();
  // Non-blocking: if the path became a named pipe since the stat, opening it does not wait for a writer.
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw notRegular();
    if (stats.size > limit) throw tooLarge(stats.size);
    const read = new BoundedBytes(limit, stats.size);
    for (;;) {
      if (!read.room()) throw tooLarge(read.length);
      const count = readSync(fd, read.buffer, read.length, read.buffer.length - read.length, null);
      if (count === 0) {
        budget.left -= read.length;
        return read.bytes.toString("utf8");
      }
      read.length += count;
    }
  } finally {
    closeSync(fd);
  }
}

/** What a loader may still read: every document it reads is held until the run ends (a folder of links to one large file exhausted the heap). */
interface Budget {
  left: number;
}

const budget = (): Budget => ({ left: MAX_FILE_SIZE });

/**
 * The JSON of a suite file: a regular file (or a link to one) of at most MAX_FILE_SIZE bytes, and
 * no more than the loader's budget has left. A named pipe would wait for a writer forever, and a
 * link to /dev/zero never ends.
 */
function readSuiteFile(path: string, left: Budget): unknown {
  let text: string;
  try {
    text = readRegularText(path, left);
  } catch (error) {
    throw error instanceof SuiteError ? error : cannotRead(path, error);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new SuiteError(`${printable(path)}: invalid JSON: ${printable((error as Error).message, 200)}`);
  }
  // A remote with 1e400 would fail every case that registers it, blamed on the engine.
  const far = outOfRange(text, false);
  if (far !== undefined) throw new SuiteError(`${printable(path)}:${printable(far)}`);
  return value;
}

interface Group {
  description: string;
  schema: unknown;
  tests: { description: string; data: unknown; valid: boolean }[];
}

/** Whether `value` is laid out as a suite file: [{"description", "schema", "tests": [{"description", "data", "valid"}]}]. */
function isGroups(value: unknown): value is Group[] {
  const isTest = (t: unknown) => isObject(t) && typeof t["description"] === "string" && Object.hasOwn(t, "data") && typeof t["valid"] === "boolean";
  const isGroup = (g: unknown) => isObject(g) && typeof g["description"] === "string" && Object.hasOwn(g, "schema") && Array.isArray(g["tests"]) && g["tests"].every(isTest);
  return Array.isArray(value) && value.every(isGroup);
}

/** The suite's remotes/, keyed by the URI the suite expects them at. */
export function loadRemotes(suiteDir: string): Record<string, unknown> {
  const root = join(suiteDir, "remotes");
  const remotes: Record<string, unknown> = {};
  const left = budget();
  for (const file of jsonFiles(root)) remotes[REMOTE_BASE + relative(root, file).split("\\").join("/")] = readSuiteFile(file, left);
  return remotes;
}

/**
 * Every case of a draft's folder (required and optional/; optional/format/ only when asked), by
 * file; throws SuiteError for a file that cannot be read or is not laid out as a suite file.
 */
export function loadCases(suiteDir: string, dialect: DialectName = "2020-12", withFormat = false): Map<string, SuiteCase[]> {
  const folder = SUITE_DRAFTS.find((d) => d.dialect === dialect)!.folder;
  const root = join(suiteDir, "tests", folder);
  const files = new Map<string, SuiteCase[]>();
  const left = budget();
  for (const path of jsonFiles(root)) {
    const file = relative(root, path).split("\\").join("/");
    if (file.startsWith("optional/format/") && !withFormat) continue;
    const groups = readSuiteFile(path, left);
    if (!isGroups(groups)) throw new SuiteError(`${printable(path)}: not a suite file: expected [{"description", "schema", "tests": [{"description", "data", "valid"}]}]`);
    files.set(
      file,
      groups.flatMap((g) => g.tests.map((t) => ({ dialect, file, group: g.description, description: t.description, schema: g.schema, data: t.data, valid: t.valid }))),
    );
  }
  return files;
}

/** The suite's compile options: the draft's dialect, remotes registered, references across documents allowed. */
export function suiteOptions(file: string, remotes: Record<string, unknown>, dialect: DialectName = "2020-12"): CompileOptions {
  // Formats assert (with checkers) only in optional/format/ and for the format-assertion vocabulary.
  const asserts = file === "optional/format-assertion.json" || file.startsWith("optional/format/");
  return { dialect, refs: "document", schemas: remotes, ...(asserts ? { formats } : {}) };
}

/** Compiles the case's schema (remotes registered, references across documents allowed) and checks both paths. */
export function runCase(testCase: SuiteCase, remotes: Record<string, unknown>): CaseOutcome {
  let validator;
  try {
    validator = compile(testCase.schema, suiteOptions(testCase.file, remotes, testCase.dialect));
  } catch (error) {
    if (error instanceof SchemaError) return { case: testCase, passed: false, problem: `${error.code}: ${error.message}`, schemaError: error };
    return { case: testCase, passed: false, problem: `crashed: ${(error as Error).stack}` };
  }
  const fast = validator.isValid(testCase.data);
  const full = validator.validate(testCase.data);
  if (fast !== full.valid) return { case: testCase, passed: false, problem: `isValid says ${fast}, validate says ${full.valid}` };
  if (fast !== testCase.valid) return { case: testCase, passed: false, problem: `expected ${testCase.valid ? "valid" : "invalid"}, got ${fast ? "valid" : "invalid"}` };
  return { case: testCase, passed: true };
}

/** Which column of the conformance table a suite file counts in. */
export type SuiteKind = "required" | "optional" | "format";

export function suiteKind(file: string): SuiteKind {
  return file.startsWith("optional/format/") ? "format" : file.startsWith("optional/") ? "optional" : "required";
}

/**
 * Why some optional files do not pass in full, shown by `schemagate suite` next to their failures
 * (spec/suite-expectations.ts lists the cases one by one).
 */
export const KNOWN_LIMITS: readonly { readonly dialect: DialectName; readonly file: string; readonly note: string }[] = [
  { dialect: "draft-07", file: "optional/content.json", note: "content* keywords only annotate: string content is never decoded or parsed" },
  { dialect: "draft-04", file: "optional/zeroTerminatedFloats.json", note: "JavaScript reads 1.0 as the integer 1" },
];
