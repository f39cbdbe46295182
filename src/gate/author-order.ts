// The order the caller wrote the schema's keys in. The canonical text (keys sorted) keys the cache
// and is what every private copy is parsed from; compile() notes, for each object whose keys the
// caller wrote in another order, that order, and the copies that list errors or give the schema
// back (the error and annotation variants, `validator.schema`) are put in it. So `properties` are
// listed as written (`/sku` before `/size`, not alphabetically). The decision pass needs no order.
// Only orders come from the caller's document, never values: a document that answers differently
// when read again (a getter, a Proxy) can change an order, not what the schema means.
import { isJsonObject } from "../json/type-of.js";

/**
 * The caller's key order of each object that has one of its own, packed (a validator keeps it):
 * the object's place in a walk of the copy (objects in sorted-key preorder), its key count n,
 * then n indexes into its sorted keys, in the order the caller wrote them. The numbers are the
 * char codes of a string when they fit in 16 bits (the usual case: a few bytes of heap, where a
 * typed array costs two objects and a buffer outside it), else an Int32Array.
 */
export type AuthorOrders = string | Int32Array;

const numberAt = (orders: AuthorOrders, i: number): number => (typeof orders === "string" ? orders.charCodeAt(i) : orders[i]!);

function packed(numbers: readonly number[]): AuthorOrders {
  if (!numbers.every((n) => n <= 0xffff)) return Int32Array.from(numbers);
  let text = "";
  for (let i = 0; i < numbers.length; i += CHUNK) text += String.fromCharCode(...numbers.slice(i, i + CHUNK));
  return text;
}

/** Char codes passed to String.fromCharCode at once (arguments stay well below the engine's limit). */
const CHUNK = 4096;

/** The orders of `original` that differ from the sorted keys of `copy` (parsed from the canonical text); undefined when none does. */
export function authorOrders(copy: unknown, original: unknown): AuthorOrders | undefined {
  const numbers: number[] = [];
  let index = 0;
  const visit = (value: unknown, source: unknown): void => {
    if (typeof value !== "object" || value === null) return;
    if (Array.isArray(value)) {
      const items = Array.isArray(source) ? source : undefined;
      for (let i = 0; i < value.length; i++) visit(value[i], items === undefined ? undefined : read(items, i));
      return;
    }
    const at = index++;
    const sorted = Object.keys(value);
    const keys = keysOf(source);
    const same = keys !== undefined && keys.length === sorted.length && keys.every((key) => Object.hasOwn(value, key));
    if (same && keys.some((key, i) => key !== sorted[i])) {
      // Few keys (most schema objects): a scan; many: a Map, so a huge object stays linear.
      const position = sorted.length > 16 ? new Map(sorted.map((key, i) => [key, i])) : undefined;
      numbers.push(at, keys.length);
      for (const key of keys) numbers.push(position === undefined ? sorted.indexOf(key) : position.get(key)!);
    }
    for (const key of sorted) visit((value as Record<string, unknown>)[key], same ? read(source, key) : undefined);
  };
  visit(copy, original);
  return numbers.length === 0 ? undefined : packed(numbers);
}

/** A copy parsed from the canonical text, each noted object rebuilt with its keys in the caller's order. */
export function inAuthorOrder(copy: unknown, orders: AuthorOrders | undefined): unknown {
  if (orders === undefined) return copy;
  let index = 0;
  let next = 0; // where the next packed order starts
  const visit = (value: unknown): unknown => {
    if (typeof value !== "object" || value === null) return value;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) value[i] = visit(value[i]);
      return value;
    }
    const at = index++;
    const object = value as Record<string, unknown>;
    const sorted = Object.keys(object);
    let order: string[] | undefined;
    if (next < orders.length && numberAt(orders, next) === at) {
      const count = numberAt(orders, next + 1);
      order = [];
      for (let i = next + 2; i < next + 2 + count; i++) order.push(sorted[numberAt(orders, i)]!);
      next += 2 + count;
    }
    for (const key of sorted) object[key] = visit(object[key]);
    // fromEntries defines own properties: a "__proto__" key stays a key.
    return order === undefined ? object : Object.fromEntries(order.map((key) => [key, object[key]]));
  };
  return visit(copy);
}

function keysOf(source: unknown): string[] | undefined {
  try {
    return isJsonObject(source) ? Object.keys(source) : undefined;
  } catch {
    return undefined;
  }
}

/** A member of the caller's document, read for its keys' order only; whatever throws is read as nothing. */
function read(container: unknown, key: string | number): unknown {
  try {
    return (container as Record<string | number, unknown>)[key];
  } catch {
    return undefined;
  }
}
