// unevaluatedProperties without a tracker. When the in-place subschemas below a schema evaluate
// only the names their `properties` declare, which names count as evaluated depends on nothing
// but which conditional subschemas (anyOf/oneOf branches, `if`) pass. That is known at compile
// time as data, and the boolean pass looks names up (plan.ts) instead of recording them.
// Anything that evaluates names it does not list (patternProperties, additionalProperties, a
// nested unevaluatedProperties), dependentSchemas and $dynamicRef keep the tracking closures.
import { appendPointer } from "../json/pointer.js";
import { isObject } from "../json/type-of.js";
import { ownMember } from "../json/own-member.js";
import type { Registry, Target } from "./registry.js";
import { isReferenceOnly } from "../keywords/dialects.js";

export interface EvaluatedNames {
  /**
   * Each declared name → pairs (mask, want) of condition bits: the name was evaluated when, for
   * some pair, the conditions in `mask` passed exactly where `want` has a bit. (0, 0): always.
   */
  readonly names: Map<string, number[]>;
  /** The subschemas whose verdicts the bits stand for (bit i: conditions[i]). */
  readonly conditions: Target[];
}

/** Conditions fit in the bits of one small integer; the walk visits a bounded number of schema objects. */
const MAX_CONDITIONS = 30;
const MAX_VISITS = 64;
/** In-place keywords the walk follows; any other in-place or name-evaluating keyword stops it. */
const FOLLOWED = new Set(["properties", "allOf", "anyOf", "oneOf", "if", "then", "else", "not"]);

/** What the in-place subschemas of the schema at `target` evaluate, or undefined when a tracker is needed. */
export function evaluatedNames(target: Target, registry: Registry): EvaluatedNames | undefined {
  const result: EvaluatedNames = { names: new Map(), conditions: [] };
  const open = new Set<unknown>();
  let visits = 0;

  const conditionBit = (at: Target): number => {
    let i = result.conditions.findIndex((c) => c.doc === at.doc && c.ptr === at.ptr);
    if (i < 0) i = result.conditions.push(at) - 1;
    return i < MAX_CONDITIONS ? 1 << i : 0;
  };

  const visit = (at: Target, mask: number, want: number): boolean => {
    const schema = at.schema;
    if (typeof schema === "boolean") return true;
    if (!isObject(schema) || ++visits > MAX_VISITS || open.has(schema) || !at.resource.vocabularies.has("applicator")) return false;
    const dialect = at.resource.dialect;
    if (isReferenceOnly(schema, dialect)) {
      // Before 2019-09 a `$ref` is all its schema object is: its siblings evaluate nothing.
      const referred = registry.resolve(at.resource, schema[dialect.ref.name] as string);
      if (referred === undefined) return false;
      open.add(schema);
      const followed = visit(referred, mask, want);
      open.delete(schema);
      return followed;
    }
    for (const key of Object.keys(schema)) {
      const keyword = dialect.keywords.get(key);
      if (keyword === undefined || FOLLOWED.has(key) || keyword === dialect.ref || (at === target && key === "unevaluatedProperties")) continue;
      if (keyword.inPlace === true || key === "patternProperties" || key === "additionalProperties" || key === "unevaluatedProperties") return false;
    }
    const sub = (value: unknown, ...segments: (string | number)[]): Target => {
      const ptr = appendPointer(at.ptr, ...segments);
      return { doc: at.doc, ptr, resource: at.doc.roots.get(value) ?? at.resource, schema: value };
    };
    /** A subschema whose annotations count only when it passes. */
    const branch = (child: Target): boolean => {
      const bit = conditionBit(child);
      return bit !== 0 && visit(child, mask | bit, want | bit);
    };
    open.add(schema);
    const properties = ownMember(schema, "properties");
    if (isObject(properties)) {
      for (const name of Object.keys(properties)) {
        const pairs = result.names.get(name);
        if (pairs === undefined) result.names.set(name, [mask, want]);
        else pairs.push(mask, want);
      }
    }
    const allOf = ownMember(schema, "allOf");
    if (Array.isArray(allOf) && !allOf.every((child, i) => visit(sub(child, "allOf", i), mask, want))) return false;
    for (const keyword of ["anyOf", "oneOf"]) {
      const children = ownMember(schema, keyword);
      if (Array.isArray(children) && !children.every((child, i) => branch(sub(child, keyword, i)))) return false;
    }
    if (Object.hasOwn(schema, "if")) {
      const condition = sub(ownMember(schema, "if"), "if");
      if (!branch(condition)) return false;
      const bit = conditionBit(condition); // the bit branch() took: then counts when it passes, else when it fails
      if (Object.hasOwn(schema, "then") && !visit(sub(schema["then"], "then"), mask | bit, want | bit)) return false;
      if (Object.hasOwn(schema, "else") && !visit(sub(schema["else"], "else"), mask | bit, want)) return false;
    }
    const reference = ownMember(schema, dialect.ref.name);
    if (typeof reference === "string") {
      const referred = registry.resolve(at.resource, reference);
      if (referred === undefined || !visit(referred, mask, want)) return false;
    }
    open.delete(schema);
    return true;
  };

  return !registry.usesDynamic && visit(target, 0, 0) ? result : undefined;
}
