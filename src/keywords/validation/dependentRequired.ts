import { report } from "../../engine/report.js";
import { isObject, OBJECT } from "../../json/type-of.js";
import type { Explaining, Keyword } from "../types.js";
import type { Explain } from "../../engine/types.js";
import { quote } from "../../json/quote.js";

const explainDependent: Explain<undefined> = (_data, _instance, detail) => {
  const [property, missing] = detail as [string, string];
  return {
    error: `must have property ${quote(missing)} when property ${quote(property)} is present`,
    params: { property, missingProperty: missing },
  };
};

export const dependentRequiredKeyword: Keyword = {
  name: "dependentRequired",
  vocabulary: "validation",
  appliesTo: OBJECT,
  compile(value, ctx) {
    if (!isObject(value)) return ctx.fail("must be an object of string arrays");
    const rules: [property: string, requires: string[]][] = Object.entries(value).map(([property, names]) => {
      if (!Array.isArray(names) || !names.every((n) => typeof n === "string")) return ctx.fail(`the entry ${JSON.stringify(property)} must be an array of strings`);
      return [property, names as string[]];
    });
    const where = ctx.where(explainDependent, undefined);
    return (instance, state, at) => {
      let valid = true;
      for (const [property, requires] of rules) {
        if (!Object.hasOwn(instance as object, property)) continue;
        for (const name of requires) {
          if (Object.hasOwn(instance as object, name)) continue;
          valid = report(state, at, where, instance, [property, name]);
          if (!state.allErrors) return false;
        }
      }
      return valid;
    };
  },
  explain: (value, e, instance) => explainDependentRequired(value as Record<string, string[]>, e, instance as object),
};

/** dependentRequired's units (and those of the name lists of `dependencies`), in the closure's order. */
export function explainDependentRequired(rules: Record<string, readonly string[]>, e: Explaining, instance: object): boolean {
  let valid = true;
  for (const property of Object.keys(rules)) {
    if (!Object.hasOwn(instance, property)) continue;
    for (const name of rules[property]!) {
      if (Object.hasOwn(instance, name)) continue;
      valid = e.report(explainDependent, undefined, instance, [property, name]);
      if (!e.allErrors) return false;
    }
  }
  return valid;
}
