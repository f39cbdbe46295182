// Which properties of an object, or items of an array, count as evaluated for the explainer's
// unevaluatedProperties and unevaluatedItems: what the tracking closures record (evaluated.ts),
// found by walking the schema objects applied in place and asking the plans whether a subschema
// holds only where that decides. As in the closures: a keyword with `evaluatesProperties` or
// `evaluatesItems` evaluates the names or items it says; allOf members, then, else, the
// dependentSchemas of present names and a reference's target add theirs whether or not they
// hold; an anyOf/oneOf branch or `if` adds its own only when it holds; `not` adds none. The
// explainer serves only the schemas this walk reads whole (walkable); the others keep the
// closures. A subschema in place with its own unevaluated keyword evaluates everything when it
// holds (that keyword's hook), nothing when it fails; along a chain of them (each a `$ref` to the
// next) its verdict is asked here besides where its parent explains it, which the explainer's
// memo of such verdicts keeps from doubling at every level (explain.ts).
import { ARRAY, isObject, OBJECT } from "../json/type-of.js";
import type { EvaluatedItems, Keyword, SchemaObject, Vocabulary } from "../keywords/types.js";
import { isReferenceOnly, keywordIn, type Dialect } from "../keywords/dialects.js";
import { ALL_OF, ANY_OF, IF, ONE_OF, type Plan } from "./plan.js";

/** What the walk asks of the explainer. */
export interface EvaluatedLookup {
  /** A keyword's value at a schema object, when it is a keyword of the dialect in force there. */
  member(schema: SchemaObject, name: string): unknown;
  /** The keywords of the dialect in force at a schema object that say what they evaluate (evaluatesProperties, evaluatesItems) or that inPlace() follows (evaluating()). */
  evaluating(schema: SchemaObject): readonly Keyword[];
  /** Whether a subschema (with its plan, when known) holds for the instance. */
  verdict(schema: unknown, plan: Plan | undefined, instance: unknown): boolean;
  /** The object's own keys (once-per-pass.ts keysOf). */
  keys(object: object): readonly string[];
  /** The target of the schema object's `$ref`, with its plan when known. */
  landing(schema: SchemaObject, plan: Plan | undefined): { readonly schema: unknown; readonly plan: Plan | undefined } | undefined;
  /** The fixed target of its dynamic reference ($dynamicRef, $recursiveRef), if it has one. */
  dynamicLanding(schema: SchemaObject): unknown;
}

/** Keywords whose subschemas the walk follows (a static reference too), by owner; `not` only because its subschema adds nothing. */
const IN_PLACE = ["allOf", "anyOf", "oneOf", "not", "if", "then", "else"];
const FOLLOWED = { unevaluatedProperties: new Set([...IN_PLACE, "dependentSchemas"]), unevaluatedItems: new Set(IN_PLACE) };
/** Keywords whose subschemas apply to no instance (definitions, contentSchema's). */
const NOT_APPLIED = new Set(["$defs", "definitions", "contentSchema"]);
/** Schema objects one walk may visit, along every path (references can lead to one object twice). */
const MAX_VISITS = 64;

/**
 * The keywords of a dialect, in the vocabularies in force, that the walk reads: those that say
 * what they evaluate (evaluatesProperties, evaluatesItems), and those whose subschemas it
 * follows in place (inPlace()).
 */
export function evaluatingKeywords(dialect: Dialect, vocabularies: ReadonlySet<Vocabulary>): readonly Keyword[] {
  const followed = (keyword: Keyword): boolean => FOLLOWED_IN_PLACE.has(keyword.name) || keyword.reference !== undefined;
  return [...dialect.keywords.values()].filter((keyword) => (keyword.evaluatesProperties !== undefined || keyword.evaluatesItems !== undefined || followed(keyword)) && vocabularies.has(keyword.vocabulary)).slice();
}

const NONE: readonly Keyword[] = Object.freeze([]);
/** What inPlace() follows by the keyword's own name: `then` and `else` it reads from `if`'s, `not` adds nothing. */
const FOLLOWED_IN_PLACE: ReadonlySet<string> = new Set([...FOLLOWED.unevaluatedProperties].filter((name) => name !== "not" && name !== "then" && name !== "else"));

