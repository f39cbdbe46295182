import { childPath } from "../../engine/report.js";
import type { Check } from "../../engine/types.js";
import { isObject, OBJECT } from "../../json/type-of.js";
import type { Keyword } from "../types.js";
import { schemaMap } from "../values.js";
import { sharedMatcher } from "../../engine/regexes.js";

export const patternPropertiesKeyword: Keyword = {
  name: "patternProperties",
  vocabulary: "applicator",
  appliesTo: OBJECT,
  children: "map",
  reaches: "property",
  regexes: (value) => (isObject(value) ? Object.keys(value) : []),
  compile(value, ctx) {
    const map = schemaMap(value, ctx);
    const patterns = Object.keys(map);
    if (patterns.length === 0) return undefined;
    const regexes = patterns.map((p) => ctx.regex(p));
    const checks: Check[] = patterns.map((p) => ctx.subschema(map[p], p));
    const tracking = ctx.tracking;
    ctx.annotate((instance) => Object.keys(instance as object).filter((name) => regexes.some((r) => r.test(name))));
    return (instance, state, at) => {
      const object = instance as Record<string, unknown>;
      let valid = true;
      for (const name of Object.keys(object)) {
        for (let i = 0; i < regexes.length; i++) {
          if (!regexes[i]!.test(name)) continue;
          if (tracking) state.ev!.addProp(name);
          if (!checks[i]!(object[name], state, childPath(state, at, name))) {
            if (!state.allErrors) return false;
            valid = false;
          }
        }
      }
      return valid;
    };
  },
  explain(value, e, instance) {
    const map = value as Record<string, unknown>;
    const patterns = Object.keys(map);
    const object = instance as Record<string, unknown>;
    let valid = true;
    for (const name of Object.keys(object)) {
      for (const pattern of patterns) {
        if (!sharedMatcher(pattern).test(name) || e.child(map[pattern], object[name], name, "patternProperties", pattern)) continue;
        if (!e.allErrors) return false;
        valid = false;
      }
    }
    return valid;
  },
};
