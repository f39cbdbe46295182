import type { Check } from "../../engine/types.js";
import { OBJECT } from "../../json/type-of.js";
import type { Keyword } from "../types.js";
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
};
