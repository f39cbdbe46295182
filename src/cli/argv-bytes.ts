// Node decodes the command line as UTF-8 and writes U+FFFD for each byte that is not: an argument
// naming `caf\xE9.json` (a Latin-1 name) reaches the program as "caf\uFFFD.json", which names no
// such file, or a different one that is really called so. Where the system shows the arguments'
// bytes (Linux's /proc/self/cmdline), such an argument is found out and refused, saying how to
// name the file instead; a pattern or a directory finds it by its bytes (instances.ts).
import { readFileSync } from "node:fs";
import { isUtf8, nameOfBytes } from "./utf8.js";

/**
 * Each of `args` (process.argv past the script) whose bytes were not UTF-8, written with "\xE9"
 * for such a byte; none where the bytes cannot be read or do not line up with `args`.
 */
export function argumentsNotUtf8(args: readonly string[]): string[] {
  if (!args.some((arg) => arg.includes("\ufffd"))) return [];
  let cmdline: Buffer;
  try {
    cmdline = readFileSync("/proc/self/cmdline");
  } catch {
    return [];
  }
  const parts: Buffer[] = [];
  for (let start = 0; start < cmdline.length; ) {
    const end = cmdline.indexOf(0, start);
    parts.push(cmdline.subarray(start, end < 0 ? cmdline.length : end));
    start = end < 0 ? cmdline.length : end + 1;
  }
  // The last ones are the script's arguments (Node's own options and the script come first).
  const own = parts.slice(parts.length - args.length);
  if (own.length !== args.length || own.some((bytes, i) => bytes.toString("utf8") !== args[i])) return [];
  return own.filter((bytes, i) => args[i]!.includes("\ufffd") && !isUtf8(bytes)).map(nameOfBytes);
}
