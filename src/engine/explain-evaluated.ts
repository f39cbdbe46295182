// Which properties of an object count as evaluated for the explainer's unevaluatedProperties: what
// the tracking closures record (evaluated.ts), found by walking the schema objects applied in
// place and asking the plans whether a subschema holds only where that decides. As in the
// closures: `properties` evaluates the names it declares that are present; allOf members, then,
// else and a reference's target add theirs whether or not they hold; an anyOf/oneOf branch or
// `if` adds its names only when it holds; `not` adds none. The explainer serves only the schemas
// this walk reads whole (walkable); the others keep the closures. A subschema with its own
// unevaluatedProperties is one of those: its verdict would be asked here besides where its
// parent explains it, and along a chain of such subschemas (each a `$ref` to the next) the
// questions would double at every level, where the closures' trackers evaluate each once.
import { isObject } from "../json/type-of.js";
import type { Keyword, SchemaObject } from "../keywords/types.js";
import { ALL_OF, ANY_OF, IF, ONE_OF, type Plan } from "./plan.js";

/** What the walk asks of the explainer. */
export interface EvaluatedLookup {
  /** A keyword's value at a schema object, when it is a keyword of the dialect in force there. */
  member(schema: SchemaObject, name: string): unknown;
  /** Whether a subschema (with its plan, when known) holds for the instance. */
  verdict(schema: unknown, plan: Plan | undefined, instance: unknown): boolean;
  /** The target of the schema object's `$ref`, with its plan when known. */
  landing(schema: SchemaObject, plan: Plan | undefined): { readonly schema: unknown; readonly plan: Plan | undefined } | undefined;
}

/** Keywords whose subschemas the walk follows (a static reference too); `not` only because its subschema adds nothing. */
const FOLLOWED = new Set(["allOf", "anyOf", "oneOf", "not", "if", "then", "else"]);
/**
 * The other keywords with subschemas the walk may meet: `properties`, which it reads, and those
 * that evaluate no property names (names, items, definitions). Any other (patternProperties,
 * additionalProperties, dependentSchemas, a keyword added later) leaves the schema to the closures.
 */
const NO_NAMES_OR_READ = new Set(["properties", "propertyNames", "prefixItems", "items", "additionalItems", "contains", "unevaluatedItems", "$defs", "definitions", "contentSchema"]);
/** Schema objects one walk may visit, along every path (references can lead to one object twice). */
const MAX_VISITS = 64;
const UNEVALUATED = "unevaluatedProperties";

/**
 * Whether the walk reads everything the schema object (which holds unevaluatedProperties) and
 * its in-place subschemas evaluate: no keyword with subschemas but those it follows or knows
 * (NO_NAMES_OR_READ; not another unevaluatedProperties), and a bounded number of objects along
 * every path.
 */
export function walkable(schema: SchemaObject, keywordsOf: (schema: SchemaObject) => readonly Keyword[], resolve: (reference: unknown) => { readonly schema: unknown } | undefined): boolean {
  let visits = 0;
  const visit = (at: unknown, top: boolean): boolean => {
    if (!isObject(at)) return true;
    if (++visits > MAX_VISITS) return false;
    for (const keyword of keywordsOf(at)) {
      if (keyword.reference !== undefined) {
        const landing = keyword.reference === "static" ? resolve(at[keyword.name]) : undefined;
        if (landing === undefined || !visit(landing.schema, false)) return false;
      } else if (FOLLOWED.has(keyword.name)) {
        if (keyword.name === "not") continue;
        const value = at[keyword.name];
        const children = Array.isArray(value) ? value : [value];
        if (!children.every((child) => visit(child, false))) return false;
      } else if (keyword.children !== undefined && !NO_NAMES_OR_READ.has(keyword.name) && !(top && keyword.name === UNEVALUATED)) return false;
    }
    return true;
  };
  return visit(schema, true);
}

/** The names of `object` the schema object (with its plan, when known) and its in-place subschemas evaluated. */
export function evaluatedProperties(schema: SchemaObject, plan: Plan | undefined, object: Record<string, unknown>, lookup: EvaluatedLookup): ReadonlySet<string> {
  const names = new Set<string>();
  addEvaluated(schema, plan, object, lookup, names);
  return names;
}

/** Adds what `schema` evaluates to `names`. */
function addEvaluated(schema: unknown, plan: Plan | undefined, object: Record<string, unknown>, lookup: EvaluatedLookup, names: Set<string>): void {
  if (!isObject(schema)) return;
  const properties = lookup.member(schema, "properties");
  if (isObject(properties)) for (const name of Object.keys(properties)) if (Object.hasOwn(object, name)) names.add(name);
  const rules = plan === undefined ? 0 : plan.rules;
  const applied = plan?.applied;
  const allOf = lookup.member(schema, "allOf") as readonly unknown[] | undefined;
  if (allOf !== undefined) {
    const plans = (rules & ALL_OF) !== 0 ? applied!.allOf : undefined;
    for (let i = 0; i < allOf.length; i++) addEvaluated(allOf[i], plans?.[i], object, lookup, names);
  }
  for (const keyword of BRANCHES) {
    const branches = lookup.member(schema, keyword) as readonly unknown[] | undefined;
    if (branches === undefined) continue;
    const plans = (rules & (keyword === "anyOf" ? ANY_OF : ONE_OF)) !== 0 ? applied![keyword] : undefined;
    for (let i = 0; i < branches.length; i++) {
      if (lookup.verdict(branches[i], plans?.[i], object)) addEvaluated(branches[i], plans?.[i], object, lookup, names);
    }
  }
  const condition = lookup.member(schema, "if");
  if (condition !== undefined) {
    const conditional = (rules & IF) !== 0 ? applied : undefined;
    if (lookup.verdict(condition, conditional?.condition, object)) {
      addEvaluated(condition, conditional?.condition, object, lookup, names);
      addEvaluated(lookup.member(schema, "then"), conditional?.then, object, lookup, names);
    } else addEvaluated(lookup.member(schema, "else"), conditional?.otherwise, object, lookup, names);
  }
  const landing = lookup.landing(schema, plan);
  if (landing !== undefined) addEvaluated(landing.schema, landing.plan, object, lookup, names);
}

/** The keywords whose subschemas add their names only when they hold (Applied has their plans by the same names). */
const BRANCHES = ["anyOf", "oneOf"] as const;
