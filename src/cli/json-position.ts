// Where a JSON text first goes wrong: V8's messages give a position for some mistakes only
// ("Unexpected token 'x', "…" is not valid JSON" has none), so the text is scanned again.

const isDigit = (c: number) => c >= 48 && c <= 57;
const isHex = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);

/** The open brackets, "[" (91) or "{" (123), one bit each: a text of N brackets takes N/8 bytes, not an array of N numbers. */
class BracketStack {
  depth = 0;
  #bits = new Uint8Array(64);

  push(bracket: number): void {
    const byte = this.depth >> 3;
    if (byte === this.#bits.length) {
      const bigger = new Uint8Array(this.#bits.length * 2);
      bigger.set(this.#bits);
      this.#bits = bigger;
    }
    const bit = 1 << (this.depth & 7);
    this.#bits[byte] = bracket === 123 ? this.#bits[byte]! | bit : this.#bits[byte]! & ~bit;
    this.depth++;
  }

  pop(): void {
    this.depth--;
  }

  top(): number | undefined {
    if (this.depth === 0) return undefined;
    const at = this.depth - 1;
    return (this.#bits[at >> 3]! >> (at & 7)) & 1 ? 123 : 91;
  }
}

/** The offset of the first character that makes `text` invalid JSON (its length for a premature end), or -1 when it is valid. */
export function syntaxErrorOffset(text: string): number {
  const stack = new BracketStack();
  let i = 0;
  let value = true; // a value is expected next (otherwise: a separator or a closing bracket)
  const space = () => {
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c !== 32 && c !== 10 && c !== 13 && c !== 9) break;
      i++;
    }
  };
  for (;;) {
    space();
    if (i >= text.length) return value || stack.depth > 0 ? i : -1;
    const c = text.charCodeAt(i);
    if (value) {
      if (c === 91 || c === 123) {
        stack.push(c);
        i++;
        space();
        if (text.charCodeAt(i) === c + 2) {
          stack.pop();
          i++;
          value = false;
        } else if (c === 123) {
          const end = key();
          if (end !== undefined) return end;
        }
        continue;
      }
      const end = c === 34 ? string() : c === 45 || (c >= 48 && c <= 57) ? number() : literal();
      if (end !== undefined) return end;
      value = false;
      continue;
    }
    const open = stack.top();
    if (open === undefined) return i; // something after the document
    if (c === open + 2) {
      stack.pop();
      i++;
    } else if (c === 44) {
      i++;
      if (open === 123) {
        space();
        const end = key();
        if (end !== undefined) return end;
      } else value = true;
    } else return i;
  }

  /** A property name and its colon; afterwards a value is expected. */
  function key(): number | undefined {
    if (text.charCodeAt(i) !== 34) return i;
    const end = string();
    if (end !== undefined) return end;
    space();
    if (text.charCodeAt(i) !== 58) return i;
    i++;
    value = true;
    return undefined;
  }

  function string(): number | undefined {
    i++;
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return undefined;
      }
      if (c < 32) return i;
      if (c === 92) {
        const e = text[i + 1];
        if (e === "u") {
          for (let k = 2; k < 6; k++) if (!isHex(text.charCodeAt(i + k))) return i + k;
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else return i + 1;
      } else i++;
    }
    return i;
  }

  /** -?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?, by hand; a "." or "e" after it is where the number goes wrong. */
  function number(): number | undefined {
    let end = i;
    if (text.charCodeAt(end) === 45) end++;
    const first = text.charCodeAt(end);
    if (first === 48) end++;
    else if (isDigit(first)) end = digits(end + 1);
    else return Math.min(i + 1, text.length);
    if (text.charCodeAt(end) === 46 && isDigit(text.charCodeAt(end + 1))) end = digits(end + 2);
    const e = text.charCodeAt(end);
    if (e === 101 || e === 69) {
      const sign = text.charCodeAt(end + 1);
      const at = sign === 43 || sign === 45 ? end + 2 : end + 1;
      if (isDigit(text.charCodeAt(at))) end = digits(at + 1);
    }
    const next = text.charCodeAt(end);
    if (next === 46 || next === 101 || next === 69) return Math.min(end + 1, text.length);
    i = end;
    return undefined;
  }

  function digits(from: number): number {
    while (isDigit(text.charCodeAt(from))) from++;
    return from;
  }

  function literal(): number | undefined {
    for (const word of ["true", "false", "null"]) {
      if (text.charCodeAt(i) !== word.charCodeAt(0)) continue;
      for (let k = 1; k < word.length; k++) if (text[i + k] !== word[k]) return i + k;
      i += word.length;
      return undefined;
    }
    return i;
  }
}

/**
 * The offset of the bracket that opens level `max + 1` of `text` (brackets inside strings do not
 * count), or -1 when it goes no deeper than `max`. One pass, no allocation: it runs before
 * JSON.parse, whose memory grows with the depth (some 70 bytes a level).
 */
export function nestingOffset(text: string, max: number): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) i = stringEnd(text, i); else if (c === 91 || c === 123) {
      if (++depth > max) return i;
    } else if (c === 93 || c === 125) depth--;
  }
  return -1;
}

/**
 * 1-based line and column (in characters: a surrogate pair is one) of `offset` in `text`; "\n",
 * "\r\n" and "\r" end lines. One pass by index up to `offset`, no copies: linear time, constant memory.
 */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let column = 1;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      column = 1;
    } else if (!(c >= 0xdc00 && c <= 0xdfff && column > 1 && isHighSurrogate(text.charCodeAt(i - 1)))) column++;
  }
  return { line, column };
}

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;

/** The offset of the quote that closes the string opened at `open` (or the text's length). */
function stringEnd(text: string, open: number): number {
  let i = open + 1;
  for (; i < text.length; i++) {
    const d = text.charCodeAt(i);
    if (d === 92) i++;
    else if (d === 34) break;
  }
  return i;
}

/**
 * The offset of the first number in `text` (valid JSON) that is beyond the double range, and so
 * read as ±Infinity by JSON.parse, or so near 0 that it reads as 0 though a digit is not 0, or -1.
 * Strings are skipped; outside them only numbers hold digits and "-".
 */
export function outOfRangeOffset(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) i = stringEnd(text, i); else if (c === 45 || isDigit(c)) {
      let end = i + 1;
      for (let n = text.charCodeAt(end); isDigit(n) || n === 46 || n === 101 || n === 69 || n === 43 || n === 45; n = text.charCodeAt(++end));
      const literal = text.slice(i, end);
      const value = Number(literal);
      if (!Number.isFinite(value) || readsAsZero(value, literal)) return i;
      i = end - 1;
    }
  }
  return -1;
}

/** A number read as 0 from a decimal literal whose digits before any exponent are not all 0 (`1e-400`, YAML 1.1's `0_1e-400`). */
export function readsAsZero(value: number, literal: string): boolean {
  return value === 0 && /^[-+]?[\d._]*[1-9]/.test(literal); // YAML 1.1 allows "_" between digits
}

/** How a number read as 0 that is not 0 is refused, after "number out of range: … is". */
export const NEAR_ZERO = "nearer 0 than the least number read, about 5e-324 (a double): it would read as 0";
