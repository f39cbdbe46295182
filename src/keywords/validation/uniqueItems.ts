import { report } from "../../engine/report.js";
import { duplicateIn } from "../../engine/once-per-pass.js";
import { ARRAY } from "../../json/type-of.js";
import type { Keyword } from "../types.js";
import type { Explain } from "../../engine/types.js";
import { UNIQUE_ITEMS } from "../../engine/plan.js";

const explainDuplicate: Explain<undefined> = (_data, _instance, detail) => {
  const [i, j] = detail as readonly [number, number];
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
      const duplicate = duplicateIn(instance as unknown[], state);
      return duplicate === undefined || report(state, at, where, instance, duplicate);
    };
  },
  plan(_value, { plan }) {
    plan.rules |= UNIQUE_ITEMS;
    return true;
  },
  explain(value, e, instance) {
    const duplicate = value === true ? e.duplicate(instance as unknown[]) : undefined;
    return duplicate === undefined || e.report(explainDuplicate, undefined, instance, duplicate);
  },
};
