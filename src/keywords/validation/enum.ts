import { report, show, showData } from "../../engine/report.js";
import { equal } from "../../json/equal.js";
import { sortedKeys } from "../../json/canonical.js";
import type { Keyword } from "../types.js";
import { CONST, ENUM } from "../../engine/plan.js";
import type { Explain } from "../../engine/types.js";

const explainEnum: Explain<unknown[]> = (values, instance) => {
  const allowed = values.map((v) => show(v)).join(", ");
  return {
    error:
      values.length === 1
        ? `must be equal to ${allowed}, but is ${showData(instance)}`
        : `must be one of ${allowed.length > 200 ? allowed.slice(0, 199) + "…" : allowed}, but is ${showData(instance)}`,
    params: { allowedValues: values },
  };
};

const SCANNED_UP_TO = 8;

export const enumKeyword: Keyword = {
  name: "enum",
  vocabulary: "validation",
  compile(value, ctx) {
    if (!Array.isArray(value)) return ctx.fail("must be an array");
    // Shown with their keys sorted, as const's value is.
    const where = ctx.where(explainEnum, value.map(sortedKeys));
    // Primitives by identity in a Set (SameValueZero: 0 equals -0); objects and arrays by deep equality.
    const primitives = new Set(value.filter((v) => typeof v !== "object" || v === null));
    const structured = value.filter((v) => typeof v === "object" && v !== null);
    if (structured.length === 0) {
      return (instance, state, at) => primitives.has(instance) || report(state, at, where, instance);
    }
    return (instance, state, at) => {
      if (typeof instance !== "object" || instance === null) return primitives.has(instance) || report(state, at, where, instance);
      for (const candidate of structured) if (equal(instance, candidate)) return true;
      return report(state, at, where, instance);
    };
  },
  plan(value, { plan }) {
    const values = value as unknown[];
    // One slot holds the allowed values: beside a planned const, enum stays a closure.
    if (values.some((v) => typeof v === "object" && v !== null) || (plan.rules & CONST) !== 0) return false;
    // A few values are scanned (an array costs half of a Set); includes() and Set.has() agree (SameValueZero).
    const many = values.length > SCANNED_UP_TO;
    plan.allowed = many ? new Set(values) : values;
    plan.rules |= ENUM;
    return true;
  },
  explain(value, e, instance) {
    const values = value as unknown[];
    // As the closure: primitives by SameValueZero, objects and arrays by deep equality.
    const found = typeof instance !== "object" || instance === null ? values.some((v) => (typeof v !== "object" || v === null) && v === instance) : values.some((v) => typeof v === "object" && v !== null && equal(instance, v));
    return found || e.report(explainEnum, values.map(sortedKeys), instance);
  },
};
