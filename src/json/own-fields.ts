// An options object read as its own properties: what Object.prototype holds is no option.

/**
 * `object`'s own values of `names`, each read once, in a new object of `make`, which has every
 * name as an own property (so no read of one reaches a prototype, and V8 reads them by one shape);
 * `none` when it has none of them.
 */
export function ownFields<T extends object>(object: T, names: readonly (keyof T)[], none: T, make: () => T): T {
  let fields: T | undefined;
  for (const name of names) if (Object.hasOwn(object, name)) ((fields ??= make())[name] = object[name]);
  return fields ?? none;
}
