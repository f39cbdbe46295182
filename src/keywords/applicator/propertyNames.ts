import { childPath, report, shownName } from "../../engine/report.js";
import { OBJECT } from "../../json/type-of.js";
import type { Keyword } from "../types.js";
import type { Explain } from "../../engine/types.js";
import { firstKeyToCheck, NAMES_SEEN } from "../../engine/witness.js";
import { keysOf } from "../../engine/once-per-pass.js";
import { dropAnnotations } from "../../engine/node-wrappers.js";

const explainName: Explain<undefined> = (_data, _instance, name) => ({
  error: `property name ${shownName(name as string)} does not match the propertyNames schema`,
  params: { propertyName: name },
});

export const propertyNamesKeyword: Keyword = {
  name: "propertyNames",
  vocabulary: "applicator",
  appliesTo: OBJECT,
  children: "schema",
  // Its instances are the names, not the properties.
  evaluatesProperties: () => false,
  compile(value, ctx) {
    if (value === true) return undefined;
    // Its annotations would sit at the property's value, which they do not describe (the name has no location).
    const check = ctx.annotating ? dropAnnotations(ctx.subschema(value), true) : ctx.subschema(value);
    // The subschema's own errors sit at the property; this one names the property.
    const where = ctx.where(explainName, undefined);
    const location = ctx.location;
    return (instance, state, at) => {
      const object = instance as object;
      const keys = keysOf(object, state);
      let valid = true;
      // validate()'s boolean pass records the name that failed; its error pass starts there (witness.ts).
      for (let k = state.witness === undefined ? 0 : firstKeyToCheck(state.witness, object, keys, location, NAMES_SEEN); k < keys.length; k++) {
        const name = keys[k]!;
        if (check(name, state, childPath(state, at, name)) || report(state, at, where, instance, name)) continue;
        if (!state.allErrors) return state.witness === undefined ? false : state.witness.record(object, location, NAMES_SEEN, name);
        valid = false;
      }
      return valid;
    };
  },
  explain(value, e, instance) {
    let valid = true;
    const object = instance as object;
    const keys = e.keys(object);
    for (let k = e.firstKey(object, keys, NAMES_SEEN); k < keys.length; k++) {
      const name = keys[k]!;
      if (e.child(value, name, name, "propertyNames") || e.report(explainName, undefined, instance, name)) continue;
      if (!e.allErrors) return false;
      valid = false;
    }
    return valid;
  },
};
