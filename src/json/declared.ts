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

/**
 * A declared property's value, read as `properties` reads it. A name that Object.prototype also
 * has (toString, constructor, …) is read only when own. Any other name is read directly, and its
 * absence confirmed by Object.hasOwn: a value inherited through a polluted prototype could then
 * only add errors, never hide one.
 */
export function declaredValue(object: Record<string, unknown>, name: string, inherited: boolean): unknown {
  if (inherited) return Object.hasOwn(object, name) ? object[name] : ABSENT;
  const value = object[name];
  return value === undefined && !Object.hasOwn(object, name) ? ABSENT : value;
}
