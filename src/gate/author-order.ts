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
 * then n indexes into its sorted keys, in the order the caller wrote them.
 */
export type AuthorOrders = Int32Array;

/** The orders of `original` that differ from the sorted keys of `copy` (parsed from the canonical text); undefined when none does. */
export function authorOrders(copy: unknown, original: unknown): AuthorOrders | undefined {
  const packed: number[] = [];
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
      packed.push(at, keys.length);
      for (const key of keys) packed.push(position === undefined ? sorted.indexOf(key) : position.get(key)!);
    }
    for (const key of sorted) visit((value as Record<string, unknown>)[key], same ? read(source, key) : undefined);
  };
  visit(copy, original);
  return packed.length === 0 ? undefined : Int32Array.from(packed);
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
    if (next < orders.length && orders[next] === at) {
      const count = orders[next + 1]!;
      order = Array.from(orders.subarray(next + 2, next + 2 + count), (i) => sorted[i]!);
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
