import { report, showData, showKept } from "../../engine/report.js";
import { equal } from "../../json/equal.js";
import { sortedKeys } from "../../json/canonical.js";
import { deepFreeze } from "../../json/freeze.js";
import type { Keyword } from "../types.js";
import { CONST } from "../../engine/plan.js";
import type { Explain } from "../../engine/types.js";
import { Heads, Kept } from "../../engine/message-heads.js";
import { keysOf } from "../../engine/once-per-pass.js";

// Every unit of the validator shares the value: it is frozen when first shown (SORTED), not at each
// unit, where V8 tells whether an object of many keys is frozen by reading every key, nor at
// compile (a const of a million arrays took a fifth of a second to freeze, for no error yet).
const explainConst: Explain<unknown> = (value, instance) => {
  const shown = typeof value === "object" && value !== null ? SORTED.of(value) : value;
  return { error: headOf(shown) + showData(instance), params: { allowedValue: shown } };
};

const head = (value: unknown): string => `must be equal to ${showKept(value)}, but is `;
const HEADS = new Heads<number | string>(head);
// An object's or array's head is made at each unit: kept per value, every validator's explainer
// would keep one of its own (memory after the first invalid instance).
const headOf = (value: unknown): string => (typeof value === "number" || typeof value === "string" ? HEADS.of(value) : head(value));
/** The value with its keys sorted (a copy, when an object's keys are not), frozen: what a unit shows. */
const frozenSorted = (value: unknown): unknown => deepFreeze(sortedKeys(value));
/** frozenSorted() of an object or array: once per value, made when a unit first shows it. */
const SORTED = new Kept<object, unknown>(frozenSorted);

export const constKeyword: Keyword = {
  name: "const",
  vocabulary: "validation",
  compile(value, ctx) {
    // Messages and params show the value with its keys sorted, as the cache key does: the same whatever the order written.
    const where = ctx.where(explainConst, value);
    if (typeof value !== "object" || value === null) {
      return (instance, state, at) => instance === value || report(state, at, where, instance);
    }
    return (instance, state, at) => equal(instance, value, (object) => keysOf(object, state)) || report(state, at, where, instance);
  },
  plan(value, { plan }) {
    if (typeof value === "object" && value !== null) return false;
    plan.allowed = value;
    plan.rules |= CONST;
    return true;
  },
  explain: (value, e, instance) => (typeof value !== "object" || value === null ? instance === value : equal(instance, value, (object) => e.keys(object))) || e.report(explainConst, value, instance),
};
