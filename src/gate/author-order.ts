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
 */
export function inAuthorOrder(copy: unknown, orders: AuthorOrders | undefined): unknown {
  if (orders === undefined) return copy;
  let index = 0;
  let next = 0; // where the next packed order starts
  // Each object to rebuild, its keys in the caller's order, and where it sits: its container and key (the root: none).
  const rebuilt: [object: Record<string, unknown>, order: string[], container: Record<string, unknown> | unknown[] | undefined, key: string | number][] = [];
  const visit = (value: unknown, container: Record<string, unknown> | unknown[] | undefined, key: string | number): void => {
    if (typeof value !== "object" || value === null) return;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) visit(value[i], value, i);
      return;
    }
    const at = index++;
    const object = value as Record<string, unknown>;
    // Sorted by code units as the walk met them (a copy lists integer-like keys first).
    const sorted = sortedKeys(Object.keys(object));
    if (next < orders.length && numberAt(orders, next) === at) {
      const count = numberAt(orders, next + 1);
      const order: string[] = [];
      for (let i = next + 2; i < next + 2 + count; i++) order.push(sorted[numberAt(orders, i)]!);
      next += 2 + count;
      rebuilt.push([object, order, container, key]);
    }
    for (const name of sorted) visit(object[name], object, name);
  };
  visit(copy, undefined, "");
  if (rebuilt.length === 0) return copy;
  const shells = JSON.parse("[" + rebuilt.map(([, order]) => "{" + order.map((name) => JSON.stringify(name) + ":null").join(",") + "}").join(",") + "]") as Record<string, unknown>[];
  // Innermost first (preorder, backwards): an object is filled after the ones inside it were put in its place.
  let root = copy;
  for (let i = rebuilt.length - 1; i >= 0; i--) {
    const [object, order, container, key] = rebuilt[i]!;
    const shell = shells[i]!;
    for (const name of order) shell[name] = object[name];
    if (container === undefined) root = shell;
    else (container as Record<string | number, unknown>)[key] = shell;
  }
  return root;
}
