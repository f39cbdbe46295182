// Options are read as own properties: an object of another kind holds none to read.
import { isObject, kindOf } from "./json/type-of.js";
import { printable } from "./output/printable.js";
import { shortenMiddle } from "./output/shorten.js";

/** "a plain object" where an object of another kind was given, "an object" for anything else. */
export const plainOrAny = (option: unknown): string => (isObject(option) ? "a plain object" : "an object");

/**
 * An options object: its prototype Object.prototype, none, or another realm's Object.prototype
 * (node:vm, an iframe: no prototype of its own, and the builtins every Object.prototype has,
 * whatever names were set on it). Any other prototype holds options of its own, enumerable or
 * not: Object.create(defaults) of a no-prototype `defaults` passed as another realm's, and its
 * inherited options were dropped.
 */
export function isPlainOptions(option: unknown): option is Record<string, unknown> {
  if (typeof option !== "object" || option === null || Array.isArray(option)) return false;
  const proto = Object.getPrototypeOf(option) as object | null;
  return proto === Object.prototype || proto === null || (Object.getPrototypeOf(proto) === null && REALM_NAMES.every((name) => Object.hasOwn(proto, name)));
}

const REALM_NAMES = ["hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString", "valueOf"];

/**
 * What an option that must be a plain object is instead. A Map, a Set, a Promise (a forgotten
 * `await` of a dynamic import) or a class instance holds no own entries to read: taken, it would
 * have switched every format check off, left every `schemas` document out, or been the defaults,
 * without a word.
 */
export function notPlain(option: unknown): string {
  if (option instanceof Map) return "a Map (Object.fromEntries(map) makes one)";
  if (typeof option !== "object" || option === null || Array.isArray(option)) return kindOf(option);
  if (option instanceof Promise) return "a Promise (await it first)";
  const proto = Object.getPrototypeOf(option) as { constructor?: { name?: unknown } } | null;
  const constructor = proto?.constructor;
  // Object.create(defaults), defaults with a prototype or none (no realm's Object.prototype comes here): what it inherits is no option.
  if (constructor === Object || (proto !== null && Object.getPrototypeOf(proto) === null)) return "an object with a prototype of its own (inherited members are no options: spread it, { ...options })";
  const made = constructor?.name;
  const name = typeof made === "string" && made !== "" && made !== "Object" ? made : Object.prototype.toString.call(option).slice(8, -1);
  return name === "Object" ? "an instance of an unnamed class" : `an instance of ${printable(shortenMiddle(name, 40))}`;
}
