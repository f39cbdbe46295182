// The schema gate's one bounded walk over a document. Iterative (a 100,000-deep document is
// refused, never a stack overflow), and in the same pass it:
//   · refuses what is not JSON (undefined, functions, NaN, cycles, class instances, holes),
//   · enforces the depth and object-count bounds,
//   · enforces the ref policy on $ref/$dynamicRef in schema positions,
//   · builds a frozen private copy (so no caller-owned object is ever aliased),
//   · writes the canonical text (sorted keys) that keys the cache,
//   · and lists the schema objects that declare identifiers or references, for the registry.
import { SchemaError } from "../errors.js";
import { escapeSegment } from "../json/pointer.js";
import { KEYWORDS_BY_NAME } from "../keywords/index.js";

export interface Bounds {
  readonly maxDepth: number;
  readonly maxSubschemas: number;
}

/** A schema object that declares $id, $anchor, $dynamicAnchor, $ref or $dynamicRef. */
export interface Mark {
  readonly ptr: string;
  readonly schema: Readonly<Record<string, unknown>>;
}

export interface Walked {
  readonly copy: unknown;
  readonly canonical: string;
  /** In document order of discovery: every parent before its children. */
  readonly marks: readonly Mark[];
}

// What a value is, for the keywords above it: data, a schema, an array or a map of schemas.
const DATA = 0;
const SCHEMA = 1;
const SCHEMA_ARRAY = 2;
const SCHEMA_MAP = 3;
const MARKED = ["$id", "$anchor", "$dynamicAnchor", "$ref", "$dynamicRef"];

interface Frame {
  readonly value: unknown;
  readonly parent: Frame | undefined;
  readonly key: string | number;
  readonly depth: number;
  readonly position: number;
  /** Canonical text written before the value (a separator and the key). */
  readonly prefix: string;
  /** The copy container the value is written into. */
  readonly holder: Record<string, unknown> | unknown[] | undefined;
  /** Set on a closing frame: the container to freeze and leave. */
  readonly closes?: { original: object; copy: object; text: string };
}

function pointer(frame: Frame | undefined): string {
  let out = "";
  for (let f = frame; f !== undefined && f.parent !== undefined; f = f.parent) out = "/" + escapeSegment(f.key) + out;
  return out;
}

function describe(value: unknown): string {
  if (typeof value === "number") return String(value);
  if (typeof value !== "object") return typeof value === "undefined" ? "undefined" : `a ${typeof value}`;
  return Object.prototype.toString.call(value).slice(8, -1).replace(/^/, "a ");
}

function store(holder: Frame["holder"], key: string | number, value: unknown): void {
  if (holder === undefined) return;
  // "__proto__" must become an own property, never a prototype change.
  if (key === "__proto__") Object.defineProperty(holder, key, { value, enumerable: true, writable: true, configurable: true });
  else (holder as Record<string, unknown>)[key] = value;
}

export function walk(document: unknown, bounds: Bounds | false, fragmentOnly: boolean): Walked {
  const maxDepth = bounds === false ? Infinity : bounds.maxDepth;
  const maxObjects = bounds === false ? Infinity : bounds.maxSubschemas;
  const marks: Mark[] = [];
  const open = new Set<object>();
  let text = "";
  let objects = 0;
  let root: unknown;
  const stack: Frame[] = [{ value: document, parent: undefined, key: "", depth: 1, position: SCHEMA, prefix: "", holder: undefined }];
  const notJson = (frame: Frame, what: string): never => {
    throw new SchemaError("not-json", pointer(frame), `the schema is not JSON: ${what}`);
  };

  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (frame.closes !== undefined) {
      text += frame.closes.text;
      open.delete(frame.closes.original);
      Object.freeze(frame.closes.copy);
      continue;
    }
    const { value, depth, position } = frame;
    text += frame.prefix;
    let copy: unknown = value;
    switch (typeof value) {
      case "string":
        text += JSON.stringify(value);
        break;
      case "boolean":
        text += value ? "true" : "false";
        break;
      case "number":
        if (!Number.isFinite(value)) notJson(frame, `${value} is not a JSON number`);
        text += String(value === 0 ? 0 : value);
        break;
      case "object": {
        if (value === null) {
          text += "null";
          break;
        }
        if (depth > maxDepth) {
          throw new SchemaError("depth", pointer(frame), `schema nesting exceeds the maximum depth of ${maxDepth}`);
        }
        if (open.has(value)) notJson(frame, "it contains itself (a cycle)");
        open.add(value);
        if (Array.isArray(value)) copy = openArray(value, frame, stack, notJson);
        else {
          const proto = Object.getPrototypeOf(value);
          if (proto !== Object.prototype && proto !== null) notJson(frame, `${describe(value)} is not a plain object`);
          if (++objects > maxObjects) {
            throw new SchemaError("subschemas", pointer(frame), `schema has more than ${maxObjects} objects`);
          }
          copy = openObject(value as Record<string, unknown>, frame, stack);
          if (position === SCHEMA) mark(value as Record<string, unknown>, copy as Record<string, unknown>, frame, marks, fragmentOnly);
        }
        text += Array.isArray(value) ? "[" : "{";
        break;
      }
      default:
        notJson(frame, `${describe(value)} is not a JSON value`);
    }
    if (frame.parent === undefined) root = copy;
    else store(frame.holder, frame.key, copy);
  }
  return { copy: root, canonical: text, marks };
}

