import { report, showData } from "../../engine/report.js";
import { NUMBER } from "../../json/type-of.js";
import type { Keyword } from "../types.js";
import type { Explain } from "../../engine/types.js";
import { Heads } from "../../engine/message-heads.js";

const HEADS = new Heads((divisor) => `must be a multiple of ${divisor}, but is `);

const explainMultiple: Explain<number> = (divisor, instance) => ({ error: HEADS.of(divisor) + showData(instance), params: { multipleOf: divisor } });

export const multipleOfKeyword: Keyword = {
  name: "multipleOf",
  vocabulary: "validation",
  appliesTo: NUMBER,
  compile(value, ctx) {
    if (typeof value !== "number" || !(value > 0) || !Number.isFinite(value)) return ctx.fail("must be a number greater than 0");
    const divisor = value;
    const where = ctx.where(explainMultiple, divisor);
    if (Number.isInteger(divisor)) {
      return (instance, state, at) => (instance as number) % divisor === 0 || report(state, at, where, instance);
    }
    return (instance, state, at) => isMultiple(instance as number, divisor) || report(state, at, where, instance);
  },
  explain(value, e, instance) {
    const divisor = value as number;
    return (Number.isInteger(divisor) ? (instance as number) % divisor === 0 : isMultiple(instance as number, divisor)) || e.report(explainMultiple, divisor, instance);
  },
};

/** A number as JavaScript prints it, as an exact decimal: digits × 10^exponent. */
function decimal(n: number): [digits: bigint, exponent: number] {
  const text = String(Math.abs(n));
  const e = text.indexOf("e");
  const mantissa = e < 0 ? text : text.slice(0, e);
  const dot = mantissa.indexOf(".");
  const fraction = dot < 0 ? 0 : mantissa.length - dot - 1;
  const digits = dot < 0 ? mantissa : mantissa.slice(0, dot) + mantissa.slice(dot + 1);
  return [BigInt(digits), (e < 0 ? 0 : Number(text.slice(e + 1))) - fraction];
}

/**
 * Exact for the decimals the numbers denote (0.0075 is a multiple of 0.0001; 1e21 is not a
 * multiple of 1.5): small values are scaled to safe integers, others compared as BigInt decimals.
 */
function isMultiple(x: number, divisor: number): boolean {
  if (!Number.isFinite(x)) return false;
  const [xd, xe] = decimal(x);
  const [dd, de] = decimal(divisor);
  const e = Math.min(xe, de);
  if (xe - e <= 15 && de - e <= 15) {
    const sx = Number(xd) * 10 ** (xe - e);
    const sd = Number(dd) * 10 ** (de - e);
    if (Number.isSafeInteger(sx) && Number.isSafeInteger(sd)) return sx % sd === 0;
  }
  return (xd * 10n ** BigInt(xe - e)) % (dd * 10n ** BigInt(de - e)) === 0n;
}
