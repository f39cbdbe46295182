// An options object read as its own properties: what Object.prototype holds is no option.

/**
 * `object`'s own values of `names`, each read once, in a copy of `none` (blank() of the same
 * names), so no read of one reaches a prototype; `none` when it has none of them. The copy is a
 * spread, which defines every name as the copy's own, as blank() does, and runs no setter on
 * Object.prototype: blank() itself, defining each name, made a cache hit with options take twice
 * the time. It spreads an unfrozen template of `none`, which V8 copies faster than a frozen one.
 */
export function ownFields<T extends object>(object: T, names: readonly (keyof T)[], none: T): T {
  let fields: T | undefined;
  for (const name of names) if (Object.hasOwn(object, name)) ((fields ??= { ...templateOf(none) })[name] = object[name]);
  return fields ?? none;
}

/** An unfrozen copy of each `none` given (a few: the option and settings objects). */
const TEMPLATES = new WeakMap<object, object>();
const templateOf = <T extends object>(none: T): T => {
  let template = TEMPLATES.get(none);
  if (template === undefined) TEMPLATES.set(none, (template = { ...none }));
  return template as T;
};

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