function openArray(value: unknown[], frame: Frame, stack: Frame[], notJson: (frame: Frame, what: string) => never): unknown[] {
  const copy = new Array<unknown>(value.length);
  stack.push({ value: undefined, parent: frame, key: "", depth: 0, position: DATA, prefix: "", holder: undefined, closes: { original: value, copy, text: "]" } });
  const childPosition = frame.position === SCHEMA_ARRAY ? SCHEMA : DATA;
  for (let i = value.length - 1; i >= 0; i--) {
    if (!Object.hasOwn(value, i)) notJson(frame, `a sparse array (no item at index ${i})`);
    stack.push({ value: value[i], parent: frame, key: i, depth: frame.depth + 1, position: childPosition, prefix: i === 0 ? "" : ",", holder: copy });
  }
  return copy;
}

function openObject(value: Record<string, unknown>, frame: Frame, stack: Frame[]): Record<string, unknown> {
  const keys = Object.keys(value);
  const copy: Record<string, unknown> = {};
  // Keys are created in the author's order; the canonical text visits them sorted.
  for (const key of keys) store(copy, key, undefined);
  stack.push({ value: undefined, parent: frame, key: "", depth: 0, position: DATA, prefix: "", holder: undefined, closes: { original: value, copy, text: "}" } });
  const sorted = keys.sort();
  for (let i = sorted.length - 1; i >= 0; i--) {
    const key = sorted[i]!;
    stack.push({
      value: value[key],
      parent: frame,
      key,
      depth: frame.depth + 1,
      position: childPositionOf(frame.position, key),
      prefix: (i === 0 ? "" : ",") + JSON.stringify(key) + ":",
      holder: copy,
    });
  }
  return copy;
}

function childPositionOf(position: number, key: string): number {
  if (position === SCHEMA_MAP) return SCHEMA;
  if (position !== SCHEMA) return DATA;
  const children = KEYWORDS_BY_NAME.get(key)?.children;
  return children === "schema" ? SCHEMA : children === "array" ? SCHEMA_ARRAY : children === "map" ? SCHEMA_MAP : DATA;
}

/** Records identifiers and references, and applies the ref policy before anything is resolved. */
function mark(value: Record<string, unknown>, copy: Record<string, unknown>, frame: Frame, marks: Mark[], fragmentOnly: boolean): void {
  if (!MARKED.some((k) => Object.hasOwn(value, k))) return;
  const ptr = pointer(frame);
  if (fragmentOnly) {
    for (const keyword of ["$ref", "$dynamicRef"]) {
      const reference = value[keyword];
      if (typeof reference === "string" && Object.hasOwn(value, keyword) && !reference.startsWith("#")) {
        throw new SchemaError(
          "external-ref",
          ptr + "/" + keyword,
          `${keyword} "${reference}" leaves the document; only references starting with "#" are allowed (option refs: "fragment")`,
        );
      }
    }
  }
  marks.push({ ptr, schema: copy });
}
