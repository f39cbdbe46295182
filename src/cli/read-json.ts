// Reading a JSON document from a file or standard input ("-"), with errors people can act on:
// "data.json:3:14: invalid JSON: Unexpected token ']'" — never a stack trace. Only regular files
// are read (a named pipe would wait for a writer forever, /dev/zero never ends), and no more than
// a size limit, from a file or from standard input.
import { constants, fstatSync, type Stats } from "node:fs";
import { open, stat } from "node:fs/promises";
import { UsageError, type ArgSpec, type ParsedArgs } from "./args.js";
import { lineColumn, NEAR_ZERO, nestingOffset, outOfRangeOffset, syntaxErrorOffset } from "./json-position.js";
import { printable } from "./printable.js";
import { NotYaml, parseYaml } from "./read-yaml.js";
import { BoundedBytes } from "./bounded-bytes.js";
import { decodeUtf8, nameOfBytes, NotUtf8 } from "./utf8.js";
import { shortenMiddle } from "../output/shorten.js";

/**
 * A file that cannot be read or is not JSON (exit code 2). `text` is the message as worded, long
 * parts already cut; `message` is it escaped for a terminal. JSON output takes `text`, since
 * printableJson escapes at the JSON level (escaping both ways wrote "\\u001b").
 */
export class InputError extends Error {
  override readonly name = "InputError";
  constructor(
    readonly file: string,
    readonly text: string,
  ) {
    super(printable(text));
  }
}

/** A file's path: a Buffer for a name that is not UTF-8, which Node's string paths cannot name. */
export type FsPath = string | Buffer;

/** How a file is named in messages: "-" is standard input; bytes that are not UTF-8 are written "\xE9". */
export function label(path: FsPath): string {
  return typeof path !== "string" ? nameOfBytes(path) : path === "-" ? "<stdin>" : path;
}

/**
 * The largest file (or standard input) read by default: 64 MiB. JSON.parse may need some 20 times
 * a text's size ([{},{},…]), and Node's heap is 2 to 4 GB by default.
 */
export const MAX_FILE_SIZE = 64 * 1024 * 1024;
/**
 * The largest YAML file read by default: 256 KiB. The yaml package takes some 500 bytes of memory
 * and several microseconds a byte of text ([1,1,…]), far more than JSON.parse.
 */
export const MAX_YAML_SIZE = 256 * 1024;
/** The deepest nesting read: JSON.parse needs some 70 bytes a level, and validation stops far sooner. */
export const MAX_NESTING = 1_000_000;

/** The reading options of validate and check. */
export const READ_OPTIONS: NonNullable<ArgSpec["options"]> = { "--max-file-size": null, "--max-yaml-size": null };

export const READ_HELP = `  --max-file-size SIZE      the largest file read, in bytes or with K, M or G (binary):
                            default 64M; standard input too
  --max-yaml-size SIZE      the largest .yaml or .yml file read: default 256K`;

/** How files are read, beyond the size limit of every file. */
export interface ReadOptions {
  /** The largest YAML file read, in bytes (MAX_YAML_SIZE when not given). */
  readonly maxYamlSize?: number;
  /** Messages quote nothing of a file's text, not even one character (--redact). */
  readonly redact?: boolean;
}

const UNITS: Readonly<Record<string, number>> = { "": 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };

/** The size `option` gives in bytes (`fallback` without it); throws UsageError for a value that is not a size. */
function sizeOf(args: ParsedArgs, option: string, fallback: number): number {
  const value = args.options.get(option);
  if (value === undefined) return fallback;
  const match = /^(\d+)([kmg]?)$/i.exec(value);
  const bytes = match === null ? NaN : Number(match[1]) * UNITS[match[2]!.toLowerCase()]!;
  if (!Number.isSafeInteger(bytes) || bytes < 1) throw new UsageError(`${option} must be a number of bytes, with K, M or G if wanted (${sizeName(fallback)}), not "${value}"`);
  return bytes;
}

/** The --max-file-size in bytes (MAX_FILE_SIZE without it); throws UsageError for a value that is not a size. */
export const readLimitOf = (args: ParsedArgs): number => sizeOf(args, "--max-file-size", MAX_FILE_SIZE);

/** --max-yaml-size and --redact, for readJson; throws UsageError for a size that is not one. */
export function readOptionsOf(args: ParsedArgs): ReadOptions {
  return { maxYamlSize: sizeOf(args, "--max-yaml-size", MAX_YAML_SIZE), redact: args.flags.has("--redact") };
}

