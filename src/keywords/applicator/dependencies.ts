import { report } from "../../engine/report.js";
import type { Check } from "../../engine/types.js";
import { OBJECT } from "../../json/type-of.js";
import type { Keyword } from "../types.js";
import { schemaMap } from "../values.js";

/**
 * The draft-07 keyword that 2020-12 split into dependentRequired and dependentSchemas; the
 * 2020-12 metaschema still describes it, so it keeps its meaning: an array of names works like
 * dependentRequired, a schema like dependentSchemas.
 */
export const dependenciesKeyword: Keyword = {
  name: "dependencies",
  vocabulary: "applicator",
  appliesTo: OBJECT,
  children: "map",
  inPlace: true,
  compile(value, ctx) {
    const map = schemaMap(value, ctx);
    const where = ctx.where((_instance, detail) => {
      const [property, missing] = detail as [string, string];
      return {
        error: `must have property ${JSON.stringify(missing)} when property ${JSON.stringify(property)} is present`,
        params: { property, missingProperty: missing },
      };
    });
    const rules: Check[] = Object.keys(map).map((property) => {
      const rule = map[property];
      if (!Array.isArray(rule)) {
        const check = ctx.applicator(rule, property);
        return (instance, state, at) => !Object.hasOwn(instance as object, property) || check(instance, state, at);
      }
      if (!rule.every((name) => typeof name === "string")) return ctx.fail(`the entry ${JSON.stringify(property)} must be an array of strings or a schema`);
      return (instance, state, at) => {
        if (!Object.hasOwn(instance as object, property)) return true;
        const missing = (rule as string[]).find((name) => !Object.hasOwn(instance as object, name));
        return missing === undefined || report(state, at, where, instance, [property, missing]);
      };
    });
    return (instance, state, at) => {
      let valid = true;
      for (const rule of rules) {
        if (rule(instance, state, at)) continue;
        if (!state.allErrors) return false;
        valid = false;
      }
      return valid;
    };
  },
};
