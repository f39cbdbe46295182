import type { Check } from "../../engine/types.js";
import { OBJECT } from "../../json/type-of.js";
import type { Explaining, Keyword } from "../types.js";
import { schemaMap } from "../values.js";
import { keysOf } from "../../engine/once-per-pass.js";
import { fromKeys, rulesOf, setOff, setsOff, type Rules } from "./declared-order.js";

export const dependentSchemasKeyword: Keyword = {
  name: "dependentSchemas",
  vocabulary: "applicator",
  appliesTo: OBJECT,
  children: "map",
  inPlace: true,
  compile(value, ctx) {
    const map = schemaMap(value, ctx);
    const rules = rulesOf(map);
    const names = rules.declared.names;
    if (names.length === 0) return undefined;
    const checks: Check[] = names.map((name) => ctx.applicator(map[name], name));
    const many = fromKeys(rules);
    return (instance, state, at) => {
      const object = instance as object;
      const places = many ? setOff(rules, keysOf(object, state)) : undefined;
      const count = places === undefined ? names.length : places.length;
      let valid = true;
      for (let k = 0; k < count; k++) {
        const i = places === undefined ? k : places[k]!;
        if ((places === undefined && !setsOff(object, names[i]!)) || checks[i]!(instance, state, at)) continue;
        if (!state.allErrors) return false;
        valid = false;
      }
      return valid;
    };
  },
  prepare: (value) => rulesOf(value as Record<string, unknown>),
  explain: (prepared, e, instance) => explainDependentSchemas(prepared as Rules<unknown>, e, instance as object),
};

/** dependentSchemas' units (and those of the schemas of `dependencies`), in the closure's order. */
export function explainDependentSchemas(rules: Rules<unknown>, e: Explaining, instance: object): boolean {
  const places = fromKeys(rules) ? setOff(rules, e.keys(instance)) : undefined;
  const { map, declared } = rules;
  const count = places === undefined ? declared.names.length : places.length;
  let valid = true;
  for (let k = 0; k < count; k++) {
    const property = declared.names[places === undefined ? k : places[k]!]!;
    if ((places === undefined && !setsOff(instance, property)) || e.child(map[property], instance, undefined, e.keyword, property)) continue;
    if (!e.allErrors) return false;
    valid = false;
  }
  return valid;
}
