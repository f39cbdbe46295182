// The primitives of an enum, for lookups of values from the data. In a Set, V8 hashes a string of
// more than LONG_TEXT characters by its length alone: each lookup of such a string compared it
// with every member of that length, so an enum of many long strings made each value cost the
// enum's size times its own. A long member is keyed through its pieces (text-keys.ts), and a
// value from the data is only looked up, never added.
import { LONG_TEXT, TextKeys, type TextToken } from "./text-keys.js";
import { canonical, canonicalWithin, nesting } from "./canonical.js";
import { equal } from "./equal.js";

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

/** Up to this many objects and arrays, an enum compares a value with each (cheaper than writing its text). */
const SCANNED_UP_TO = 8;

/**
 * The objects and arrays of an enum. Compared with a value one by one, each member costs as much
 * of the value as it matches, so an enum of many long members all matching most of each value
 * made every lookup cost the enum's size (under `items`, the data's size times the schema's).
 * Past a few members a value is found by its canonical text instead, written only as far as the
 * longest and deepest member reaches (canonicalWithin): a lookup costs at most the longest member.
 */
export class StructuredMembers {
  /** The members compared one by one, when they are few (most enums: nothing else is made). */
  readonly #scanned: readonly object[] | undefined;
  /** The members' canonical texts, keyed through #keys, when they are many. */
  readonly #texts: Set<string | TextToken> | undefined;
  readonly #keys: TextKeys | undefined;
  #longest = 0;
  #deepest = 0;
  /** The members' array lengths and objects' key counts: a value of another size equals none, whatever its text. */
  readonly #lengths = new Set<number>();
  readonly #sizes = new Set<number>();
  readonly size: number;

  constructor(values: readonly unknown[]) {
    const structured = values.filter((v): v is object => typeof v === "object" && v !== null);
    this.size = structured.length;
    if (structured.length <= SCANNED_UP_TO) {
      this.#scanned = structured;
      return;
    }
    const keys = (this.#keys = new TextKeys());
    const texts = (this.#texts = new Set());
    for (const member of structured) {
      const text = canonical(member);
      if (text === undefined) continue; // not JSON: it equals nothing
      this.#longest = Math.max(this.#longest, text.length);
      this.#deepest = Math.max(this.#deepest, nesting(member));
      if (Array.isArray(member)) this.#lengths.add(member.length);
      else this.#sizes.add(Object.keys(member).length);
      texts.add(keys.keyOf(text));
    }
  }

  /** Whether `value` equals a member as JSON (equal()); `keys` lists an object's keys as the pass does. */
  has(value: object, keys: (object: object) => readonly string[]): boolean {
    const scanned = this.#scanned;
    if (scanned !== undefined) {
      for (const member of scanned) if (equal(value, member, keys)) return true;
      return false;
    }
    // Sizes first: a value that no member's size rules in costs nothing to write (each check of a
    // large value wrote its text as far as the longest member reaches).
    if (!(Array.isArray(value) ? this.#lengths.has(value.length) : this.#sizes.has(keys(value).length))) return false;
    const text = canonicalWithin(value, this.#longest, this.#deepest, keys);
    const key = text === undefined ? undefined : this.#keys!.find(text);
    return key !== undefined && this.#texts!.has(key);
  }
}
