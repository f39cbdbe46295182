// `npm run bench -- --ceiling`: how fast an engine without code generation can be on the MCP and
// deep cases, measured. The contender is the smallest interpreter that answers these schemas:
// plain data per schema object, one function per kind of object (as schemagate's plans), only the
// keywords these cases use, no errors, no gate. It runs with and without the test schemagate makes
// that an object is a JSON object (its prototype read), against ajv and schemagate in one process,
// interleaved. Issue 3 asks schemagate's isValid for 1.0x ajv; this shows what such an engine
// reaches at best. Not a test: nothing here asserts a time.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import { compile } from "../src/index.js";
import { loadCase } from "./lib/data.js";
import { geomean } from "./lib/report.js";
import type { BenchCase } from "./lib/types.js";

type Json = Record<string, unknown>;

/**
 * The cases, and one part of a case: the interpreter does not take mcp-output's allOf, anyOf,
 * if/then/else and unevaluatedProperties, but its `result` (an object, an array of 3 objects)
 * is plain `properties`, and its time bounds the whole case's from below.
 */
const CASES: { name: string; case: string; part?: { schema: (schema: Json) => Json; instance: (value: Json) => Json } }[] = [
  ...["mcp-input", "mcp-tree", "deep-20", "deep-40", "deep-63"].map((name) => ({ name, case: name })),
  {
    name: "mcp-output's result",
    case: "mcp-output",
    part: { schema: (schema) => ((schema["else"] as Json)["properties"] as Json)["result"] as Json, instance: (value) => value["result"] as Json },
  },
];

/** One schema object as data. kind 1: an object with declared names; 2: an array; 3: a scalar. */
class Node {
  kind = 3;
  types = 0;
  low = -Infinity;
  high = Infinity;
  names: string[] = [];
  kids: Node[] = [];
  required = 0;
  closed = false;
  items: Node | undefined = undefined;
  allowed: unknown[] | undefined = undefined;
}

const TYPES: Json = { object: 1, array: 2, string: 4, integer: 8, number: 24, boolean: 32 };
const KNOWN = new Set(["type", "properties", "required", "additionalProperties", "minimum", "maximum", "minLength", "maxLength", "items", "maxItems", "enum", "$ref", "description", "default"]);

/** The interpreter's data for a schema; throws on a keyword it does not know, so it never answers wrongly. */
function build(schema: Json, root: Json, done = new Map<Json, Node>()): Node {
  if (schema["$ref"] === "#") return build(root, root, done);
  const known = done.get(schema);
  if (known !== undefined) return known;
  const node = new Node();
  done.set(schema, node);
  for (const key of Object.keys(schema)) if (!KNOWN.has(key)) throw new Error(`ceiling: keyword ${key} is not interpreted`);
  node.types = (TYPES[schema["type"] as string] as number | undefined) ?? 0;
  node.low = (schema["minimum"] ?? schema["minLength"] ?? -Infinity) as number;
  node.high = (schema["maximum"] ?? schema["maxLength"] ?? schema["maxItems"] ?? Infinity) as number;
  node.allowed = schema["enum"] as unknown[] | undefined;
  if (node.types === 1) {
    const required = (schema["required"] ?? []) as string[];
    const properties = (schema["properties"] ?? {}) as Record<string, Json>;
    // Required names first, counted in the key loop.
    node.names = Object.keys(properties).sort((a, b) => Number(required.includes(b)) - Number(required.includes(a)));
    node.kids = node.names.map((name) => build(properties[name]!, root, done));
    node.required = required.length;
    node.closed = schema["additionalProperties"] === false;
    node.kind = 1;
  } else if (node.types === 2) {
    node.items = schema["items"] === undefined ? undefined : build(schema["items"] as Json, root, done);
    node.kind = 2;
  }
  return node;
}

const OBJECT_PROTOTYPE = Object.prototype;

function holds(node: Node, value: unknown, proto: boolean): boolean {
  if (node.kind === 1) return objectHolds(node, value, proto);
  if (node.kind === 2) return arrayHolds(node, value, proto);
  return scalarHolds(node, value);
}

function objectHolds(node: Node, value: unknown, proto: boolean): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  if (proto) {
    const p: unknown = Object.getPrototypeOf(value);
    if (p !== OBJECT_PROTOTYPE && p !== null) return false;
  }
  const { names, kids } = node;
  let required = 0;
  for (const key in value) {
    let i = names.length - 1;
    while (i >= 0 && names[i] !== key) i--;
    if (i < 0) {
      if (node.closed) return false;
      continue;
    }
    if (!holds(kids[i]!, (value as Json)[key], proto)) return false;
    if (i < node.required) required++;
  }
  return required === node.required;
}

function arrayHolds(node: Node, value: unknown, proto: boolean): boolean {
  if (!Array.isArray(value) || value.length > node.high) return false;
  const items = node.items;
  if (items !== undefined) for (let i = 0; i < value.length; i++) if (!holds(items, value[i], proto)) return false;
  return true;
}

