// Reading a JSON document from a file or standard input ("-"), with errors people can act on:
// "data.json:3:14: invalid JSON: Unexpected token ']'" — never a stack trace.
import { readFile } from "node:fs/promises";
import { lineColumn, syntaxErrorOffset } from "./json-position.js";

/** A file that cannot be read or is not JSON (exit code 2). */
export class InputError extends Error {
  override readonly name = "InputError";
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message);
  }
}

/** How a file is named in messages: "-" is standard input. */
export function label(path: string): string {
  return path === "-" ? "<stdin>" : path;
}

const REASONS: Readonly<Record<string, string>> = {
  ENOENT: "no such file",
  EISDIR: "is a directory",
  EACCES: "permission denied",
  EPERM: "permission denied",
  ENOTDIR: "a part of the path is not a directory",
  EMFILE: "too many open files",
};

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}

/** The text of `path` ("-" for standard input). */
export async function readText(path: string): Promise<string> {
  try {
    return path === "-" ? await readStdin() : await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "";
    throw new InputError(label(path), `${label(path)}: cannot read: ${REASONS[code] ?? (error as Error).message}`);
  }
}

/** Parses `text` (a leading byte order mark is ignored); a syntax error names the file, line and column. */
export function parseJson(text: string, file: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return JSON.parse(body);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    let offset = syntaxErrorOffset(body);
    if (offset < 0) offset = Number(/at position (\d+)/.exec(message)?.[1] ?? body.length);
    const { line, column } = lineColumn(body, offset);
    const reason = body.trim() === "" ? "the file is empty" : describe(message, body, offset);
    throw new InputError(file, `${file}:${line}:${column}: invalid JSON: ${reason}`);
  }
}

/** V8's reason without its echo of the text or its position (both are given better here). */
function describe(message: string, body: string, offset: number): string {
  const reason = message
    .replace(/, (?:\.\.\.)?".*" is not valid JSON$/s, "")
    .replace(/(?: in JSON)? at position \d+.*$/s, "")
    .replace(/^Unexpected token '(.)'$/su, (_all, c: string) => `unexpected character ${JSON.stringify(c)}`)
    .replace(/^Unexpected end of JSON input$/, "unexpected end of input");
  if (reason !== "" && !/^Unexpected token$/.test(reason)) return reason.charAt(0).toLowerCase() + reason.slice(1);
  return offset >= body.length ? "unexpected end of input" : `unexpected character ${JSON.stringify(body[offset])}`;
}

/** Reads and parses `path`; throws InputError with the reason. */
export async function readJson(path: string): Promise<unknown> {
  return parseJson(await readText(path), label(path));
}
