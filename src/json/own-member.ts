// Reading a schema object's sibling keyword: the explainer reads the objects JSON.parse made,
// whose prototype is Object.prototype, where a name set by another library or by a getter of the
// data would stand in for a keyword the schema object lacks.

/** An own member of `object`, or undefined: never one inherited through a polluted prototype. */
export function ownMember<T extends object, K extends keyof T & string>(object: T, name: K): T[K] | undefined {
  return Object.hasOwn(object, name) ? object[name] : undefined;
}
