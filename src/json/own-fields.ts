// An options object read as its own properties: what Object.prototype holds is no option.

/** A null-prototype copy of `object`'s own values of `names`, each read once; `none` when it has none of them. */
export function ownFields<T extends object>(object: T, names: readonly (keyof T)[], none: T): T {
  let fields: T | undefined;
  for (const name of names) if (Object.hasOwn(object, name)) ((fields ??= Object.create(null) as T)[name] = object[name]);
  return fields ?? none;
}
