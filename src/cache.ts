// A bounded cache of compiled validators, keyed by the schema's canonical text and the options
// that change what compile produces. The key is the full text, so a hit can never be a collision;
// a large schema's key is a digest, and its caller (compile.ts) accepts a hit only for the same schema.
// Bounded by entries and by approximate bytes: a thousand schemas with 1 MB descriptions must not
// keep a gigabyte alive.
// Eviction approximates least-recently-used with the CLOCK ("second chance") rule: a hit only
// marks its entry, so it costs one lookup; an eviction skips, and requeues, marked entries.
// A key of more than 16,383 characters is held by a short stand-in (cache-keys.ts).
// A hit looks its key up by a sampled digest first: V8 hashes every character of a new string
// used as a Map key, and the walk's key is always new. Keys that share a digest (a crowded one)
// are looked up by the whole key, as every key was before, so a digest an attacker shares with
// other schemas costs what a lookup cost without it.
import { CACHE_BYTES, CACHE_BYTES_PER_COMPARED, CACHE_BYTES_PER_KEYWORD, CACHE_BYTES_PER_LOCATION, CACHE_BYTES_PER_OBJECT, CACHE_BYTES_PER_PATTERN_CHARACTER, CACHE_BYTES_PER_PROPERTY_ESCAPE, CACHE_BYTES_PER_VALUE, CACHE_BYTES_PER_VM_STATE, CACHE_SIZE } from "./limits.js";
import { LongKeys } from "./cache-keys.js";
import { LONG_TEXT } from "./json/text-keys.js";
import { digestOf } from "./gate/walk-text.js";
import type { Validator } from "./validator.js";
import { kindOf } from "./json/type-of.js";
import { printable } from "./output/printable.js";
import { shortenMiddle } from "./output/shorten.js";
import { isPlainOptions, notPlain, plainOrAny } from "./plain-options.js";

export interface CacheStats {
  hits: number;
  misses: number;
  evictions: number;
  size: number;
  /** Approximate bytes kept: each entry's key (UTF-16), which its validator's schema text is a view into. */
  bytes: number;
}

interface Entry {
  /** The key in #entries (a long key's stand-in), and its digest. */
  readonly key: string;
  readonly digest: number;
  readonly validator: Validator<unknown>;
  readonly bytes: number;
  /** Used since it was (re)queued. */
  used: boolean;
  /** A long key (held by its stand-in), whose pieces are let go with the entry. */
  readonly long: string | undefined;
}

/** What a cached validator's compiled forms are made of (cache.set weighs an entry by them). */
export interface Weight {
  /** JSON objects and boolean subschemas (gate/walk.ts Walked.objects). */
  readonly objects: number;
  /** Keys of the schema objects. */
  readonly keywords: number;
  /** Characters of the subschemas' JSON Pointers together. */
  readonly locations: number;
  /** JSON values inside `enum` and `const` values. */
  readonly compared: number;
  /** Every JSON value of the documents. */
  readonly values: number;
  /** Its patterns' VM states. */
  readonly states: number;
  /** Unicode property escapes of its distinct patterns. */
  readonly escapes: number;
  /** Characters of its distinct patterns. */
  readonly characters: number;
}
const NO_WEIGHT: Weight = { objects: 0, keywords: 0, locations: 0, compared: 0, values: 0, states: 0, escapes: 0, characters: 0 };

export class SchemaCache {
  readonly maxEntries: number;
  readonly maxBytes: number;
  /** By key, or by its stand-in for a long key. */
  #entries = new Map<string, Entry>();
  /** By digest: the one entry with that digest, or how many entries share it (crowded: look them up by key). */
  #byDigest = new Map<number, Entry | number>();
  #long = new LongKeys();
  #bytes = 0;
  #hits = 0;
  #misses = 0;
  #evictions = 0;

  constructor(options: { maxEntries?: number; maxBytes?: number } | null = {}) {
    // null is no options, as compile() takes it; another non-object is the caller's mistake.
    if (options === null) options = {};
    if (!isPlainOptions(options)) throw new TypeError(`SchemaCache's options must be ${plainOrAny(options)}, not ${notPlain(options)}`);
    // A misspelt bound (`maxentries`) would leave the one meant at its default.
    for (const name of Object.keys(options)) if (name !== "maxEntries" && name !== "maxBytes") throw new TypeError(`SchemaCache has no option ${printable(JSON.stringify(shortenMiddle(name, 40)))}: its options are maxEntries and maxBytes`);
    // Own properties only: a maxEntries on Object.prototype is no option (nor a reason to throw).
    const maxEntries = (Object.hasOwn(options, "maxEntries") ? options.maxEntries : undefined) ?? CACHE_SIZE;
    const maxBytes = (Object.hasOwn(options, "maxBytes") ? options.maxBytes : undefined) ?? CACHE_BYTES;
    for (const [name, value] of [["maxEntries", maxEntries], ["maxBytes", maxBytes]] as const) {
      if (typeof value !== "number") throw new TypeError(`SchemaCache ${name} must be a positive integer, not ${kindOf(value)}`);
      if (!Number.isInteger(value) || value < 1) throw new RangeError(`SchemaCache ${name} must be a positive integer, not ${value}`);
    }
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
    MADE.add(this);
  }