/** "64M", "1K", "1000 bytes": a size as --max-file-size spells it. */
export function sizeName(bytes: number): string {
  for (const [unit, size] of [["G", 1024 ** 3], ["M", 1024 ** 2], ["K", 1024]] as const) if (bytes % size === 0) return `${bytes / size}${unit}`;
  return bytes === 1 ? "1 byte" : `${bytes} bytes`;
}

const REASONS: Readonly<Record<string, string>> = {
  ENOENT: "no such file",
  EISDIR: "is a directory",
  EACCES: "permission denied",
  EPERM: "permission denied",
  ENOTDIR: "a part of the path is not a directory",
  EMFILE: "too many open files",
  ERR_STRING_TOO_LONG: "too large for a JavaScript string",
  ELOOP: "a symbolic link loop",
};

/** Why a file or a directory could not be read, in words (Node's code names only some). */
export function unreadable(error: unknown): string {
  return REASONS[(error as NodeJS.ErrnoException).code ?? ""] ?? (error as Error).message;
}

/** Why a file that is not a regular file is not read, or undefined for a regular file. */
function notRegular(stats: Stats): string | undefined {
  if (stats.isFile()) return undefined;
  if (stats.isDirectory()) return "is a directory";
  const kind = stats.isFIFO() ? "a named pipe" : stats.isCharacterDevice() ? "a character device" : stats.isBlockDevice() ? "a block device" : stats.isSocket() ? "a socket" : "a special file";
  return `is ${kind}, not a regular file`;
}

/** A refusal to read, its reason already worded. */
class Refused extends Error {}

const tooLarge = (limit: number, option: string) =>
  new Refused(option === "--max-file-size" ? `larger than ${sizeName(limit)} (--max-file-size)` : `larger than ${sizeName(limit)}, the most YAML read (raise it with ${option})`);

async function readStdin(limit: number): Promise<Buffer> {
  // Node reads a directory given as standard input as empty: say what it is instead.
  if (fstatSync(0).isDirectory()) throw new Refused("is a directory");
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    size += bytes.length;
    if (size > limit) throw tooLarge(limit, "--max-file-size"); // leaving the loop stops reading
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, size);
}

/** A regular file's bytes, at most `limit` of them; anything else is refused before it is opened. */
async function readRegularFile(path: FsPath, limit: number, option: string): Promise<Buffer> {
  const refusal = notRegular(await stat(path));
  if (refusal !== undefined) throw new Refused(refusal);
  // Non-blocking: if the path became a named pipe since the stat, opening it does not wait for a writer.
  const handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const stats = await handle.stat();
    const changed = notRegular(stats);
    if (changed !== undefined) throw new Refused(changed);
    if (stats.size > limit) throw tooLarge(limit, option);
    const read = new BoundedBytes(limit, stats.size);
    for (;;) {
      if (!read.room()) throw tooLarge(limit, option);
      const { bytesRead } = await handle.read(read.buffer, read.length, read.buffer.length - read.length, null);
      if (bytesRead === 0) return read.bytes;
      read.length += bytesRead;
    }
  } finally {
    await handle.close();
  }
}

/**
 * The text of `path` ("-" for standard input), at most `limit` bytes (MAX_FILE_SIZE by default),
 * or the refusal names `option`; it must be UTF-8.
 */
export async function readText(path: FsPath, limit = MAX_FILE_SIZE, option = "--max-file-size", redact = false): Promise<string> {
  const file = label(path);
  let bytes: Buffer;
  try {
    bytes = path === "-" ? await readStdin(limit) : await readRegularFile(path, limit, option);
  } catch (error) {
    const reason = error instanceof Refused ? error.message : unreadable(error);
    throw new InputError(file, `${file}: cannot read: ${reason}`);
  }
  try {
    return decodeUtf8(bytes, file, isYamlFile(file) ? "YAML" : "JSON", redact);
  } catch (error) {
    if (error instanceof NotUtf8) throw new InputError(file, error.message);
    const reason = unreadable(error); // too long for a string
    throw new InputError(file, `${file}: cannot read: ${reason}`);
  }
}

/**
 * Parses `text` (a leading byte order mark is ignored); a syntax error, or nesting deeper than
 * MAX_NESTING levels, names the file, line and column.
 */
