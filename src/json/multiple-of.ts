// multipleOf's test, shared by its keyword (closure and explainer) and the plan interpreter.

/** The least positive normal double: below it a double carries fewer significant bits. */
const MIN_NORMAL = 2 ** -1022;

/**
 * Whether `x` is a multiple of `divisor` (> 0): an integer divisor of a safe integer by the
 * remainder; otherwise exact for the decimals the numbers denote (0.0075 is a multiple of 0.0001; 1e21 is not a
 * multiple of 1.5): small values are scaled to safe integers, others compared as BigInt decimals.
 */
export function isMultipleOf(x: number, divisor: number, scale = 0): boolean {
  if (Number.isInteger(divisor) && !(Math.abs(x) > Number.MAX_SAFE_INTEGER)) return x % divisor === 0;
  if (scale !== 0) {
    // x scaled to an integer X that gives x back: the decimal x prints is X / scale (below 2^52 two
    // decimals of the divisor's places are further apart than x's neighbours), and x is a multiple
    // if X is of the scaled divisor. Otherwise x has more places than the divisor: the exact test decides.
    const scaled = Math.round(x * scale);
    if (Math.abs(scaled) < SCALED_BELOW && scaled / scale === x) return scaled % Math.round(divisor * scale) === 0;
  }
  if (!Number.isFinite(x)) return false;
  // When x is a multiple, x / divisor is within a few units in the last place of that whole
  // number (normal doubles are within 2^-53 of the decimals they denote): far from one, x is not.
  const q = x / divisor;
  if (Math.abs(q - Math.round(q)) > 1e-6 * Math.max(1, Math.abs(q)) && Math.abs(x) >= MIN_NORMAL && divisor >= MIN_NORMAL) return false;
  // Past 2^53 a double stands for many integers, among them the decimal it prints and its own
  // binary value: a multiple if either is (1e23 is a multiple of 5, as the decimal it prints;
  // 2^57 of 4, as the 144115188075855872 a JSON text wrote, which prints as …870).
  const [dd, de] = decimal(divisor);
  if (decimalMultiple(decimal(x), dd, de)) return true;
  return Math.abs(x) > Number.MAX_SAFE_INTEGER && decimalMultiple([BigInt(Math.abs(x)).toString(), 0], dd, de);
}

const SCALED_BELOW = 2 ** 52;

/**
 * isMultipleOf's `scale` for a divisor that is not an integer, worked out once: 10^k for its k
 * decimal places, when the divisor so scaled is an integer below 2^52; else 0 (no scaled test).
 */
export function scaleOf(divisor: number): number {
  if (Number.isInteger(divisor) || !(divisor > 0) || !Number.isFinite(divisor)) return 0;
  const [digits, exponent] = decimal(divisor);
  if (exponent >= 0 || exponent < -15) return 0;
  const scale = 10 ** -exponent;
  return Number(digits) < SCALED_BELOW && Math.round(divisor * scale) === Number(digits) ? scale : 0;
}

/** Whether the decimal xd × 10^xe is a multiple of dd × 10^de. */
function decimalMultiple([xd, xe]: [digits: string, exponent: number], dd: string, de: number): boolean {
  const e = Math.min(xe, de);
  if (xe - e <= 15 && de - e <= 15) {
    const sx = Number(xd) * 10 ** (xe - e);
    const sd = Number(dd) * 10 ** (de - e);
    if (Number.isSafeInteger(sx) && Number.isSafeInteger(sd)) return sx % sd === 0;
  }
  return (BigInt(xd) * 10n ** BigInt(xe - e)) % (BigInt(dd) * 10n ** BigInt(de - e)) === 0n;
}

/** A number as JavaScript prints it, as an exact decimal: digits (no sign, dot or exponent) × 10^exponent. */
function decimal(n: number): [digits: string, exponent: number] {
  const text = String(Math.abs(n));
  const e = text.indexOf("e");
  const mantissa = e < 0 ? text : text.slice(0, e);
  const dot = mantissa.indexOf(".");
  const fraction = dot < 0 ? 0 : mantissa.length - dot - 1;
  const digits = dot < 0 ? mantissa : mantissa.slice(0, dot) + mantissa.slice(dot + 1);
  return [digits, (e < 0 ? 0 : Number(text.slice(e + 1))) - fraction];
}
