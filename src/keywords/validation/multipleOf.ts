import { report, show } from "../../engine/report.js";
import { NUMBER } from "../../json/type-of.js";
import type { Keyword } from "../types.js";

export const multipleOfKeyword: Keyword = {
  name: "multipleOf",
  vocabulary: "validation",
  appliesTo: NUMBER,
  compile(value, ctx) {
    if (typeof value !== "number" || !(value > 0) || !Number.isFinite(value)) return ctx.fail("must be a number greater than 0");
    const divisor = value;
    const where = ctx.where((instance) => ({
      error: `must be a multiple of ${divisor}, but is ${show(instance)}`,
      params: { multipleOf: divisor },
    }));
    if (Number.isInteger(divisor)) {
      return (instance, state, at) => (instance as number) % divisor === 0 || report(state, at, where, instance);
    }
    return (instance, state, at) => isMultiple(instance as number, divisor) || report(state, at, where, instance);
  },
};

/** Digits after the decimal point of a number as JavaScript prints it ("1.5e-7" has 8). */
function decimals(n: number): number {
  const text = String(n);
  const e = text.indexOf("e");
  const mantissa = e < 0 ? text : text.slice(0, e);
  const exponent = e < 0 ? 0 : Number(text.slice(e + 1));
  const dot = mantissa.indexOf(".");
  return Math.max(0, (dot < 0 ? 0 : mantissa.length - dot - 1) - exponent);
}

/** Exact for decimal inputs (0.0075 is a multiple of 0.0001): both are scaled to integers first. */
function isMultiple(x: number, divisor: number): boolean {
  if (!Number.isFinite(x)) return false;
  const scale = 10 ** Math.max(decimals(x), decimals(divisor));
  const sx = Math.round(x * scale);
  const sd = Math.round(divisor * scale);
  if (Number.isSafeInteger(sx) && Number.isSafeInteger(sd)) return sx % sd === 0;
  // Beyond exact scaling: an integer is a multiple of any divisor of 1 (0.5, 0.25, …).
  if (Number.isInteger(x) && Number.isInteger(1 / divisor)) return true;
  return Number.isInteger(x / divisor);
}
