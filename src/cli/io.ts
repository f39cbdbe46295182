// Where a command writes: standard output for results, standard error for problems, each with
// its own colours (a terminal on one and a pipe on the other get what each can show).
// A reader that goes away (`schemagate validate … | head`) is not an error: the stream that
// failed with EPIPE is written no more, and once standard output is gone the commands stop
// early (`closed`), with the exit status of what they did so far. No message, no stack trace.
// Any other write error is named on standard error, and the exit status is 2.
import { paintFor, type Paint } from "./color.js";

export interface Io {
  /** Writes lines to standard output. */
  print(text: string): void;
  /** Writes lines to standard error. */
  warn(text: string): void;
  readonly out: Paint;
  readonly err: Paint;
  /** Standard output can no longer be written (its reader has gone): nothing more is worth doing. */
  readonly closed: boolean;
}

/** A stream that stops writing at its first error; EPIPE is quiet, any other error is named once on `report`. */
interface Guarded {
  write(text: string): void;
  /** Written no more, after an error. */
  readonly broken: boolean;
  /** The error was not EPIPE. */
  readonly failed: boolean;
}

/** A stream that stops writing at its first error; EPIPE is quiet, any other error is named once with `report`. */
function guarded(stream: NodeJS.WriteStream, name: string, report: (text: string) => void): Guarded {
  let broken = false;
  let failed = false;
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (broken) return;
    broken = true;
    if (error.code === "EPIPE") return;
    failed = true;
    report(`schemagate: cannot write to ${name}: ${error.code ?? error.message}`);
  });
  return {
    write: (text) => {
      if (!broken) stream.write(text + "\n");
    },
    get broken() {
      return broken;
    },
    get failed() {
      return failed;
    },
  };
}

/** The process's streams; `failed` when a write failed other than by EPIPE (exit status 2). */
export function processIo(): Io & { readonly failed: boolean } {
  const stderr = guarded(process.stderr, "standard error", () => {});
  const stdout = guarded(process.stdout, "standard output", stderr.write);
  return {
    print: stdout.write,
    warn: stderr.write,
    out: paintFor(process.stdout),
    err: paintFor(process.stderr),
    get closed() {
      return stdout.broken;
    },
    get failed() {
      return stdout.failed || stderr.failed;
    },
  };
}
