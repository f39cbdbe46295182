// A bounded LRU of compiled validators, keyed by the schema's canonical text and the options
// that change what compile produces. The key is the full text, so a hit can never be a collision.
import { CACHE_SIZE } from "./limits.js";
import type { Validator } from "./validator.js";

export interface CacheStats {
  hits: number;
  misses: number;
  evictions: number;
  size: number;
}

export class SchemaCache {
  readonly maxEntries: number;
  #entries = new Map<string, Validator<unknown>>();
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

  /** @internal The validator for `key`, now the most recently used; undefined on a miss. */
  get(key: string): Validator<unknown> | undefined {
    const entries = this.#entries;
    const found = entries.get(key);
    if (found === undefined) {
      this.#misses++;
      return undefined;
    }
    this.#hits++;
    // Re-insert: a Map iterates in insertion order, so the first key is the least recently used.
    entries.delete(key);
    entries.set(key, found);
    return found;
  }

  /** @internal */
  set(key: string, validator: Validator<unknown>): void {
    const entries = this.#entries;
    entries.set(key, validator);
    if (entries.size > this.maxEntries) {
      entries.delete(entries.keys().next().value!);
      this.#evictions++;
    }
  }
}

/** The cache compile() uses unless told otherwise. */
export const defaultCache = new SchemaCache();
