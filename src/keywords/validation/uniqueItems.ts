import { report } from "../../engine/report.js";
import { canonical } from "../../json/canonical.js";
import { ARRAY } from "../../json/type-of.js";
import type { Keyword } from "../types.js";

export const uniqueItemsKeyword: Keyword = {
  name: "uniqueItems",
  vocabulary: "validation",
  appliesTo: ARRAY,
  compile(value, ctx) {
    if (typeof value !== "boolean") return ctx.fail("must be a boolean");
    if (!value) return undefined;
    const where = ctx.where((_instance, detail) => {
      const [i, j] = detail as [number, number];
      return { error: `must not have duplicate items (items ${i} and ${j} are equal)`, params: { i, j } };
    });
    return (instance, state, at) => {
      const duplicate = findDuplicate(instance as unknown[]);
      return duplicate === undefined || report(state, at, where, instance, duplicate);
    };
  },
};

/** Near-linear: primitives by identity (SameValueZero), objects and arrays by their canonical text. */
function findDuplicate(items: readonly unknown[]): [number, number] | undefined {
  if (items.length < 2) return undefined;
  const primitives = new Map<unknown, number>();
  const structured = new Map<string, number>();
  for (let j = 0; j < items.length; j++) {
    const item = items[j];
    const isStructured = typeof item === "object" && item !== null;
    const seen = isStructured ? structured : primitives;
    const key = isStructured ? canonical(item) : item;
    // Values that are not JSON (NaN, a Date, …) equal nothing.
    if (key === undefined || (typeof key === "number" && !Number.isFinite(key))) continue;
    const i = seen.get(key as string);
    if (i !== undefined) return [i, j];
    seen.set(key as string, j);
  }
  return undefined;
}
