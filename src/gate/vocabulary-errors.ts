// A resource whose custom metaschema leaves vocabularies out is still checked against its base
// dialect's metaschema: the engine compiles its keywords in use, and relies on their values being
// well formed. A keyword of a vocabulary left out is an unknown keyword (an annotation), as is all
// below it: the base metaschema's errors there are about values nothing compiles, and are dropped.
import { keywordsInUse, type Dialect } from "../keywords/dialects.js";
import type { Keyword, Vocabulary } from "../keywords/types.js";
import type { ValidationErrorUnit } from "../output/units.js";
import { isObject } from "../json/type-of.js";
import { splitPointer } from "../json/pointer.js";

/** The errors of the base metaschema that fall on keywords in use (`schema`: the resource checked). */
export function errorsInUse(errors: readonly ValidationErrorUnit[], schema: unknown, dialect: Dialect, vocabularies: ReadonlySet<Vocabulary>): ValidationErrorUnit[] {
  // Each schema object's keywords read once: an object of many keys under many errors cost their product.
  const read = new Map<object, Map<string, Keyword>>();
  const keywordsOf = (object: Record<string, unknown>): Map<string, Keyword> => {
    let found = read.get(object);
    if (found === undefined) read.set(object, (found = new Map(keywordsInUse(object, dialect, vocabularies).map((k) => [k.name, k]))));
    return found;
  };
  return errors.filter((error) => inUse(schema, error.instanceLocation, keywordsOf));
}

/** Whether the value at `pointer` (in `schema`) is a schema object, or a keyword's value, that the engine compiles. */
function inUse(schema: unknown, pointer: string, keywordsOf: (object: Record<string, unknown>) => Map<string, Keyword>): boolean {
  const segments = splitPointer(pointer);
  let at: unknown = schema;
  for (let i = 0; i < segments.length; ) {
    // `at` is a schema in use: an error on or below one of its keywords counts when the keyword is in use.
    if (!isObject(at)) return true;
    const name = segments[i]!;
    const keyword = keywordsOf(at).get(name);
    if (keyword === undefined) return false;
    const value = at[name];
    const children = keyword.children;
    if (children === undefined) return true; // about the keyword's own value
    if (children === "schema" || (children === "schema-or-array" && !Array.isArray(value))) {
      at = value;
      i += 1;
      continue;
    }
    // An array or a map of subschemas: the next segment names one.
    const member = segments[i + 1];
    if (member === undefined || typeof value !== "object" || value === null || !Object.hasOwn(value, member)) return true;
    at = (value as Record<string, unknown>)[member];
    i += 2;
  }
  return true;
}
