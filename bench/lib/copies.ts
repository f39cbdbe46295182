// Structurally distinct copies of a schema, so that no cache (ajv's, a digest cache, a regex
// cache keyed by schema or by pattern) can serve a compile: each copy gets a unique `$comment`,
// a root `$id` (draft-04: `id`), when the schema has one, becomes a unique absolute URI — a
// reused ajv instance refuses a second schema with the same `$id` — and each `pattern` and
// `patternProperties` key gets a prefix that matches the empty string and names the copy,
// `(?:c7){0}`: the same language, a pattern no library has compiled before (schemagate keeps
// each pattern's analysis for the process, ajv its RegExp per instance).
import type { Schema } from "../libs/library.js";
import { dialectOf } from "./dialect.js";

let serial = 0;

/** `patterns`: rename the patterns too (compiles and memory); the validators timed keep the schema's own (a matcher's fast paths). */
export function distinctCopy(base: Schema, tag: string, patterns = true): Schema {
  const copy = structuredClone(base);
  const n = ++serial;
  copy["$comment"] = `schemagate bench copy ${tag} #${n}`;
  const id = dialectOf(base) === "draft-04" ? "id" : "$id";
  if (typeof base[id] === "string") copy[id] = `https://schemagate.invalid/bench/${tag}/${n}.json`;
  if (patterns) renamePatterns(copy, `(?:c${n}){0}`);
  return copy;
}

export function distinctCopies(base: Schema, tag: string, n: number): Schema[] {
  const out = new Array<Schema>(n);
  for (let i = 0; i < n; i++) out[i] = distinctCopy(base, tag);
  return out;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** Keywords whose value is one subschema, an array of them, or a map of them (every dialect's). */
const ONE = new Set(["not", "if", "then", "else", "contains", "additionalProperties", "propertyNames", "unevaluatedProperties", "unevaluatedItems", "additionalItems", "contentSchema"]);
const LIST = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);
const MAP = new Set(["properties", "$defs", "definitions", "dependentSchemas"]);

/** Prefixes every pattern of the schema (schema positions only: `const`, `enum` and unknown keywords are data). */
function renamePatterns(schema: unknown, prefix: string): void {
  if (!isObj(schema)) return;
  if (typeof schema["pattern"] === "string") schema["pattern"] = prefix + schema["pattern"];
  for (const [key, value] of Object.entries(schema)) {
    if (key === "patternProperties" && isObj(value)) {
      schema[key] = Object.fromEntries(Object.entries(value).map(([p, sub]) => (renamePatterns(sub, prefix), [prefix + p, sub])));
    } else if (ONE.has(key)) renamePatterns(value, prefix);
    else if (LIST.has(key) && Array.isArray(value)) value.forEach((sub) => renamePatterns(sub, prefix));
    else if (key === "items") (Array.isArray(value) ? value : [value]).forEach((sub) => renamePatterns(sub, prefix));
    else if (key === "dependencies" && isObj(value)) Object.values(value).forEach((sub) => renamePatterns(sub, prefix));
    else if (MAP.has(key) && isObj(value)) Object.values(value).forEach((sub) => renamePatterns(sub, prefix));
  }
}
