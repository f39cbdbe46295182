import { all } from "../../engine/combine.js";
import type { Check } from "../../engine/types.js";
import { OBJECT } from "../../json/type-of.js";
import type { Keyword } from "../types.js";
import { dependentRequiredKeyword, explainDependentRequired } from "../validation/dependentRequired.js";
import { schemaMap } from "../values.js";
import { dependentSchemasKeyword, explainDependentSchemas } from "./dependentSchemas.js";
import { rulesOf, type Rules } from "./declared-order.js";

/**
 * The draft-07 keyword that 2020-12 split into dependentRequired and dependentSchemas; the
 * 2020-12 metaschema still describes it, so it keeps its meaning: its arrays of names are
 * compiled as dependentRequired, its schemas as dependentSchemas (at this keyword's location).
 */
export const dependenciesKeyword: Keyword = {
  name: "dependencies",
  vocabulary: "applicator",
  appliesTo: OBJECT,
  children: "map",
  inPlace: true,
  compile(value, ctx, parent) {
    const map = schemaMap(value, ctx);
    // Null-prototype maps: a property named "__proto__" stays an ordinary key.
    const names: Record<string, unknown> = Object.create(null);
    const schemas: Record<string, unknown> = Object.create(null);
    for (const property of Object.keys(map)) {
      const rule = map[property];
      if (Array.isArray(rule)) names[property] = rule;
      else schemas[property] = rule;
    }
    const checks = [dependentRequiredKeyword.compile(names, ctx, parent), dependentSchemasKeyword.compile(schemas, ctx, parent)];
    return all(checks.filter((c): c is Check => c !== undefined));
  },
  // Split once per schema object, as compile splits it.
  prepare(value) {
    const map = value as Record<string, unknown>;
    const names: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
    const schemas: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const property of Object.keys(map)) {
      if (Array.isArray(map[property])) names[property] = map[property] as string[];
      else schemas[property] = map[property];
    }
    return [rulesOf(names), rulesOf(schemas)];
  },
  explain(prepared, e, instance) {
    const [names, schemas] = prepared as [Rules<readonly string[]>, Rules<unknown>];
    const required = explainDependentRequired(names, e, instance as object);
    return (required || e.allErrors) && explainDependentSchemas(schemas, e, instance as object) && required;
  },
};