export function parseJson(text: string, file: string, options: ReadOptions = {}): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // Deeper than MAX_NESTING takes more than MAX_NESTING characters.
  const deep = body.length > MAX_NESTING ? nestingOffset(body, MAX_NESTING) : -1;
  if (deep >= 0) {
    const { line, column } = lineColumn(body, deep);
    throw new InputError(file, `${file}:${line}:${column}: nested deeper than ${MAX_NESTING} levels, the most read`);
  }
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    let offset = syntaxErrorOffset(body);
    if (offset < 0) offset = Number(/at position (\d+)/.exec(message)?.[1] ?? body.length);
    const { line, column } = lineColumn(body, offset);
    const reason = !/\S/.test(body) ? "the file is empty" : describe(message, body, offset, options.redact === true);
    throw new InputError(file, `${file}:${line}:${column}: invalid JSON: ${reason}`);
  }
  const far = outOfRange(body, options.redact === true);
  if (far !== undefined) throw new InputError(file, `${file}:${far}`);
  return value;
}

/**
 * JSON.parse reads a number beyond the double range as ±Infinity, and one nearer 0 than the least
 * double as 0, which no schema can judge rightly (`1e-400` is > 0): such a text is refused.
 * "line:column: number out of range: …" for the first, or undefined. Only an exponent of 3 digits
 * or 210 digits in a row can be one (the lookbehind starts a run's test at its first digit only:
 * linear time).
 */
export function outOfRange(body: string, redact: boolean): string | undefined {
  const far = /[eE][+-]?0*[1-9]\d\d|(?<!\d)\d{210}/.test(body) ? outOfRangeOffset(body) : -1;
  if (far < 0) return undefined;
  const { line, column } = lineColumn(body, far);
  const number = /-?[\d.eE+-]+/y;
  number.lastIndex = far;
  const literal = number.exec(body)![0];
  const what = redact ? "a number" : shortenMiddle(literal, 40);
  const limit = Number(literal) === 0 ? NEAR_ZERO : "beyond the largest number read, about 1.8e308 (a double)";
  return `${line}:${column}: number out of range: ${what} is ${limit}`;
}

/**
 * V8's reasons that quote nothing of the text, before its " in JSON at position N". Any other
 * message (`Unexpected token 'p', "password=h"... is not valid JSON`, in its many cut forms)
 * quotes the text, so the reason is worded here instead.
 */
const QUOTING_NOTHING =
  /^(Expected property name or '\}'|Expected ',' or '\}' after property value|Expected ',' or '\]' after array element|Expected ':' after property name|Expected double-quoted property name|Unterminated string|Bad control character in string literal|Bad escaped character|Bad Unicode escape|Exponent part is missing a number|No number after minus sign|Unterminated fractional number|Unexpected non-whitespace character after JSON)(?: in JSON)? at position \d+/;

/** The reason for a syntax error at `offset`, never quoting the text: one character at most, and none when `redact`. */
function describe(message: string, body: string, offset: number, redact: boolean): string {
  const known = QUOTING_NOTHING.exec(message)?.[1];
  if (known !== undefined) return known.charAt(0).toLowerCase() + known.slice(1);
  if (offset >= body.length) return "unexpected end of input";
  return redact ? "unexpected character" : `unexpected character ${JSON.stringify(String.fromCodePoint(body.codePointAt(offset)!))}`;
}

/** A file read as YAML, by its name. */
export const isYamlFile = (path: string): boolean => /\.ya?ml$/i.test(path);

/**
 * Reads and parses `path`, at most `limit` bytes (and options.maxYamlSize for YAML): JSON, or YAML
 * for a .yaml or .yml file; throws InputError with the reason.
 */
export async function readJson(path: FsPath, limit = MAX_FILE_SIZE, options: ReadOptions = {}): Promise<unknown> {
  const file = label(path);
  const redact = options.redact === true;
  if (!isYamlFile(file)) return parseJson(await readText(path, limit, undefined, redact), file, options);
  const yamlLimit = options.maxYamlSize ?? MAX_YAML_SIZE;
  const text = yamlLimit < limit ? await readText(path, yamlLimit, "--max-yaml-size", redact) : await readText(path, limit, undefined, redact);
  try {
    return await parseYaml(text, file, redact);
  } catch (error) {
    if (error instanceof NotYaml) throw new InputError(file, error.message);
    throw error;
  }
}
