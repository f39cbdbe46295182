import { alternatives, report, showData, showNonJson } from "../../engine/report.js";
import type { Check, Explain } from "../../engine/types.js";
import { isJsonObject, TYPE_NAMES, typeMask, typeName, typeOf } from "../../json/type-of.js";
import type { Keyword } from "../types.js";
import { deepFreeze } from "../../json/freeze.js";
import { ArrayHeads, Heads } from "../../engine/message-heads.js";

// An array of names is the schema's own (the explainer's copy reads it again): frozen as it is handed out.
const explainType: Explain<string | string[]> = (type, instance) => ({
  error: (typeof type === "string" ? HEADS.of(type) : LISTED.of(type)) + found(instance),
  params: { type: deepFreeze(type) },
});

const head = (names: readonly string[]): string => `must be ${alternatives(names)}, but is `;
const HEADS = new Heads<string>((name) => head([name]));
const LISTED = new ArrayHeads<string>(head);

export const typeKeyword: Keyword = {
  name: "type",
  vocabulary: "validation",
  compile(value, ctx) {
    const names = typeof value === "string" ? [value] : value;
    if (!Array.isArray(names) || names.length === 0 || !names.every((n) => typeof n === "string" && Object.hasOwn(TYPE_NAMES, n))) {
      return ctx.fail(`must be a JSON type name or a non-empty array of them`);
    }
    const where = ctx.where(explainType, value as string | string[]);
    if (names.length === 1) return single(names[0] as string, where);
    const mask = typeMask(value)!;
    return (instance, state, at) => (typeOf(instance) & mask) !== 0 || report(state, at, where, instance);
  },
  plan(value, { plan }) {
    plan.types = typeMask(value)!;
    return true;
  },
  // The mask, made once per schema object (a message reads the names from the schema object).
  prepare: (value) => typeMask(value)!,
  explain: (mask, e, instance, parent) => (typeOf(instance) & (mask as number)) !== 0 || e.report(explainType, parent["type"] as string | string[], instance),
};

/** What was found: a primitive as written ("x", 1.5, true, null), a container by kind. */
function found(instance: unknown): string {
  if (typeOf(instance) === 0) return `not JSON (${showNonJson(instance)})`;
  const name = typeName(instance);
  return name === "object" ? "an object" : name === "array" ? "an array" : showData(instance);
}

/** One type name: a direct test, no mask lookup. */
function single(name: string, where: Parameters<typeof report>[2]): Check {
  switch (name) {
    case "string":
      return (instance, state, at) => typeof instance === "string" || report(state, at, where, instance);
    case "object":
      return (instance, state, at) => isJsonObject(instance) || report(state, at, where, instance);
    case "array":
      return (instance, state, at) => Array.isArray(instance) || report(state, at, where, instance);
    case "integer":
      return (instance, state, at) => Number.isInteger(instance) || report(state, at, where, instance);
    case "number":
      return (instance, state, at) => (typeof instance === "number" && Number.isFinite(instance)) || report(state, at, where, instance);
    case "boolean":
      return (instance, state, at) => typeof instance === "boolean" || report(state, at, where, instance);
    default:
      return (instance, state, at) => instance === null || report(state, at, where, instance);
  }
}