/**
 * Those of `all` (evaluatingKeywords) a schema object has, in no particular order (what they
 * evaluate is a union). The explainer keeps them per schema object its walks visit.
 */
export function evaluating(schema: SchemaObject, dialect: Dialect, all: readonly Keyword[]): readonly Keyword[] {
  if (isReferenceOnly(schema, dialect)) return [dialect.ref]; // its siblings are not keywords; a reference evaluates through its target
  const found = all.filter((keyword) => Object.hasOwn(schema, keyword.name) && keywordIn(schema, keyword.name, dialect) !== undefined);
  return found.length === 0 ? NONE : found.slice(); // kept: a copy of its exact length (a filtered array keeps room to grow)
}

/** The keyword a walk serves: it counts names for the one, items for the other. */
export type Owner = "unevaluatedProperties" | "unevaluatedItems";

/**
 * Whether the walk for `owner` reads what a keyword with subschemas evaluates (its
 * `evaluatesProperties` or `evaluatesItems`), or knows it evaluates nothing there: it applies to
 * no instance, or only to the other kind (by `appliesTo`). Any other (a keyword added later
 * without a hook) leaves the schema to the closures.
 */
function known(keyword: Keyword, owner: Owner): boolean {
  const names = owner === "unevaluatedProperties";
  if ((names ? keyword.evaluatesProperties : keyword.evaluatesItems) !== undefined) return true;
  const kind = names ? OBJECT : ARRAY;
  return NOT_APPLIED.has(keyword.name) || (keyword.appliesTo !== undefined && (keyword.appliesTo & kind) === 0);
}

/**
 * Whether the walk reads everything the schema object (which holds `owner`) and its in-place
 * subschemas evaluate: no keyword with subschemas but those it follows or knows, and a bounded
 * number of objects along every path.
 */
export function walkable(schema: SchemaObject, owner: Owner, keywordsOf: (schema: SchemaObject) => readonly Keyword[], resolve: (holder: SchemaObject, reference: unknown, dynamic: boolean) => { readonly schema: unknown } | undefined): boolean {
  let visits = 0;
  const visit = (at: unknown): boolean => {
    if (!isObject(at)) return true;
    if (++visits > MAX_VISITS) return false;
    for (const keyword of keywordsOf(at)) {
      if (keyword.reference !== undefined) {
        const landing = resolve(at, at[keyword.name], keyword.reference !== "static");
        if (landing === undefined || !visit(landing.schema)) return false;
      } else if (FOLLOWED[owner].has(keyword.name)) {
        if (keyword.name === "not") continue;
        const value = at[keyword.name];
        const children = Array.isArray(value) ? value : keyword.children === "map" && isObject(value) ? Object.values(value) : [value];
        if (!children.every(visit)) return false;
      } else if (keyword.children !== undefined && !known(keyword, owner)) return false;
    }
    return true;
  };
  return visit(schema);
}

/** The names of `object` the schema object (with its plan, when known) and its in-place subschemas evaluated. */
export function evaluatedProperties(schema: SchemaObject, plan: Plan | undefined, object: Record<string, unknown>, lookup: EvaluatedLookup): ReadonlySet<string> {
  const names = new Set<string>();
  const keys = lookup.keys(object);
  const all = everyCounted(schema, plan, object, lookup, "unevaluatedProperties", (keyword, at, holds, atPlan) => {
    const evaluated = keyword.evaluatesProperties?.(at[keyword.name], at, object, holds, atPlan, keys) ?? false;
    if (evaluated !== true && evaluated !== false) for (const name of evaluated) names.add(name);
    return evaluated === true;
  });
  return all ? new Set(keys) : names;
}

/** The items of `array` the schema object (with its plan, when known) and its in-place subschemas evaluated. */
export function evaluatedItems(schema: SchemaObject, plan: Plan | undefined, array: readonly unknown[], lookup: EvaluatedLookup): EvaluatedItems {
  let prefix = 0;
  const indexes = new Set<number>();
  const all = everyCounted(schema, plan, array, lookup, "unevaluatedItems", (keyword, at, holds, atPlan) => {
    const items = keyword.evaluatesItems?.(at[keyword.name], at, array, holds, atPlan) ?? false;
    if (typeof items === "number") prefix = Math.max(prefix, Math.min(items, array.length));
    else if (items !== true && items !== false) for (const index of items) indexes.add(index);
    return items === true;
  });
  return { prefix, indexes, all };
}

