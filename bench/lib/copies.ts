// Structurally distinct copies of a schema, so that no cache (ajv's, a digest cache, a regex
// cache keyed by schema) can serve a compile: each copy gets a unique `$comment`, and a root `$id`
// (draft-04: `id`), when the schema has one, becomes a unique absolute URI — a reused ajv instance
// refuses a second schema with the same `$id`.
import type { Schema } from "../libs/library.js";
import { dialectOf } from "./dialect.js";

let serial = 0;

export function distinctCopy(base: Schema, tag: string): Schema {
  const copy = structuredClone(base);
  const n = ++serial;
  copy["$comment"] = `schemagate bench copy ${tag} #${n}`;
  const id = dialectOf(base) === "draft-04" ? "id" : "$id";
  if (typeof base[id] === "string") copy[id] = `https://schemagate.invalid/bench/${tag}/${n}.json`;
  return copy;
}

export function distinctCopies(base: Schema, tag: string, n: number): Schema[] {
  const out = new Array<Schema>(n);
  for (let i = 0; i < n; i++) out[i] = distinctCopy(base, tag);
  return out;
}
