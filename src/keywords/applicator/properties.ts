import { childPath } from "../../engine/report.js";
import type { Check } from "../../engine/types.js";
import { OBJECT } from "../../json/type-of.js";
import type { Keyword } from "../types.js";
import { schemaMap } from "../values.js";

export const propertiesKeyword: Keyword = {
  name: "properties",
  vocabulary: "applicator",
  appliesTo: OBJECT,
  children: "map",
  compile(value, ctx) {
    const map = schemaMap(value, ctx);
    const names = Object.keys(map);
    const checks: Check[] = names.map((name) => ctx.subschema(map[name], name));
    const count = names.length;
    if (count === 0) return undefined;
    const tracking = ctx.tracking;
    ctx.annotate((instance) => names.filter((name) => Object.hasOwn(instance as object, name)));
    // Many declared names (a metaschema, a wide API object): walk the instance's keys instead.
    if (count > 8 && !tracking) {
      const byName = new Map(names.map((name, i) => [name, checks[i]!]));
      return (instance, state, at) => {
        const object = instance as Record<string, unknown>;
        let valid = true;
        for (const name of Object.keys(object)) {
          const check = byName.get(name);
          if (check === undefined || check(object[name], state, childPath(state, at, name))) continue;
          if (!state.allErrors) return false;
          valid = false;
        }
        return valid;
      };
    }
    return (instance, state, at) => {
      const object = instance as Record<string, unknown>;
      let valid = true;
      for (let i = 0; i < count; i++) {
        const name = names[i]!;
        if (!Object.hasOwn(object, name)) continue;
        if (tracking) state.ev!.addProp(name);
        if (!checks[i]!(object[name], state, childPath(state, at, name))) {
          if (!state.allErrors) return false;
          valid = false;
        }
      }
      return valid;
    };
  },
};
