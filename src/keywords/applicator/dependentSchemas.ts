import type { Check } from "../../engine/types.js";
import { OBJECT } from "../../json/type-of.js";
import type { Explaining, Keyword } from "../types.js";
import { schemaMap } from "../values.js";

export const dependentSchemasKeyword: Keyword = {
  name: "dependentSchemas",
  vocabulary: "applicator",
  appliesTo: OBJECT,
  children: "map",
  inPlace: true,
  compile(value, ctx) {
    const map = schemaMap(value, ctx);
    const rules: [property: string, check: Check][] = Object.keys(map).map((name) => [name, ctx.applicator(map[name], name)]);
    if (rules.length === 0) return undefined;
    return (instance, state, at) => {
      let valid = true;
      for (const [property, check] of rules) {
        if (!Object.hasOwn(instance as object, property) || check(instance, state, at)) continue;
        if (!state.allErrors) return false;
        valid = false;
      }
      return valid;
    };
  },
  explain: (value, e, instance) => explainDependentSchemas(value as Record<string, unknown>, e, instance as object),
};

/** dependentSchemas' units (and those of the schemas of `dependencies`), in the closure's order. */
export function explainDependentSchemas(map: Record<string, unknown>, e: Explaining, instance: object): boolean {
  let valid = true;
  for (const property of Object.keys(map)) {
    if (!Object.hasOwn(instance, property) || e.child(map[property], instance, undefined, e.keyword, property)) continue;
    if (!e.allErrors) return false;
    valid = false;
  }
  return valid;
}
