// The order the caller wrote the schema's keys in. The canonical text (keys sorted) keys the cache
// and is what every private copy is parsed from; the gate's walk notes, for each object whose keys
// the caller wrote in another order, that order, and the copies that list errors or give the
// schema back (the error and annotation variants, `validator.schema`) are put in it. So
// `properties` are listed as written (`/sku` before `/size`, not alphabetically). The decision
// pass needs no order. Keys are read once, by the walk: the order is the one its values were read in.
import { sortedKeys } from "../json/sorted-keys.js";

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

/** What the gate's walk notes: for each such object, its number (sorted-key preorder), its keys as the caller wrote them, and sorted. */
export type Unsorted = readonly (number | readonly string[])[];

/** The walk's notes as a validator keeps them: where each key the caller wrote sits among the sorted ones. */
export function packedOrders(unsorted: Unsorted | undefined): AuthorOrders | undefined {
  if (unsorted === undefined) return undefined;
  const numbers: number[] = [];
  for (let i = 0; i < unsorted.length; i += 3) {
    const author = unsorted[i + 1] as readonly string[];
    const sorted = unsorted[i + 2] as readonly string[];
    // Few keys (most schema objects): a scan; many: a Map, so a huge object stays linear.
    const position = sorted.length > 16 ? new Map(sorted.map((key, k) => [key, k])) : undefined;
    numbers.push(unsorted[i] as number, author.length);
    for (const key of author) numbers.push(position === undefined ? sorted.indexOf(key) : position.get(key)!);
  }
  return packed(numbers);
}

/**
 * A copy parsed from the canonical text, each noted object rebuilt with its keys in the caller's
 * order. The rebuilt objects are made by one JSON.parse of their keys, so each is no larger than
 * the parsed object it replaces (an object literal or Object.fromEntries leaves room for more
 * keys, and the variants keep their copy), and a "__proto__" key stays an own key.
 * `shared`: `copy` is kept by its owner and must not change (a large document's sorted copy, which
 * the variants read instead of a clone): the objects and arrays around a rebuilt object are made
 * anew too, and everything else is `copy`'s own.
 */
export function inAuthorOrder(copy: unknown, orders: AuthorOrders | undefined, shared = false): unknown {
  if (orders === undefined) return copy;
  let index = 0;
  let next = 0; // where the next packed order starts
  // What to make, innermost first: each object (its keys in the caller's order) or array (no
  // order) and where it sits, its container and key (the root: none).
  type Container = Record<string, unknown> | unknown[];
  const rebuilt: [value: Container, order: string[] | undefined, container: Container | undefined, key: string | number][] = [];
  // Whether `value` is rebuilt (in place, only the noted objects are; shared, what holds one too).
  const visit = (value: unknown, container: Container | undefined, key: string | number): boolean => {
    if (typeof value !== "object" || value === null || next >= orders.length) return false; // past the last noted object, nothing changes
    let inner = false;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) if (visit(value[i], value, i)) inner = true;
      if (inner && shared) rebuilt.push([value, undefined, container, key]);
      return inner && shared;
    }
    const at = index++;
    const object = value as Record<string, unknown>;
    // Sorted by code units as the walk met them (a copy lists integer-like keys first).
    const sorted = sortedKeys(Object.keys(object));
    let order: string[] | undefined;
    if (numberAt(orders, next) === at) {
      const count = numberAt(orders, next + 1);
      order = [];
      for (let i = next + 2; i < next + 2 + count; i++) order.push(sorted[numberAt(orders, i)]!);
      next += 2 + count;
    }
    for (const name of sorted) if (visit(object[name], object, name)) inner = true;
    if (order === undefined && !(inner && shared)) return false;
    rebuilt.push([object, order ?? Object.keys(object), container, key]);
    return true;
  };
  visit(copy, undefined, "");
  if (rebuilt.length === 0) return copy;
  const objects = rebuilt.filter(([value]) => !Array.isArray(value));
  const shells = JSON.parse("[" + objects.map(([, order]) => "{" + order!.map((name) => JSON.stringify(name) + ":null").join(",") + "}").join(",") + "]") as Record<string, unknown>[];
  // Shared: what each rebuilt value was made as, for the containers made after it.
  const made = new Map<unknown, unknown>();
  const fresh = (value: unknown): unknown => (shared ? (made.get(value) ?? value) : value);
  let root = copy;
  let shell = 0;
  for (const [value, order, container, key] of rebuilt) {
    let replacement: Container;
    if (Array.isArray(value)) replacement = value.map(fresh);
    else {
      replacement = shells[shell++]!;
      for (const name of order!) replacement[name] = fresh(value[name]);
    }
    if (shared) made.set(value, replacement);
    if (container === undefined) root = replacement;
    else if (!shared) (container as Record<string | number, unknown>)[key] = replacement;
  }
  return root;
}
