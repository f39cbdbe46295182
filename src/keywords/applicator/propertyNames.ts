import { childPath, report } from "../../engine/report.js";
import { OBJECT } from "../../json/type-of.js";
import type { Keyword } from "../types.js";
import type { Explain } from "../../engine/types.js";
import { quote } from "../../json/quote.js";

const explainName: Explain<undefined> = (_data, _instance, name) => ({
  error: `property name ${quote(name as string)} does not match the propertyNames schema`,
  params: { propertyName: name },
});

export const propertyNamesKeyword: Keyword = {
  name: "propertyNames",
  vocabulary: "applicator",
  appliesTo: OBJECT,
  children: "schema",
  compile(value, ctx) {
    if (value === true) return undefined;
    const check = ctx.subschema(value);
    // The subschema's own errors sit at the property; this one names the property.
    const where = ctx.where(explainName, undefined);
    return (instance, state, at) => {
      let valid = true;
      for (const name of Object.keys(instance as object)) {
        if (check(name, state, childPath(state, at, name)) || report(state, at, where, instance, name)) continue;
        if (!state.allErrors) return false;
        valid = false;
      }
      return valid;
    };
  },
  explain(value, e, instance) {
    let valid = true;
    for (const name of Object.keys(instance as object)) {
      if (e.child(value, name, name, "propertyNames") || e.report(explainName, undefined, instance, name)) continue;
      if (!e.allErrors) return false;
      valid = false;
    }
    return valid;
  },
};