  get stats(): CacheStats {
    return { hits: this.#hits, misses: this.#misses, evictions: this.#evictions, size: this.#entries.size, bytes: this.#bytes };
  }

  /** @internal For the specs: the pieces of long keys kept (cache-keys.ts). */
  get longPieces(): number {
    return this.#long.size;
  }

  /** @internal For the specs: the digests indexed (at most one per entry). */
  get digests(): number {
    return this.#byDigest.size;
  }

  clear(): void {
    this.#entries.clear();
    this.#byDigest.clear();
    this.#long = new LongKeys();
    this.#bytes = 0;
  }

  /** @internal The validator for `key`, marked as used; undefined on a miss, or when `accept` refuses it (a digest's key: compile.ts). */
  get(key: string, accept?: (validator: Validator<unknown>) => boolean): Validator<unknown> | undefined {
    const at = key.length <= LONG_TEXT ? key : this.#long.find(key);
    const found = at === undefined || at.length > LONG_TEXT ? undefined : this.#find(at);
    if (found === undefined || (accept !== undefined && !accept(found.validator))) {
      this.#misses++;
      return undefined;
    }
    this.#hits++;
    found.used = true;
    return found.validator;
  }

  #find(at: string): Entry | undefined {
    const one = this.#byDigest.get(digestOf(at));
    if (one === undefined) return undefined;
    if (typeof one === "number") return this.#entries.get(at);
    return one.key === at ? one : undefined;
  }

  /**
   * @internal `size`: the characters of the schema's key written whole (gate/walk.ts Walked.size);
   * `weight`: what its compiled forms are made of (Walked's counts, and its patterns' VM states:
   * regexes.ts startCounting).
   */
  set(key: string, validator: Validator<unknown>, size = key.length, weight: Weight = NO_WEIGHT): void {
    // Two bytes a character: the validator's schema text is a slice of the key, or a large
    // document's key is a digest, and the validator keeps its copy and text instead. A long key
    // counts twice: its pieces are kept as copies beside it (cache-keys.ts). The compiled forms,
    // those of the variants compiled later included, count by what they are made of.
    const { objects, keywords, locations, compared, values, states, escapes, characters } = weight;
    const bytes =
      (key.length <= LONG_TEXT ? 2 : 4) * size +
      CACHE_BYTES_PER_OBJECT * objects +
      CACHE_BYTES_PER_KEYWORD * keywords +
      CACHE_BYTES_PER_LOCATION * locations +
      CACHE_BYTES_PER_COMPARED * compared +
      CACHE_BYTES_PER_VALUE * values +
      CACHE_BYTES_PER_VM_STATE * states +
      CACHE_BYTES_PER_PROPERTY_ESCAPE * escapes +
      CACHE_BYTES_PER_PATTERN_CHARACTER * characters;
    if (bytes > this.maxBytes) return; // larger than the whole cache: compiled every time
    const long = key.length <= LONG_TEXT ? undefined : key;
    const at = long === undefined ? key : this.#long.keep(long);
    if (at.length > LONG_TEXT) {
      this.#long.release(key); // a key of tens of millions of characters: its stand-in is long too
      return;
    }
    const entries = this.#entries;
    const replaced = entries.get(at);
    if (replaced !== undefined) {
      entries.delete(at);
      this.#letGo(replaced);
    }
    // Room is made before the entry joins the queue: were it queued first, and every other entry
    // used since its turn, the sweep would requeue them all and evict the entry just compiled.
    // A Map iterates in insertion order: the first entry is the oldest in the queue.
    while (entries.size > 0 && (entries.size >= this.maxEntries || this.#bytes + bytes > this.maxBytes)) {
      const [oldest, entry] = entries.entries().next().value!;
      entries.delete(oldest);
      if (entry.used) {
        entry.used = false;
        entries.set(oldest, entry);
      } else {
        this.#letGo(entry);
        this.#evictions++;
      }
    }
    const digest = digestOf(at);
    const added: Entry = { key: at, digest, validator, bytes, used: false, long };
    entries.set(at, added);
    const one = this.#byDigest.get(digest);
    this.#byDigest.set(digest, one === undefined ? added : typeof one === "number" ? one + 1 : 2);
    this.#bytes += bytes;
  }

  /** An entry leaves the cache (evicted or replaced): its bytes, and a long key's pieces. */
  #letGo(entry: Entry): void {
    this.#bytes -= entry.bytes;
    const one = this.#byDigest.get(entry.digest)!;
    if (one === entry || one === 1) this.#byDigest.delete(entry.digest);
    else if (typeof one === "number") this.#byDigest.set(entry.digest, one - 1);
    if (entry.long !== undefined) this.#long.release(entry.long);
  }
}

/**
 * Every SchemaCache made, for compile()'s option check: one set per process (on globalThis), so a
 * cache made by another copy of this library (its CommonJS build beside the ESM one) passes too.
 * A Map, whose get ignores the digest key's `accept`, does not; nor an object made from the
 * prototype without the constructor, whose methods would throw a TypeError naming no option.
 */
const MADE: WeakSet<object> = ((globalThis as Record<symbol, unknown>)[Symbol.for("schemagate.caches")] ??= new WeakSet()) as never;

/** Whether `value` is a SchemaCache, from this copy of the library or another. */
export function isSchemaCache(value: unknown): value is SchemaCache {
  return typeof value === "object" && value !== null && MADE.has(value);
}

/** The cache compile() uses unless told otherwise. */
export const defaultCache = new SchemaCache();
