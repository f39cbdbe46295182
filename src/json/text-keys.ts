// V8 hashes a string of more than 16,383 characters by its length alone, so a Map or Set keyed
// by such strings keeps all of one length in one bucket, and every lookup compares the text with
// each of them. The data decides those strings: 2,000 distinct items of 17,000 characters, all of
// one length, made uniqueItems quadratic. Where a Map is keyed by texts from the data, a long text
// is keyed by a token instead, found through its pieces, which V8 hashes whole.

/** Texts longer than this are keyed by token (V8's String::kMaxHashCalcLength). */
export const LONG_TEXT = 16_383;

/** A long text's stand-in in a Map: one object per distinct text, which no data value can equal. */
export interface TextToken {
  readonly text: string;
}

/** Keys for one Map's texts: equal texts get the same key, different texts different keys. */
export class TextKeys {
  /** `long`: LONG_TEXT, or shorter in the specs, to reach every path with short texts (at least 4, so a text's numbers are shorter than it). */
  constructor(readonly long = LONG_TEXT) {}

  /** Each distinct piece of `long` characters (or fewer, at a text's end) and its number; made for the first long text. */
  #pieces: Map<string, number> | undefined = undefined;
  /** A long text's token, by the numbers of its pieces, two characters each. */
  #tokens: Map<string | TextToken, TextToken> | undefined = undefined;
  /** Keys for the number strings themselves, for a text so long that they are long too. */
  #numbers: TextKeys | undefined = undefined;

  /**
   * The last long text keyed, and its key: the memo asks again for each reference crossed with one
   * value (a thousand `$ref`s in an `allOf` over a 1 MB string hashed its pieces a thousand times).
   * The same string is one comparison of pointers.
   */
  #last: string | undefined = undefined;
  #lastKey: TextToken | undefined = undefined;

  /** `text` itself when short (most texts: nothing is made); for a long text, its token. */
  keyOf(text: string): string | TextToken {
    const long = this.long;
    if (text.length <= long) return text;
    if (text === this.#last) return this.#lastKey!;
    const pieces = (this.#pieces ??= new Map());
    let numbers = "";
    for (let at = 0; at < text.length; at += long) {
      const piece = text.slice(at, at + long);
      let n = pieces.get(piece);
      if (n === undefined) pieces.set(piece, (n = pieces.size));
      numbers += String.fromCharCode(n & 0xffff, n >>> 16);
    }
    const key = numbers.length <= long ? numbers : (this.#numbers ??= new TextKeys(long)).keyOf(numbers);
    const tokens = (this.#tokens ??= new Map());
    let token = tokens.get(key);
    if (token === undefined) tokens.set(key, (token = { text }));
    this.#last = text;
    this.#lastKey = token;
    return token;
  }

  /**
   * The key keyOf gave `text`, or undefined when no text equal to it was keyed; unlike keyOf, it
   * keeps nothing of `text` (a lookup by a text from the data in a set of the schema's).
   */
  find(text: string): string | TextToken | undefined {
    const long = this.long;
    if (text.length <= long) return text;
    const pieces = this.#pieces;
    if (pieces === undefined) return undefined;
    let numbers = "";
    for (let at = 0; at < text.length; at += long) {
      const n = pieces.get(text.slice(at, at + long));
      if (n === undefined) return undefined;
      numbers += String.fromCharCode(n & 0xffff, n >>> 16);
    }
    const key = numbers.length <= long ? numbers : this.#numbers?.find(numbers);
    return key === undefined ? undefined : this.#tokens!.get(key);
  }

  /** Lets go of every text keyed so far. */
  clear(): void {
    this.#last = this.#lastKey = undefined;
    this.#pieces = undefined;
    this.#tokens = undefined;
    this.#numbers = undefined;
  }
}
