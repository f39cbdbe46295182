// Reading a declared property of an instance object, as `properties` and the plan interpreter do.

/** What declaredValue returns for a property the object does not have. */
export const ABSENT: unique symbol = Symbol("absent");

/**
 * value === ABSENT, written so that V8 compares inline: a bare `===` between a symbol and values
 * of every type is a call to its generic equality builtin, while `typeof` against a literal is a
 * type test (and no JSON value is a symbol).
 */
export function isAbsent(value: unknown): value is typeof ABSENT {
  return typeof value === "symbol" && value === ABSENT;
}

const isEnumerable = Object.prototype.propertyIsEnumerable;

/**
 * Whether `object` has the member `name` as its JSON text would: an own enumerable property, as
 * for…in, Object.keys and JSON.stringify see it. Own is not enough: a property made
 * non-enumerable (Object.defineProperty) is left out of the text and out of every key loop, and
 * `required` counted it present while `properties` skipped it. (propertyIsEnumerable is a slow
 * builtin call, yet a for…in to find the name starts by listing every key of an object in
 * dictionary mode: a hundred anyOf branches over ten thousand keys made that quadratic.)
 */
export function hasMember(object: object, name: string): boolean {
  return Object.hasOwn(object, name) && isEnumerable.call(object, name);
}

/**
 * Whether every own property of `object` named by a string is enumerable (`listed`: how many
 * Object.keys lists): then Object.hasOwn answers hasMember for every name.
 */
export function allListed(object: object, listed: number): boolean {
  return Object.getOwnPropertyNames(object).length === listed;
}

/**
 * A declared property's value, read as `properties` reads it: a member (hasMember), or ABSENT. A
 * value inherited through a polluted prototype is none, nor is a non-enumerable one.
 */
export function declaredValue(object: Record<string, unknown>, name: string): unknown {
  return hasMember(object, name) ? object[name] : ABSENT;
}
