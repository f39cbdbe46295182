// The draft-07 version of a 2020-12 case: the same schema as the MCP TypeScript SDK 1.x's McpServer
// sends it (zod-to-json-schema's draft-07 target): `"$schema": "http://json-schema.org/draft-07/schema#"`,
// `definitions` for `$defs` with the `$ref`s pointing there, array-form `items` + `additionalItems`
// for `prefixItems` + `items`. A schema that relies on a keyword draft-07 does not have
// (unevaluated*, dependentSchemas, …) has no such version: the case is then skipped, and says why.
import { ANNOTATIONS, ARRAYS, decodeSeg, encodeSeg, isObj, MAPS, SINGLE, type Json, type Obj } from "./dialect.js";
import type { BenchCase, CaseData, Skipped } from "./types.js";

export const DRAFT7_URI = "http://json-schema.org/draft-07/schema#";

/** 2020-12 keywords with no draft-07 form: draft-07 would ignore them. */
const NO_DRAFT7 = [
  "unevaluatedProperties", "unevaluatedItems", "dependentSchemas", "dependentRequired", "minContains", "maxContains",
  "$anchor", "$dynamicRef", "$dynamicAnchor", "$recursiveRef", "$recursiveAnchor", "$vocabulary", "contentSchema",
];

/** Why a schema has no draft-07 form. */
class Unconvertible extends Error {}

/** The renamed keyword at a schema position: `$defs`, `prefixItems`, and `items` after `prefixItems`. */
function renamed(key: string, parent: Obj): string {
  if (key === "$defs") return "definitions";
  if (key === "prefixItems") return "items";
  if (key === "items" && Array.isArray(parent["prefixItems"])) return "additionalItems";
  return key;
}

/** A fragment `$ref` into the 2020-12 document, mapped to the same place in the draft-07 one. */
function mapFragment(doc: Obj, ref: string): string {
  if (!/^#(\/|$)/.test(ref)) throw new Unconvertible(`has the \`$ref\` ${JSON.stringify(ref)}, which is not a JSON Pointer fragment`);
  const out: string[] = [];
  let node: Json = doc;
  let position: "schema" | "members" | "value" = "schema";
  for (const seg of ref.slice(1).split("/").slice(1).map(decodeSeg)) {
    const parent = node;
    node = isObj(parent) || Array.isArray(parent) ? (parent as Obj)[seg] : undefined;
    if (position === "schema" && isObj(parent)) {
      out.push(renamed(seg, parent));
      const members = seg === "$defs" || seg === "prefixItems" || MAPS.has(seg) || ARRAYS.has(seg);
      position = members ? "members" : SINGLE.has(seg) || seg === "items" ? "schema" : "value";
    } else {
      out.push(seg);
      if (position === "members") position = "schema";
    }
  }
  return "#" + out.map((s) => "/" + encodeSeg(s)).join("");
}

/** The draft-07 form of a 2020-12 schema with fragment-only `$ref`s, and what was changed; or why there is none. */
export function toDraft07(doc: Obj): { schema: Obj; notes: string[] } | Skipped {
  const changes = new Set<string>();

  function convert(node: Json): Json {
    if (!isObj(node)) return node;
    const out: Obj = {};
    for (const [k, v] of Object.entries(node)) {
      if (NO_DRAFT7.includes(k)) throw new Unconvertible(`relies on \`${k}\`, which draft-07 does not have (it would be ignored there)`);
      const name = renamed(k, node);
      if (name !== k) changes.add(`\`${k}\` → \`${name}\``);
      if (k === "$ref" && typeof v === "string") out[k] = mapFragment(doc, v);
      else if (k === "$defs" || MAPS.has(k)) out[name] = isObj(v) ? Object.fromEntries(Object.entries(v).map(([p, s]) => [p, convert(s)])) : v;
      else if (ARRAYS.has(k) || k === "prefixItems") out[name] = Array.isArray(v) ? v.map(convert) : v;
      else if (SINGLE.has(k) || k === "items") out[name] = convert(v);
      else out[name] = v;
    }
    const siblings = typeof out["$ref"] === "string" ? Object.keys(out).filter((k) => k !== "$ref" && !ANNOTATIONS.has(k)) : [];
    if (siblings.length === 0) return out;
    // draft-07 ignores keywords beside `$ref`: the reference moves into an `allOf`.
    changes.add("`$ref` with sibling keywords → `allOf: [{ $ref }]`");
    const { $ref, ...rest } = out;
    return { ...rest, allOf: [{ $ref }, ...(Array.isArray(rest["allOf"]) ? rest["allOf"] : [])] };
  }

  try {
    const { $schema: _declared, ...body } = convert(doc) as Obj;
    return { schema: { $schema: DRAFT7_URI, ...body }, notes: [`\`"$schema": "${DRAFT7_URI}"\` added`, ...changes] };
  } catch (e) {
    if (e instanceof Unconvertible) return { skipped: `the 2020-12 schema ${e.message}` };
    throw e;
  }
}

/** `base` with its schema in draft-07: a case of its own, `NAME-draft-07`, shown beside `base`. */
export function draft07Version(base: BenchCase): BenchCase {
  return {
    name: `${base.name}-draft-07`,
    title: `${base.title} (draft-07 version)`,
    group: base.group,
    variantOf: base.name,
    async load(ctx): Promise<CaseData | Skipped> {
      const data = await base.load(ctx);
      if ("skipped" in data) return data;
      const converted = toDraft07(data.schema);
      if ("skipped" in converted) return { skipped: `no draft-07 version: ${converted.skipped}` };
      return {
        ...data,
        schema: converted.schema,
        as2020: { schema: data.schema, notes: [] },
        notes: [`The schema of ${base.name} in draft-07, as the MCP TypeScript SDK 1.x sends it: ${converted.notes.join("; ")}.`, ...(data.notes ?? [])],
      };
    },
  };
}
