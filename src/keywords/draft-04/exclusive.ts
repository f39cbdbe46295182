import { PASSES, type Keyword, type SchemaObject } from "../types.js";

/** Draft-04's exclusiveMinimum/exclusiveMaximum: a boolean read by the bound it modifies; it compiles nothing. */
export function exclusiveFlag(name: string): Keyword {
  return { name, vocabulary: "validation", compile: () => undefined, explain: PASSES };
}

/** The bound is strict: its flag is an own property set to true. */
export function isExclusive(parent: SchemaObject, name: string): boolean {
  return Object.hasOwn(parent, name) && parent[name] === true;
}
