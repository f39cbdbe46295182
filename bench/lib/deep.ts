// Objects nested so that the *schema document* reaches a given depth, counted as schemagate's gate
// counts it: the root is level 1, every object or array value nested inside adds one level.
// Each nested level is an object schema with `properties` (id, label, child), `required` and
// `additionalProperties: false`, so one object level of the instance costs two schema levels.
import type { CaseData } from "./types.js";

type Obj = Record<string, unknown>;

export function jsonDepth(value: unknown): number {
  if (typeof value !== "object" || value === null) return 0;
  let deepest = 0;
  for (const v of Object.values(value)) deepest = Math.max(deepest, jsonDepth(v));
  return 1 + deepest;
}

export function deepCase(depth: number): CaseData {
  // An odd depth d holds (d-1)/2 object levels; an even one puts an `enum` array at the bottom.
  const even = depth % 2 === 0;
  const levels = even ? (depth - 2) / 2 : (depth - 1) / 2;
  const idSchema = (last: boolean): Obj => (last && even ? { type: "integer", enum: [0, levels, 999] } : { type: "integer", minimum: 0 });

  function schemaAt(level: number): Obj {
    const last = level === levels;
    const properties: Obj = { id: idSchema(last), label: { type: "string", maxLength: 64 } };
    if (!last) properties["child"] = schemaAt(level + 1);
    return { type: "object", properties, required: last ? ["id"] : ["id", "child"], additionalProperties: false };
  }
  function instanceAt(level: number, broken: boolean): Obj {
    const last = level === levels;
    const node: Obj = { id: last && even ? levels : level, label: `level ${level}` };
    if (!last) node["child"] = instanceAt(level + 1, broken);
    else if (broken) (node["id"] = "deepest", (node["extra"] = true));
    return node;
  }

  const schema = schemaAt(1);
  if (jsonDepth(schema) !== depth) throw new Error(`deep schema has depth ${jsonDepth(schema)}, wanted ${depth}`);
  return {
    schema,
    valid: instanceAt(1, false),
    invalid: instanceAt(1, true),
    notes: [
      `Schema document depth ${depth} (root = level 1, every nested object/array +1, as the gate counts): ` +
        `${levels} nested object schemas, each with properties id/label/child, required and additionalProperties: false; ` +
        `the instance nests ${levels} objects. The invalid instance breaks only the innermost object (wrong type, one extra property).`,
    ],
  };
}
