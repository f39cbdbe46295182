// --output json writes {"valid", "dialect", "results": […]}, and "valid" is known only once every
// instance is read: the results wait for it. Held in memory, a few thousand results of a megabyte
// each ran the heap out ("FATAL ERROR … heap out of memory", no output); past MEMORY_BUDGET
// characters they wait in a temporary file instead, and are read back one at a time. The file is
// removed from its folder as soon as it is open (where the system allows it: not on Windows), so
// that it goes with the process however the process ends (Ctrl-C, a kill); the open descriptor
// still reads and writes it.
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Characters of results held in memory before the rest go to a file. */
export const MEMORY_BUDGET = 64 * 1024 * 1024;
/** Between results in the file: JSON text never holds a raw NUL (JSON.stringify writes "\u0000"). */
const SEPARATOR = 0;
const CHUNK = 1 << 20;

export class ResultSpool {
  #held: string[] = [];
  #size = 0;
  #file: Spool | undefined;
  #count = 0;

  constructor(private readonly budget = MEMORY_BUDGET) {}

  get count(): number {
    return this.#count;
  }

  /** @internal The folder that holds the file, while it is there (undefined once removed, or without a file). */
  get folder(): string | undefined {
    return this.#file?.dir;
  }

  /** @internal Whether the results went to a file. */
  get spooled(): boolean {
    return this.#file !== undefined;
  }

  push(text: string): void {
    this.#count++;
    if (this.#file === undefined && this.#size + text.length <= this.budget) {
      this.#held.push(text);
      this.#size += text.length;
      return;
    }
    if (this.#file === undefined) {
      this.#file = spoolFile();
      // No temporary directory to write in: held in memory, as before.
      if (this.#file === undefined) {
        this.#held.push(text);
        return;
      }
      for (const held of this.#held) record(this.#file.fd, held);
      this.#held = [];
    }
    record(this.#file.fd, text);
  }

  /** The results in the order pushed. */
  *texts(): Generator<string> {
    yield* this.#held;
    if (this.#file === undefined) return;
    const { fd } = this.#file;
    const chunk = Buffer.allocUnsafe(CHUNK);
    let pieces: Buffer[] = [];
    for (let position = 0; ; ) {
      const read = readSync(fd, chunk, 0, CHUNK, position);
      if (read === 0) return;
      position += read;
      const view = chunk.subarray(0, read);
      let start = 0;
      for (let end = view.indexOf(SEPARATOR); end >= 0; end = view.indexOf(SEPARATOR, start)) {
        pieces.push(view.subarray(start, end));
        yield Buffer.concat(pieces).toString("utf8");
        pieces = [];
        start = end + 1;
      }
      if (start < read) pieces.push(Buffer.from(view.subarray(start))); // copied: the next read reuses the chunk
    }
  }

  /** Lets go of the file, if there is one. */
  dispose(): void {
    if (this.#file === undefined) return;
    closeSync(this.#file.fd);
    if (this.#file.dir !== undefined) rmSync(this.#file.dir, { recursive: true, force: true });
    this.#file = undefined;
  }
}

function record(fd: number, text: string): void {
  writeSync(fd, text);
  writeSync(fd, "\u0000");
}

/** The open file, and its folder while it is still there to remove. */
interface Spool {
  readonly fd: number;
  readonly dir: string | undefined;
}

function spoolFile(): Spool | undefined {
  let fd: number;
  let dir: string;
  try {
    dir = mkdtempSync(join(tmpdir(), "schemagate-"));
    fd = openSync(join(dir, "results"), "w+", 0o600);
  } catch {
    return undefined;
  }
  try {
    rmSync(dir, { recursive: true, force: true });
    return { fd, dir: undefined };
  } catch {
    return { fd, dir }; // an open file cannot be removed here: dispose() removes it
  }
}