type Holds = (schema: unknown, value: unknown, plan: Plan | undefined) => boolean;

/**
 * Reads each keyword of the schema objects whose evaluations count (inPlace), but the `owner`
 * being explained, until `read` says everything is evaluated (then returns true).
 */
function everyCounted(schema: SchemaObject, plan: Plan | undefined, instance: unknown, lookup: EvaluatedLookup, owner: Owner, read: (keyword: Keyword, at: SchemaObject, holds: Holds, plan: Plan | undefined) => boolean): boolean {
  const holds: Holds = (subschema, value, subplan) => lookup.verdict(subschema, subplan, value);
  let all = false;
  inPlace(schema, plan, instance, lookup, (at, atPlan, keywords) => {
    for (const keyword of keywords) {
      if (all) return;
      if (at !== schema || keyword.name !== owner) all = read(keyword, at, holds, atPlan);
    }
  }, true);
  return all;
}

/**
 * Calls `visit` with `schema` and each subschema applied in place whose evaluations count (see the
 * top). Below the first, a schema object with an unevaluated keyword of either kind counts only
 * when it holds, as its closures' own tracker is merged only then (compiler.ts); `held`: known to hold.
 */
function inPlace(schema: unknown, plan: Plan | undefined, instance: unknown, lookup: EvaluatedLookup, visit: (schema: SchemaObject, plan: Plan | undefined, keywords: readonly Keyword[]) => void, top = false, held = false): void {
  if (!isObject(schema)) return;
  const keywords = lookup.evaluating(schema);
  if (!top && !held && keywords.some((keyword) => keyword.vocabulary === "unevaluated") && !lookup.verdict(schema, plan, instance)) return;
  visit(schema, plan, keywords);
  const rules = plan === undefined ? 0 : plan.rules;
  const applied = plan?.applied;
  // The keywords it follows are among those listed (evaluating()): read from the schema object only when it has them.
  for (const keyword of keywords) {
    const name = keyword.name;
    const value = schema[name];
    if (name === "allOf") {
      const plans = (rules & ALL_OF) !== 0 ? applied!.allOf : undefined;
      const all = value as unknown[];
      for (let i = 0; i < all.length; i++) inPlace(all[i], plans?.[i], instance, lookup, visit);
    } else if (name === "anyOf" || name === "oneOf") {
      const plans = (rules & (name === "anyOf" ? ANY_OF : ONE_OF)) !== 0 ? applied![name] : undefined;
      const branches = value as unknown[];
      for (let i = 0; i < branches.length; i++) {
        if (lookup.verdict(branches[i], plans?.[i], instance)) inPlace(branches[i], plans?.[i], instance, lookup, visit, false, true);
      }
    } else if (name === "if") {
      const conditional = (rules & IF) !== 0 ? applied : undefined;
      if (lookup.verdict(value, conditional?.condition, instance)) {
        inPlace(value, conditional?.condition, instance, lookup, visit, false, true);
        inPlace(lookup.member(schema, "then"), conditional?.then, instance, lookup, visit);
      } else inPlace(lookup.member(schema, "else"), conditional?.otherwise, instance, lookup, visit);
    } else if (name === "dependentSchemas") {
      if (!isObject(value) || !isObject(instance)) continue;
      // The names are read from the instance's keys: a value costs its own size, not the schema's.
      for (const key of lookup.keys(instance)) if (Object.hasOwn(value, key)) inPlace(value[key], undefined, instance, lookup, visit);
    } else if (keyword.reference === "static") {
      const landing = lookup.landing(schema, plan);
      if (landing !== undefined) inPlace(landing.schema, landing.plan, instance, lookup, visit);
    } else if (keyword.reference !== undefined) {
      const dynamic = lookup.dynamicLanding(schema);
      if (dynamic !== undefined) inPlace(dynamic, undefined, instance, lookup, visit);
    }
  }
}
