import { childPath, report } from "../../engine/report.js";
import { isObject, OBJECT } from "../../json/type-of.js";
import type { Keyword } from "../types.js";

/** Applies to properties matched by neither `properties` nor `patternProperties` (read from the parent). */
export const additionalPropertiesKeyword: Keyword = {
  name: "additionalProperties",
  vocabulary: "applicator",
  appliesTo: OBJECT,
  children: "schema",
  compile(value, ctx, parent) {
    if (value === true && !ctx.tracking && !ctx.annotating) return undefined;
    const declared = isObject(parent["properties"]) ? new Set(Object.keys(parent["properties"])) : new Set<string>();
    const regexes = isObject(parent["patternProperties"]) ? Object.keys(parent["patternProperties"]).map((p) => ctx.regex(p)) : [];
    const isAdditional = (name: string) => !declared.has(name) && !regexes.some((r) => r.test(name));
    const tracking = ctx.tracking;
    ctx.annotate((instance) => Object.keys(instance as object).filter(isAdditional));
    if (value === false) {
      const where = ctx.where((_instance, name) => ({
        error: `must not have property ${JSON.stringify(name)} (additionalProperties is false)`,
        params: { additionalProperty: name },
      }));
      return (instance, state, at) => {
        let valid = true;
        for (const name of Object.keys(instance as object)) {
          if (!isAdditional(name)) continue;
          valid = report(state, at, where, instance, name);
          if (!state.allErrors) return false;
        }
        if (valid && tracking) state.ev!.allProps = true;
        return valid;
      };
    }
    const check = ctx.subschema(value);
    return (instance, state, at) => {
      const object = instance as Record<string, unknown>;
      let valid = true;
      for (const name of Object.keys(object)) {
        if (!isAdditional(name) || check(object[name], state, childPath(state, at, name))) continue;
        if (!state.allErrors) return false;
        valid = false;
      }
      if (valid && tracking) state.ev!.allProps = true;
      return valid;
    };
  },
};
