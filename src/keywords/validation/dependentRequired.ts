import { report } from "../../engine/report.js";
import { isObject, OBJECT } from "../../json/type-of.js";
import type { Explaining, Keyword } from "../types.js";
import type { Explain } from "../../engine/types.js";
import { quote } from "../../json/quote.js";
import { hasMember } from "../../json/declared.js";
import { keysOf } from "../../engine/once-per-pass.js";
import { fromKeys, rulesOf, setOff, setsOff, type Rules } from "../applicator/declared-order.js";

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
    for (const [property, names] of Object.entries(value)) {
      if (!Array.isArray(names) || !names.every((n) => typeof n === "string")) return ctx.fail(`the entry ${JSON.stringify(property)} must be an array of strings`);
    }
    const rules = rulesOf(value as Record<string, readonly string[]>);
    const { map, declared } = rules;
    const many = fromKeys(rules);
    const where = ctx.where(explainDependent, undefined);
    return (instance, state, at) => {
      const object = instance as object;
      const places = many ? setOff(rules, keysOf(object, state)) : undefined;
      const count = places === undefined ? declared.names.length : places.length;
      let valid = true;
      for (let k = 0; k < count; k++) {
        const property = declared.names[places === undefined ? k : places[k]!]!;
        if (places === undefined && !setsOff(object, property)) continue;
        for (const name of map[property]!) {
          if (hasMember(object, name)) continue;
          valid = report(state, at, where, instance, [property, name]);
          if (!state.allErrors) return false;
        }
      }
      return valid;
    };
  },
  prepare: (value) => rulesOf(value as Record<string, readonly string[]>),
  explain: (prepared, e, instance) => explainDependentRequired(prepared as Rules<readonly string[]>, e, instance as object),
};

/** dependentRequired's units (and those of the name lists of `dependencies`), in the closure's order. */
export function explainDependentRequired(rules: Rules<readonly string[]>, e: Explaining, instance: object): boolean {
  const places = fromKeys(rules) ? setOff(rules, e.keys(instance)) : undefined;
  const { map, declared } = rules;
  const count = places === undefined ? declared.names.length : places.length;
  let valid = true;
  for (let k = 0; k < count; k++) {
    const property = declared.names[places === undefined ? k : places[k]!]!;
    if (places === undefined && !setsOff(instance, property)) continue;
    for (const name of map[property]!) {
      if (hasMember(instance, name)) continue;
      valid = e.report(explainDependent, undefined, instance, [property, name]);
      if (!e.allErrors) return false;
    }
  }
  return valid;
}
