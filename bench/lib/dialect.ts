// Dialects of the cases' schemas: which one a `$schema` names, and the conversion of a
// draft-04/06/07 schema into an equivalent 2020-12 schema, which a library that cannot run the
// schema's own dialect compiles instead (ajv has no draft-04 without the ajv-draft-04 package).
// Schema-aware: only schema positions are rewritten, so a property *named* "$ref" or
// "definitions" stays as it is. Every change is counted, and the counts become the notes in
// RESULTS.md.
import type { DialectName } from "./types.js";

export type Json = unknown;
export type Obj = Record<string, Json>;

export const ANNOTATIONS = new Set(["title", "description", "$comment", "default", "examples", "readOnly", "writeOnly", "deprecated"]);
export const SINGLE = new Set(["additionalProperties", "not", "contains", "propertyNames", "if", "then", "else"]);
export const ARRAYS = new Set(["allOf", "anyOf", "oneOf"]);
export const MAPS = new Set(["properties", "patternProperties"]);

/** Metaschema URI (http, no trailing `#`) → dialect. */
const DIALECTS: Readonly<Record<string, DialectName>> = {
  "http://json-schema.org/draft/2020-12/schema": "2020-12",
  "http://json-schema.org/draft/2019-09/schema": "2019-09",
  "http://json-schema.org/draft-07/schema": "draft-07",
  "http://json-schema.org/draft-06/schema": "draft-06",
  "http://json-schema.org/draft-04/schema": "draft-04",
};

/** The dialect a schema declares by its `$schema` (with or without `#`, http or https); 2020-12 without one. */
export function dialectOf(schema: Obj): DialectName {
  const uri = schema["$schema"];
  if (uri === undefined) return "2020-12";
  const dialect = typeof uri === "string" ? DIALECTS[stripHash(uri).replace(/^https:/, "http:")] : undefined;
  if (!dialect) throw new Error(`unknown $schema ${JSON.stringify(uri)}`);
  return dialect;
}

export interface ConvertOptions {
  /** The dialect the document declares (for the notes). */
  readonly dialect: string;
  /** Documents that `$ref`s may name by absolute URI: inlined under `$defs[key]` and converted too. */
  readonly inline?: Readonly<Record<string, { key: string; doc: Obj }>>;
}

export interface Converted {
  readonly schema: Obj;
  /** One sentence per kind of change. */
  readonly notes: string[];
}

