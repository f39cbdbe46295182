import { report, show, showData } from "../../engine/report.js";
import { equal } from "../../json/equal.js";
import { sortedKeys } from "../../json/canonical.js";
import { deepFreeze } from "../../json/freeze.js";
import type { Keyword } from "../types.js";
import { CONST } from "../../engine/plan.js";
import type { Explain } from "../../engine/types.js";
import { Heads, Kept } from "../../engine/message-heads.js";
import { keysOf } from "../../engine/once-per-pass.js";

// Every unit of the validator shares the value: it is frozen when made (frozenSorted), not at each
// unit, where V8 tells whether an object of many keys is frozen by reading every key.
const explainConst: Explain<unknown> = (value, instance) => ({ error: headOf(value) + showData(instance), params: { allowedValue: value } });

const head = (value: unknown): string => `must be equal to ${show(value)}, but is `;
const HEADS = new Heads<number | string>(head);
// An object's or array's head is made at each unit: kept per value, every validator's explainer
// would keep one of its own (memory after the first invalid instance).
const headOf = (value: unknown): string => (typeof value === "number" || typeof value === "string" ? HEADS.of(value) : head(value));
/** The value with its keys sorted (a copy, when an object or array), frozen: what a unit shows. */
const frozenSorted = (value: unknown): unknown => deepFreeze(sortedKeys(value));
/** frozenSorted() of an object or array, for the explain hook's units: once per value (the closure's is made at compile). */
const SORTED = new Kept<object, unknown>(frozenSorted);

export const constKeyword: Keyword = {
  name: "const",
  vocabulary: "validation",
  compile(value, ctx) {
    // Messages and params show the value with its keys sorted, as the cache key does: the same whatever the order written.
    const where = ctx.where(explainConst, frozenSorted(value));
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
  explain: (value, e, instance) => (typeof value !== "object" || value === null ? instance === value : equal(instance, value, (object) => e.keys(object))) || e.report(explainConst, typeof value === "object" && value !== null ? SORTED.of(value) : value, instance),
};
