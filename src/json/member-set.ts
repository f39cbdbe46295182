// The primitives of an enum, for lookups of values from the data. In a Set, V8 hashes a string of
// more than LONG_TEXT characters by its length alone: each lookup of such a string compared it
// with every member of that length, so an enum of many long strings made each value cost the
// enum's size times its own. A long member is keyed through its pieces (text-keys.ts), and a
// value from the data is only looked up, never added.
import { LONG_TEXT, TextKeys } from "./text-keys.js";

export class MemberSet {
  readonly #keys: TextKeys;
  readonly #members = new Set<unknown>();
  /** The longest member: a longer value is none of them (and its pieces need not be looked up). */
  #longest = 0;

  /** `values`' primitives (SameValueZero, as a Set: 0 is -0); `long`: LONG_TEXT, or shorter in the specs. */
  constructor(values: readonly unknown[], readonly long = LONG_TEXT) {
    this.#keys = new TextKeys(long);
    for (const value of values) {
      if (typeof value === "object" && value !== null) continue;
      if (typeof value === "string" && value.length > this.#longest) this.#longest = value.length;
      this.#members.add(typeof value === "string" ? this.#keys.keyOf(value) : value);
    }
  }

  has(value: unknown): boolean {
    if (typeof value !== "string" || value.length <= this.long) return this.#members.has(value);
    if (value.length > this.#longest) return false;
    const key = this.#keys.find(value);
    return key !== undefined && this.#members.has(key);
  }
}

/** What an enum's lookups need of its primitives. */
export interface Members {
  has(value: unknown): boolean;
}

/** `values`' primitives: a plain Set, the faster, unless a member is a long string (then a MemberSet). */
export function membersIn(values: readonly unknown[]): Members {
  const primitives = values.filter((v) => typeof v !== "object" || v === null);
  return primitives.some((v) => typeof v === "string" && v.length > LONG_TEXT) ? new MemberSet(primitives) : new Set(primitives);
}

/** An explain hook's members of an enum array of the schema, made once per array. */
const BY_VALUES = new WeakMap<readonly unknown[], Members>();

export function membersOf(values: readonly unknown[]): Members {
  let members = BY_VALUES.get(values);
  if (members === undefined) BY_VALUES.set(values, (members = membersIn(values)));
  return members;
}
