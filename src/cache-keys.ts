// A cache key is a schema's whole canonical text, and V8 hashes a string of more than 16,383
// characters by its length alone (json/text-keys.ts): in one Map, every such key of one length
// would share a bucket, and each lookup, insertion and eviction would compare the text with all
// of them. A thousand 17,000-character schemas of one length, each hit once, made the next
// compile() take seconds. So SchemaCache keys a long text by a short stand-in made of its
// pieces' numbers; V8 hashes each piece whole. The pieces are counted by the keys that use them
// and let go with the last one, and each is kept as a copy of its own: a slice would keep the
// whole key it was cut from, an evicted schema's text, for as long as another key used the piece.
import { LONG_TEXT } from "./json/text-keys.js";
import { detached } from "./json/detached.js";

interface Piece {
  readonly id: string;
  uses: number;
}

export class LongKeys {
  /** `long`: LONG_TEXT, or shorter in the specs, to reach every path with short texts. */
  constructor(readonly long = LONG_TEXT) {}

  #pieces = new Map<string, Piece>();
  #next = 0;

  /** The stand-in of a kept key equal to `key`; undefined when no kept key is (one of its pieces is not kept). */
  find(key: string): string | undefined {
    let standIn = STAND_IN;
    for (let at = 0; at < key.length; at += this.long) {
      const piece = this.#pieces.get(key.slice(at, at + this.long));
      if (piece === undefined) return undefined;
      standIn += piece.id + ",";
    }
    return standIn;
  }

  /** The stand-in of `key`, whose pieces are kept until release(key) is called as many times. */
  keep(key: string): string {
    let standIn = STAND_IN;
    for (let at = 0; at < key.length; at += this.long) {
      const text = key.slice(at, at + this.long);
      let piece = this.#pieces.get(text);
      if (piece === undefined) this.#pieces.set(detached(text), (piece = { id: (this.#next++).toString(36), uses: 0 }));
      piece.uses++;
      standIn += piece.id + ",";
    }
    return standIn;
  }

  /** Lets go of one keep(key). */
  release(key: string): void {
    for (let at = 0; at < key.length; at += this.long) {
      const text = key.slice(at, at + this.long);
      const piece = this.#pieces.get(text);
      if (piece !== undefined && --piece.uses === 0) this.#pieces.delete(text);
    }
  }

  /** @internal For the specs: how many pieces are kept. */
  get size(): number {
    return this.#pieces.size;
  }
}

/** Starts every stand-in: compile.ts's keys start with "[", so none equals a stand-in. */
const STAND_IN = "\u0000";
