// Where a command writes: standard output for results, standard error for problems, each with
// its own colours (a terminal on one and a pipe on the other get what each can show).
import { paintFor, type Paint } from "./color.js";

export interface Io {
  /** Writes lines to standard output. */
  print(text: string): void;
  /** Writes lines to standard error. */
  warn(text: string): void;
  readonly out: Paint;
  readonly err: Paint;
}

export function processIo(): Io {
  return {
    print: (text) => void process.stdout.write(text + "\n"),
    warn: (text) => void process.stderr.write(text + "\n"),
    out: paintFor(process.stdout),
    err: paintFor(process.stderr),
  };
}