export const isObj = (v: Json): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const stripHash = (uri: string): string => uri.replace(/#$/, "");

export function decodeSeg(s: string): string {
  return decodeURIComponent(s).replace(/~1/g, "/").replace(/~0/g, "~");
}
export function encodeSeg(s: string): string {
  return s.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** Maps a JSON Pointer into the original document to the same place in the converted document. */
export function mapPointer(doc: Json, pointer: string): string {
  if (pointer === "") return "";
  const segs = pointer.split("/").slice(1).map(decodeSeg);
  const out: string[] = [];
  let node: Json = doc;
  let position: "schema" | "map" | "array" | "deps" | "value" = "schema";
  for (const seg of segs) {
    const parent = node;
    node = isObj(parent) || Array.isArray(parent) ? (parent as Obj)[seg] : undefined;
    if (position === "schema" && isObj(parent)) {
      if (seg === "definitions") (out.push("$defs"), (position = "map"));
      else if (MAPS.has(seg)) (out.push(seg), (position = "map"));
      else if (ARRAYS.has(seg)) (out.push(seg), (position = "array"));
      else if (SINGLE.has(seg)) (out.push(seg), (position = "schema"));
      else if (seg === "dependencies") position = "deps";
      else if (seg === "items") {
        const tuple = Array.isArray(parent["items"]);
        out.push(tuple ? "prefixItems" : "items");
        position = tuple ? "array" : "schema";
      } else if (seg === "additionalItems") (out.push(Array.isArray(parent["items"]) ? "items" : seg), (position = "schema"));
      else (out.push(seg), (position = "value"));
    } else if (position === "deps") {
      out.push(Array.isArray(node) ? "dependentRequired" : "dependentSchemas", seg);
      position = Array.isArray(node) ? "value" : "schema";
    } else if (position === "map" || position === "array") (out.push(seg), (position = "schema"));
    else out.push(seg);
  }
  return out.map((s) => "/" + encodeSeg(s)).join("");
}

export function toDraft2020(doc: Obj, options: ConvertOptions): Converted {
  const counts = new Map<string, number>();
  const count = (what: string, n = 1): void => void counts.set(what, (counts.get(what) ?? 0) + n);
  const rootId = typeof doc["$id"] === "string" ? stripHash(doc["$id"]) : typeof doc["id"] === "string" ? stripHash(doc["id"]) : undefined;
  const inlined = new Map<string, Obj>(); // key → converted document

  interface Scope {
    readonly doc: Obj;
    /** Pointer prefix of this document inside the converted root ("" or "/$defs/key"). */
    readonly prefix: string;
    readonly isRoot: boolean;
  }

  function mapRef(ref: string, scope: Scope): string {
    const hash = ref.indexOf("#");
    const base = hash < 0 ? ref : ref.slice(0, hash);
    const fragment = hash < 0 ? "" : ref.slice(hash + 1);
    if (fragment !== "" && !fragment.startsWith("/")) return ref; // an anchor: left alone
    if (base === "" || (scope.isRoot && base === rootId)) {
      if (base !== "") count("absolute `$ref`s to the document's own `id` made fragment-only");
      const mapped = "#" + scope.prefix + mapPointer(scope.doc, fragment);
      if (mapped !== ref) count("`$ref`s rewritten to the new locations");
      return mapped;
    }
    const target = options.inline?.[base];
    if (!target) return ref;
    if (!inlined.has(target.key)) {
      inlined.set(target.key, {}); // reserve first: the inlined document may refer to itself
      const sub: Scope = { doc: target.doc, prefix: `/$defs/${encodeSeg(target.key)}`, isRoot: false };
      inlined.set(target.key, convertSchema(target.doc, sub) as Obj);
      count(`inlined \`${base}\` under \`$defs/${target.key}\` (converted the same way)`);
    }
    count(`\`$ref\`s into \`${base}\` rewritten to fragment \`$ref\`s`);
    return "#" + `/$defs/${encodeSeg(target.key)}` + mapPointer(target.doc, fragment);
  }

  function convertMap(value: Json, scope: Scope): Json {
    if (!isObj(value)) return value;
    const out: Obj = {};
    for (const [k, v] of Object.entries(value)) out[k] = convertSchema(v, scope);
    return out;
  }

  function convertSchema(node: Json, scope: Scope, atRoot = false): Json {
    if (!isObj(node)) return node;
    if (typeof node["$ref"] === "string") {
      const out: Obj = { $ref: mapRef(node["$ref"], scope) };
      for (const [k, v] of Object.entries(node)) {
        if (k === "$ref") continue;
        if (ANNOTATIONS.has(k)) out[k] = v;
        else count(`dropped \`${k}\` beside \`$ref\` (ignored by ${options.dialect}, it would apply in 2020-12)`);
      }
      return out;
    }
    const out: Obj = {};
    const tuple = Array.isArray(node["items"]);
    for (const [k, v] of Object.entries(node)) {
      if (k === "$schema") {
        count(`removed \`$schema\` (${String(v)})`);
      } else if (k === "id" || k === "$id") {
        if (typeof v !== "string") out[k] = v;
        else if (atRoot && scope.isRoot) {
          out["$id"] = stripHash(v);
          if (k === "id") count("draft-04 `id` → `$id`");
        } else count(`dropped \`${k}\` of an inlined document`);
      } else if (k === "definitions") {
        out["$defs"] = convertMap(v, scope);
        count("`definitions` → `$defs`");
      } else if (MAPS.has(k)) {
        out[k] = convertMap(v, scope);
      } else if (k === "dependencies" && isObj(v)) {
        for (const [name, dep] of Object.entries(v)) {
          const kw = Array.isArray(dep) ? "dependentRequired" : "dependentSchemas";
          const bucket = (out[kw] ??= {}) as Obj;
          bucket[name] = Array.isArray(dep) ? dep : convertSchema(dep, scope);
          count(`\`dependencies\` → \`${kw}\``);
        }
      } else if (k === "items") {
        if (Array.isArray(v)) {
          out["prefixItems"] = v.map((s) => convertSchema(s, scope));
          count("array-form `items` → `prefixItems`");
        } else out["items"] = convertSchema(v, scope);
      } else if (k === "additionalItems") {
        if (tuple) {
          out["items"] = convertSchema(v, scope);
          count("`additionalItems` (after array-form `items`) → `items`");
        } else count("dropped `additionalItems` without array-form `items` (it has no effect there)");
      } else if (ARRAYS.has(k)) {
        out[k] = Array.isArray(v) ? v.map((s) => convertSchema(s, scope)) : v;
      } else if (SINGLE.has(k)) {
        out[k] = convertSchema(v, scope);
      } else if ((k === "exclusiveMaximum" || k === "exclusiveMinimum") && typeof v === "boolean") {
        const limit = node[k === "exclusiveMaximum" ? "maximum" : "minimum"];
        if (v && typeof limit === "number") out[k] = limit;
        count(`draft-04 boolean \`${k}\` → numeric \`${k}\``);
      } else if ((k === "maximum" && node["exclusiveMaximum"] === true) || (k === "minimum" && node["exclusiveMinimum"] === true)) {
        // folded into the numeric exclusive keyword above
      } else {
        out[k] = v;
      }
    }
    return out;
  }

  const root = convertSchema(doc, { doc, prefix: "", isRoot: true }, true) as Obj;
  if (inlined.size > 0) {
    const defs = ((root["$defs"] as Obj | undefined) ?? {}) as Obj;
    for (const [key, converted] of inlined) defs[key] = converted;
    root["$defs"] = defs;
  }
  const notes = [...counts].map(([what, n]) => (n > 1 ? `${what} (×${n})` : what));
  return { schema: root, notes };
}