function scalarHolds(node: Node, value: unknown): boolean {
  if (typeof value === "number") {
    if ((node.types & 8) === 0 || ((node.types & 16) === 0 ? !Number.isInteger(value) : !Number.isFinite(value))) return false;
    if (!(value >= node.low && value <= node.high)) return false;
  } else if (typeof value === "string") {
    // UTF-16 length: a shortcut schemagate cannot take (it counts code points), fine for a ceiling.
    if ((node.types & 4) === 0 || value.length < node.low || value.length > node.high) return false;
  } else if (typeof value === "boolean") {
    if ((node.types & 32) === 0) return false;
  } else return false;
  return node.allowed === undefined || node.allowed.includes(value);
}

type Contender = { name: string; isValid: (data: unknown) => boolean };

// One loop function per contender, so each call site sees one validator.
const loops: ((f: Contender["isValid"], data: unknown, n: number) => number)[] = [
  (f, d, n) => { let k = 0; for (let i = 0; i < n; i++) if (f(d)) k++; return k; },
  (f, d, n) => { let k = 0; for (let i = 0; i < n; i++) if (f(d)) k++; return k; },
  (f, d, n) => { let k = 0; for (let i = 0; i < n; i++) if (f(d)) k++; return k; },
  (f, d, n) => { let k = 0; for (let i = 0; i < n; i++) if (f(d)) k++; return k; },
];

function nsPerOp(loop: (typeof loops)[number], f: Contender["isValid"], data: unknown, n: number): number {
  const t0 = process.hrtime.bigint();
  if (loop(f, data, n) !== n) throw new Error("ceiling: a valid instance failed while timed");
  return Number(process.hrtime.bigint() - t0) / n;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** `out`: where bench/run.mjs bundled the cases. */
export async function ceiling({ out }: { out: string }): Promise<number> {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  const rows: { name: string; ns: number[] }[] = [];
  const prepared: { name: string; valid: unknown; contenders: Contender[] }[] = [];
  for (const { name, case: file, part } of CASES) {
    const { default: c } = (await import(pathToFileURL(join(out, "cases", `${file}.mjs`)).href)) as { default: BenchCase };
    const loaded = await loadCase(c, { dataDir: "", metaDir: "" });
    const schema = part ? part.schema(loaded.schema as Json) : loaded.schema;
    const [valid, invalid] = [loaded.valid, loaded.invalid].map((value) => (part ? part.instance(value as Json) : value));
    const node = build(schema as Json, schema as Json);
    const validator = compile(structuredClone(schema));
    const contenders: Contender[] = [
      { name: "ajv", isValid: ajv.compile(structuredClone(schema)) as (d: unknown) => boolean },
      { name: "schemagate", isValid: (d) => validator.isValid(d) },
      { name: "interpreter", isValid: (d) => holds(node, d, true) },
      { name: "interpreter, no prototype test", isValid: (d) => holds(node, d, false) },
    ];
    for (const k of contenders) if (!k.isValid(valid) || k.isValid(invalid)) throw new Error(`ceiling: ${k.name} answers ${name} wrongly`);
    prepared.push({ name, valid, contenders });
  }
  // Every contender runs every case before anything is timed, as an engine serving several schemas would.
  for (const { valid, contenders } of prepared) contenders.forEach((k, j) => loops[j]!(k.isValid, valid, 20_000));
  const ROUNDS = 7;
  for (const { name, valid, contenders } of prepared) {
    const n = Math.max(1000, Math.round(2e7 / Math.max(1, nsPerOp(loops[0]!, contenders[0]!.isValid, valid, 1000))));
    const samples = contenders.map(() => [] as number[]);
    for (let r = 0; r < ROUNDS; r++) {
      for (let s = 0; s < contenders.length; s++) {
        const j = (s + r) % contenders.length; // rotated order
        samples[j]!.push(nsPerOp(loops[j]!, contenders[j]!.isValid, valid, n));
      }
    }
    rows.push({ name, ns: samples.map(median) });
  }
  const names = prepared[0]!.contenders.map((k) => k.name);
  console.log(`| case | ${names.join(" | ")} |`);
  console.log(`| --- |${names.map(() => " ---: |").join("")}`);
  for (const { name, ns } of rows) console.log(`| ${name} | ${ns.map((x, j) => `${x.toFixed(0)} ns (${(ns[0]! / x).toFixed(2)}×)`).join(" | ")} |`);
  const means = names.map((_, j) => geomean(rows.map(({ ns }) => ns[0]! / ns[j]!)));
  console.log(`| geometric mean of the ratio to ajv | ${means.map((m) => `${m.toFixed(2)}×`).join(" | ")} |`);
  console.log(`\nns per isValid of the valid instance (median of ${ROUNDS} interleaved rounds; in parentheses, ajv ÷ it: above 1× is faster than ajv).`);
  return 0;
}
