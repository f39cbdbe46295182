// Options are read as own properties: an object of another kind holds none to read.
import { isJsonObject, isObject, kindOf } from "./json/type-of.js";
import { printable } from "./output/printable.js";
import { shortenMiddle } from "./output/shorten.js";

/** "a plain object" where an object of another kind was given, "an object" for anything else. */
export const plainOrAny = (option: unknown): string => (isObject(option) ? "a plain object" : "an object");

/**
 * An options object: a JSON object (an Object.prototype of any realm, or none) that inherits no
 * names. Object.create(defaults) of a null-prototype `defaults` passed isJsonObject, which takes
 * such a prototype for another realm's Object.prototype, and its inherited options were dropped.
 */
export function isPlainOptions(option: unknown): option is Record<string, unknown> {
  return isJsonObject(option) && !inheritsNames(option);
}

/**
 * A prototype other than Object.prototype, null or another realm's Object.prototype (node:vm, an
 * iframe: it has the builtins every Object.prototype has, whatever names were set on it): one
 * that holds options of its own, enumerable or not.
 */
function inheritsNames(option: object): boolean {
  const proto = Object.getPrototypeOf(option) as object | null;
  if (proto === null || proto === Object.prototype) return false;
  return !(Object.getPrototypeOf(proto) === null && REALM_NAMES.every((name) => Object.hasOwn(proto, name)));
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
  const constructor = (Object.getPrototypeOf(option) as { constructor?: { name?: unknown } } | null)?.constructor;
  // Object.create(defaults): what it inherits is no option.
  if (constructor === Object || (isJsonObject(option) && inheritsNames(option))) return "an object with a prototype of its own (inherited members are no options: spread it, { ...options })";
  const made = constructor?.name;
  const name = typeof made === "string" && made !== "" && made !== "Object" ? made : Object.prototype.toString.call(option).slice(8, -1);
  return name === "Object" ? "an instance of an unnamed class" : `an instance of ${printable(shortenMiddle(name, 40))}`;
}
