// JSON types as bit masks, so a set of types is one number and a type check is one AND.

export const NULL = 1;
export const BOOLEAN = 2;
export const OBJECT = 4;
export const ARRAY = 8;
export const NUMBER = 16;
export const INTEGER = 32; // set together with NUMBER for integral numbers
export const STRING = 64;
export const ANY = NULL | BOOLEAN | OBJECT | ARRAY | NUMBER | INTEGER | STRING;

export type TypeMask = number;

/** How a wrong option is named in its TypeError: typeof, but for null and arrays. */
export const kindOf = (value: unknown): string => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);

/** Type names (a null-prototype object, so only these names are found). */
export const TYPE_NAMES: Readonly<Record<string, TypeMask>> = Object.freeze(Object.assign(Object.create(null) as Record<string, TypeMask>, {
  null: NULL,
  boolean: BOOLEAN,
  object: OBJECT,
  array: ARRAY,
  number: NUMBER | INTEGER,
  integer: INTEGER,
  string: STRING,
}));

/**
 * An object JSON could have produced: its prototype is an Object.prototype (of any realm) or
 * null. Dates, Maps and class instances are not JSON objects, so they match no JSON type.
 */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === OBJECT_PROTOTYPE || proto === null || Object.getPrototypeOf(proto) === null;
}

const OBJECT_PROTOTYPE = Object.prototype;

/** The JSON type of a value as a mask; 0 for values that are not JSON (NaN, Infinity, undefined, BigInt, functions, symbols, class instances). */
export function typeOf(value: unknown): TypeMask {
  if (typeof value === "string") return STRING;
  if (typeof value === "number") return Number.isInteger(value) ? NUMBER | INTEGER : Number.isFinite(value) ? NUMBER : 0;
  if (typeof value === "boolean") return BOOLEAN;
  if (typeof value !== "object") return 0;
  if (value === null) return NULL;
  if (Array.isArray(value)) return ARRAY;
  return isJsonObject(value) ? OBJECT : 0;
}

/** The name of a value's JSON type, for messages. */
export function typeName(value: unknown): string {
  const mask = typeOf(value);
  // An integer's mask has NUMBER too: INTEGER is tested first.
  if (mask & INTEGER) return "integer";
  if (mask & NUMBER) return "number";
  if (mask & STRING) return "string";
  if (mask & OBJECT) return "object";
  if (mask & ARRAY) return "array";
  if (mask & BOOLEAN) return "boolean";
  if (mask & NULL) return "null";
  return typeof value === "number" ? String(value) : typeof value;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The mask of a valid `type` value; undefined otherwise (the keyword's own compile reports it). */
export function typeMask(type: unknown): TypeMask | undefined {
  const names = typeof type === "string" ? [type] : Array.isArray(type) ? type : [];
  let mask = 0;
  for (const name of names) {
    if (typeof name !== "string" || !Object.hasOwn(TYPE_NAMES, name)) return undefined;
    mask |= TYPE_NAMES[name]!;
  }
  return mask === 0 ? undefined : mask;
}
