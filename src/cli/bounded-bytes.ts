// A file's bytes read to its end, never more than a bound: a file's size says nothing of what a
// read returns (a /proc file says 0, a file may grow), so the buffer grows as the bytes come.

export class BoundedBytes {
  buffer: Buffer;
  /** The bytes read so far, at the start of `buffer`. */
  length = 0;

  /** `size`: what the file says it holds; one byte more is read, to see its end. */
  constructor(
    readonly limit: number,
    size: number,
  ) {
    this.buffer = Buffer.allocUnsafe(Math.min(limit + 1, Math.max(size + 1, 64 * 1024)));
  }

  /** Makes room for the next read (grows a full buffer); false once more than `limit` bytes were read. */
  room(): boolean {
    if (this.length < this.buffer.length) return true;
    if (this.length > this.limit) return false;
    const bigger = Buffer.allocUnsafe(Math.min(this.limit + 1, this.buffer.length * 2));
    this.buffer.copy(bigger, 0, 0, this.length);
    this.buffer = bigger;
    return true;
  }

  /** The bytes read. */
  get bytes(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}
