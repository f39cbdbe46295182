// An options object read as its own properties: what Object.prototype holds is no option.

/**
 * `object`'s own values of `names`, each read once, in a blank() object of them (so no read of
 * one reaches a prototype); `none` when it has none of them.
 */
export function ownFields<T extends object>(object: T, names: readonly (keyof T)[], none: T): T {
  let fields: T | undefined;
  for (const name of names) if (Object.hasOwn(object, name)) ((fields ??= blank(names))[name] = object[name]);
  return fields ?? none;
}

/**
 * An object with each of `names` as an own property, undefined, added in one order: one shape for
 * V8, whatever is set later. Defined, not assigned: an assignment would run a setter of that name
 * on Object.prototype, or throw where a getter has none there.
 */
export function blank<T extends object>(names: readonly (keyof T)[]): T {
  const fields = {} as T;
  for (const name of names) Object.defineProperty(fields, name, dataDescriptor(undefined));
  return fields;
}

/**
 * A data property's descriptor with no prototype: Object.defineProperty reads a descriptor's
 * `get` and `set` through its prototype, so a descriptor written `{ value }` took a `get` set on
 * Object.prototype (and threw: "Getter must be a function").
 */
export function dataDescriptor(value: unknown, writable = true, enumerable = true, configurable = true): PropertyDescriptor {
  const descriptor = Object.create(null) as PropertyDescriptor;
  descriptor.value = value;
  descriptor.writable = writable;
  descriptor.enumerable = enumerable;
  descriptor.configurable = configurable;
  return descriptor;
}
