// What the explainer (explain.ts) reads of the schema's own objects: each one's keywords that can
// fail, with their prepared values; whether it can explain a schema at all; where a reference lands.
import { appendPointer, fragmentToPointer, splitPointer } from "../json/pointer.js";
import { isObject } from "../json/type-of.js";
import { PASSES, type Keyword, type SchemaObject } from "../keywords/types.js";
import { MISSING, valueAt } from "./registry.js";
import { reach } from "./reach.js";
import { walkable } from "./explain-evaluated.js";

/**
 * A schema object's keywords that can fail, in evaluation order, with their values (what a
 * keyword's `prepare` hook made of it and its siblings, for those that have one): kept per schema
 * object, in arrays of their exact length (a pushed array keeps room to grow).
 */
export class Keywords {
  readonly active: readonly Keyword[];
  readonly values: readonly unknown[];
  /** Nothing but a reference can fail here: compile() plans such a schema as its target's plan. */
  readonly refOnly: boolean;
  /** Two of its subschemas can reach one value (reach.ts): the references below it, to the next one, count as the closures' memoized ones. */
  readonly branches: boolean;
  /** It has an unevaluated keyword: the closures at and below it track (Explaining.tracking). */
  readonly owner: boolean;
  /** Its pointer, kept once it is needed a second time (a unit or a reference crossed here): false, needed once. */
  pointer: string | false | undefined = undefined;

  constructor(schema: SchemaObject, all: readonly Keyword[]) {
    const active: Keyword[] = [];
    const values: unknown[] = [];
    for (const keyword of all) {
      if (keyword.explain === PASSES) continue;
      const value = keyword.prepare === undefined ? schema[keyword.name] : keyword.prepare(schema[keyword.name], schema);
      if (value === PASSES) continue; // nothing to explain here (a sibling explains it)
      active.push(keyword);
      values.push(value);
    }
    this.active = active.slice();
    this.values = values.slice();
    this.refOnly = active.length > 0 && active.every((keyword) => keyword.reference !== undefined);
    this.branches = reach(schema, all) >= 2;
    this.owner = all.some((keyword) => keyword.vocabulary === "unevaluated");
  }
}

/** Where a reference lands: its target's pointer as the reference writes it, and the target. */
export interface Landing {
  readonly ptr: string;
  readonly schema: unknown;
  /** The pointer is written as a walk from the root writes it ("~2" is walked as "~02"). */
  readonly canonical: boolean;
}

/**
 * A same-document reference ("#", "#/…" by JSON Pointer, or "#name" for an anchor the resource
 * declares, with its pointer in `anchors`): where it lands, or undefined.
 */
export function target(root: unknown, reference: unknown, anchors: ReadonlyMap<string, string>): Landing | undefined {
  if (typeof reference !== "string" || !reference.startsWith("#")) return undefined;
  const ptr = reference.length > 1 && reference[1] !== "/" ? anchors.get(reference) : fragmentToPointer(reference.slice(1));
  if (ptr === undefined) return undefined;
  const schema = valueAt(root, ptr); // as the registry finds a compiled reference's target
  if (schema === MISSING || (typeof schema !== "boolean" && !isObject(schema))) return undefined;
  return { ptr, schema, canonical: appendPointer("", ...splitPointer(ptr)) === ptr };
}

/** Every schema object the root reaches has only keywords with explain hooks, and each reference lands in the document (target()). */
export function explainable(root: unknown, keywordsOf: (schema: SchemaObject) => readonly Keyword[], resolve: (reference: unknown) => Landing | undefined): boolean {
  const seen = new Set<object>();
  const pending: unknown[] = [root];
  for (let schema = pending.pop(); schema !== undefined; schema = pending.pop()) {
    if (!isObject(schema) || seen.has(schema)) continue;
    seen.add(schema);
    const all = keywordsOf(schema);
    for (const keyword of all) {
      if (keyword.explain === undefined) return false;
      if ((keyword.name === "unevaluatedProperties" || keyword.name === "unevaluatedItems") && !walkable(schema, keyword.name, keywordsOf, resolve)) return false;
      const value = schema[keyword.name];
      if (keyword.reference !== undefined) {
        const landing = keyword.reference === "static" ? resolve(value) : undefined;
        if (landing === undefined) return false;
        pending.push(landing.schema);
      } else if (keyword.children !== undefined && (keyword.inPlace === true || keyword.explain !== PASSES)) {
        // Every subschema applied to the instance or a part of it (not the definitions).
        const children = keyword.children === "schema" || (keyword.children === "schema-or-array" && !Array.isArray(value)) ? [value] : keyword.children === "map" ? Object.values(value as object) : (value as unknown[]);
        for (const child of children) pending.push(child);
      }
    }
  }
  return true;
}
