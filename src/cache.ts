// A bounded cache of compiled validators, keyed by the schema's canonical text and the options
// that change what compile produces. The key is the full text, so a hit can never be a collision.
// Eviction approximates least-recently-used with the CLOCK ("second chance") rule: a hit only
// marks its entry, so it costs one lookup; an eviction skips, and requeues, marked entries.
import { CACHE_SIZE } from "./limits.js";
import type { Validator } from "./validator.js";

export interface CacheStats {
  hits: number;
  misses: number;
  evictions: number;
  size: number;
}

interface Entry {
  readonly validator: Validator<unknown>;
  /** Used since it was (re)queued. */
  used: boolean;
}

export class SchemaCache {
  readonly maxEntries: number;
  #entries = new Map<string, Entry>();
  #hits = 0;
  #misses = 0;
  #evictions = 0;

  constructor(options: { maxEntries?: number } = {}) {
    const maxEntries = options.maxEntries ?? CACHE_SIZE;
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new RangeError("SchemaCache maxEntries must be a positive integer");
    this.maxEntries = maxEntries;
  }

  get stats(): CacheStats {
    return { hits: this.#hits, misses: this.#misses, evictions: this.#evictions, size: this.#entries.size };
  }

  clear(): void {
    this.#entries.clear();
  }

  /** @internal The validator for `key`, marked as used; undefined on a miss. */
  get(key: string): Validator<unknown> | undefined {
    const found = this.#entries.get(key);
    if (found === undefined) {
      this.#misses++;
      return undefined;
    }
    this.#hits++;
    found.used = true;
    return found.validator;
  }

  /** @internal */
  set(key: string, validator: Validator<unknown>): void {
    const entries = this.#entries;
    entries.set(key, { validator, used: false });
    // A Map iterates in insertion order: the first entry is the oldest in the queue.
    while (entries.size > this.maxEntries) {
      const [oldest, entry] = entries.entries().next().value!;
      entries.delete(oldest);
      if (entry.used) {
        entry.used = false;
        entries.set(oldest, entry);
      } else {
        this.#evictions++;
      }
    }
  }
}

/** The cache compile() uses unless told otherwise. */
export const defaultCache = new SchemaCache();
