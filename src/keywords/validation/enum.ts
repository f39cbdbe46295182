import { report, show, showData, showKept } from "../../engine/report.js";
import { sortedKeys } from "../../json/canonical.js";
import { deepFreeze } from "../../json/freeze.js";
import type { Keyword } from "../types.js";
import { CONST, ENUM } from "../../engine/plan.js";
import { keysOf } from "../../engine/once-per-pass.js";
import type { Explain } from "../../engine/types.js";
import { ArrayHeads, Kept } from "../../engine/message-heads.js";
import { membersIn, StructuredMembers } from "../../json/member-set.js";
import { shortenStart } from "../../output/shorten.js";

// The values are frozen as they are handed out: every unit of the validator shares them.
const explainEnum: Explain<readonly unknown[]> = (values, instance) => ({
  error: values.length === 1 ? `must be equal to ${show(values[0])}, but is ${showData(instance)}` : `must be one of ${LISTS.of(values)}, but is ${showData(instance)}`,
  params: { allowedValues: deepFreeze(values) },
});

/** The values as a list of at most 200 characters (the first 199 and "…"), written once per values array: writing it was most of an enum unit's cost. */
const LISTS = new ArrayHeads<unknown>((values) => {
  let text = "";
  for (let i = 0; i < values.length && text.length <= 200; i++) text += (i === 0 ? "" : ", ") + showKept(values[i]);
  return text.length > 200 ? shortenStart(text, 199) + "…" : text;
});

/** The values with their keys sorted, as const's value is shown: the array itself when none is an object or an array. */
const shown = (values: readonly unknown[]): readonly unknown[] => (values.every((v) => typeof v !== "object" || v === null) ? values : values.map(sortedKeys));
/** shown(), for the explain hook's units: once per values array (the closure's is made at compile). */
const SHOWN = new Kept(shown);
/** The explain hook's members, once per values array: its primitives, and its objects and arrays (made when one is first looked up). */
const PRIMITIVES = new Kept(membersIn);
const STRUCTURED = new Kept((values: readonly unknown[]) => new StructuredMembers(values));

const SCANNED_UP_TO = 8;

export const enumKeyword: Keyword = {
  name: "enum",
  vocabulary: "validation",
  compile(value, ctx) {
    if (!Array.isArray(value)) return ctx.fail("must be an array");
    // Shown with their keys sorted, as const's value is.
    const where = ctx.where(explainEnum, shown(value));
    // Primitives by identity, as a Set has them (SameValueZero: 0 equals -0); objects and arrays by deep equality.
    const primitives = membersIn(value);
    const structured = new StructuredMembers(value);
    if (structured.size === 0) {
      return (instance, state, at) => primitives.has(instance) || report(state, at, where, instance);
    }
    return (instance, state, at) => {
      if (typeof instance !== "object" || instance === null) return primitives.has(instance) || report(state, at, where, instance);
      return structured.has(instance, (object) => keysOf(object, state)) || report(state, at, where, instance);
    };
  },
  plan(value, { plan }) {
    const values = value as unknown[];
    // One slot holds the allowed values: beside a planned const, enum stays a closure.
    if (values.some((v) => typeof v === "object" && v !== null) || (plan.rules & CONST) !== 0) return false;
    // A few values are scanned (an array costs half of a Set); includes() and has() agree (SameValueZero).
    const many = values.length > SCANNED_UP_TO;
    plan.allowed = many ? membersIn(values) : values;
    plan.rules |= ENUM;
    return true;
  },
  explain(value, e, instance) {
    const values = value as unknown[];
    // As the closure: primitives by SameValueZero, objects and arrays by deep equality.
    const found = typeof instance !== "object" || instance === null ? PRIMITIVES.of(values).has(instance) : STRUCTURED.of(values).has(instance, (object) => e.keys(object));
    return found || e.report(explainEnum, SHOWN.of(values), instance);
  },
};
