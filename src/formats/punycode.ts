// RFC 3492 Punycode, just enough for IDNA labels: decode an A-label body and encode a U-label.
// Written here because node:punycode is Node-only (and deprecated) and src/ must run anywhere.

const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 0x80;
const MAX_CP = 0x10ffff;

function adapt(delta: number, numPoints: number, firstTime: boolean): number {
  delta = firstTime ? Math.floor(delta / DAMP) : delta >> 1;
  delta += Math.floor(delta / numPoints);
  let k = 0;
  while (delta > ((BASE - T_MIN) * T_MAX) >> 1) {
    delta = Math.floor(delta / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * delta) / (delta + SKEW));
}

/** Digit value of an ASCII letter or digit (case-insensitive, RFC 3492 §5), or -1. */
function digitValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 22; // '0'..'9' -> 26..35
  if (code >= 0x41 && code <= 0x5a) return code - 0x41; // 'A'..'Z'
  if (code >= 0x61 && code <= 0x7a) return code - 0x61; // 'a'..'z'
  return -1;
}

const digitChar = (d: number): string => String.fromCharCode(d < 26 ? d + 0x61 : d + 22);

/** Decodes a Punycode string (without "xn--") to code points; undefined if malformed. */
export function punycodeDecode(input: string): number[] | undefined {
  const output: number[] = [];
  const delimiter = input.lastIndexOf("-");
  for (let j = 0; j < Math.max(delimiter, 0); j++) {
    const code = input.charCodeAt(j);
    if (code >= 0x80) return undefined;
    output.push(code);
  }
  let n = INITIAL_N;
  let bias = INITIAL_BIAS;
  let i = 0;
  for (let pos = delimiter > 0 ? delimiter + 1 : 0; pos < input.length; ) {
    const oldI = i;
    for (let w = 1, k = BASE; ; k += BASE) {
      if (pos >= input.length) return undefined; // a truncated variable-length integer
      const digit = digitValue(input.charCodeAt(pos++));
      if (digit < 0) return undefined;
      i += digit * w;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < t) break;
      w *= BASE - t;
      if (i > MAX_CP * (output.length + 1)) return undefined; // overflow guard: no valid label gets here
    }
    bias = adapt(i - oldI, output.length + 1, oldI === 0);
    n += Math.floor(i / (output.length + 1));
    i %= output.length + 1;
    if (n > MAX_CP || (n >= 0xd800 && n <= 0xdfff)) return undefined;
    output.splice(i++, 0, n);
  }
  return output;
}

/** Encodes code points as Punycode (without "xn--"); the caller bounds the input length. */
export function punycodeEncode(input: readonly number[]): string {
  let output = "";
  for (const cp of input) if (cp < 0x80) output += String.fromCharCode(cp);
  const basicLength = output.length;
  let handled = basicLength;
  if (basicLength > 0) output += "-";
  let n = INITIAL_N;
  let delta = 0;
  let bias = INITIAL_BIAS;
  while (handled < input.length) {
    let m = MAX_CP + 1;
    for (const cp of input) if (cp >= n && cp < m) m = cp;
    delta += (m - n) * (handled + 1);
    n = m;
    for (const cp of input) {
      if (cp < n) delta++;
      if (cp !== n) continue;
      let q = delta;
      for (let k = BASE; ; k += BASE) {
        const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
        if (q < t) break;
        output += digitChar(t + ((q - t) % (BASE - t)));
        q = Math.floor((q - t) / (BASE - t));
      }
      output += digitChar(q);
      bias = adapt(delta, handled + 1, handled === basicLength);
      delta = 0;
      handled++;
    }
    delta++;
    n++;
  }
  return output;
}
