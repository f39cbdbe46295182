import { report } from "../../engine/report.js";
import { canonical } from "../../json/canonical.js";
import { equal } from "../../json/equal.js";
import { ARRAY, BOOLEAN, NULL, NUMBER, STRING, typeOf } from "../../json/type-of.js";
import type { Keyword } from "../types.js";
import type { Explain } from "../../engine/types.js";
import { UNIQUE_ITEMS } from "../../engine/plan.js";

const explainDuplicate: Explain<undefined> = (_data, _instance, detail) => {
  const [i, j] = detail as [number, number];
  return { error: `must not have duplicate items (items ${i} and ${j} are equal)`, params: { i, j } };
};

export const uniqueItemsKeyword: Keyword = {
  name: "uniqueItems",
  vocabulary: "validation",
  appliesTo: ARRAY,
  compile(value, ctx) {
    if (typeof value !== "boolean") return ctx.fail("must be a boolean");
    if (!value) return undefined;
    const where = ctx.where(explainDuplicate, undefined);
    return (instance, state, at) => {
      const duplicate = findDuplicate(instance as unknown[]);
      return duplicate === undefined || report(state, at, where, instance, duplicate);
    };
  },
  plan(_value, { plan }) {
    plan.rules |= UNIQUE_ITEMS;
    return true;
  },
};

/** Up to this many items, pairs are compared directly: cheaper than building canonical texts. */
const PAIRWISE_UP_TO = 12;

/**
 * Near-linear: primitives by identity (SameValueZero), objects and arrays by their canonical text.
 * Short arrays compare pairs with equal(), which agrees (values that are not JSON equal nothing).
 */
export function findDuplicate(items: readonly unknown[]): [number, number] | undefined {
  if (items.length < 2) return undefined;
  if (items.length <= PAIRWISE_UP_TO) {
    for (let j = 1; j < items.length; j++) for (let i = 0; i < j; i++) if (equal(items[i], items[j])) return [i, j];
    return undefined;
  }
  const primitives = new Map<unknown, number>();
  const structured = new Map<string, number>();
  for (let j = 0; j < items.length; j++) {
    const item = items[j];
    const isStructured = typeof item === "object" && item !== null;
    const seen = isStructured ? structured : primitives;
    // Values that are not JSON (NaN, a Date, a function, …) equal nothing.
    const key = isStructured ? canonical(item) : (typeOf(item) & (STRING | NUMBER | BOOLEAN | NULL)) !== 0 ? item : undefined;
    if (key === undefined) continue;
    const i = seen.get(key as string);
    if (i !== undefined) return [i, j];
    seen.set(key as string, j);
  }
  return undefined;
}
