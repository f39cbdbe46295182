// schemagate, from this checkout's src/ (bundled by the runner). Default options throughout:
// whatever compile() does by default (gate, metaschema check, cache, once they exist) is measured.
// The schema's `$schema` picks the dialect. The one exception: a schema whose `$ref`s name another
// document by URI (swagger.json: the draft-04 metaschema, which schemagate embeds) needs
// `refs: "document"`, since the default allows only fragment references.
import * as sg from "../../src/index.js";
import type { CompileOptions, Validator } from "../../src/index.js";
import { compileExplaining } from "../../src/compile.js";
import { handedOver, usedExplainer } from "../../src/validator.js";
import { defineLibrary, type Schema } from "./library.js";

const { compile } = sg;
const FIRST = { allErrors: false } as const;
const ALL = { allErrors: true } as const;
/** The gate's default bound on JSON objects and boolean subschemas in a schema (README, `bounds`). */
const DEFAULT_SUBSCHEMAS = 10_000;

/** JSON objects and booleans: at least what the gate counts (it counts booleans only where a schema goes). */
function objectCount(value: unknown): number {
  if (typeof value === "boolean") return 1;
  if (typeof value !== "object" || value === null) return 0;
  let n = Array.isArray(value) ? 0 : 1;
  for (const member of Object.values(value)) n += objectCount(member);
  return n;
}

/** compile()'s options for this case: undefined (the defaults) unless the schema needs `refs: "document"` or raised bounds. */
let OPTIONS: CompileOptions | undefined;

/** The SchemaCache class once src/ exports it (looked up dynamically: it may not exist yet). */
type CacheClass = new (...args: unknown[]) => unknown;
export function schemaCacheClass(): CacheClass | undefined {
  const found = (sg as unknown as Record<string, unknown>)["SchemaCache"];
  return typeof found === "function" ? (found as CacheClass) : undefined;
}

export interface HitTask {
  run(n: number): number;
  warning?: string;
}

/**
 * The cache-hit task: compile() of structurally identical but separately built copies of one
 * schema (as a server that receives the same tool schema again would), through a SchemaCache.
 * Returns a string (the reason) when there is no SchemaCache to measure.
 */
export function cacheHitTask(schema: Schema): HitTask | string {
  const SchemaCache = schemaCacheClass();
  if (!SchemaCache) return "src/ exports no SchemaCache yet: compile() has no cache, every compile is a miss";
  let options: CompileOptions = { ...OPTIONS };
  try {
    options = { ...OPTIONS, cache: new SchemaCache() } as unknown as CompileOptions;
  } catch {
    // Unknown constructor: fall back to compile()'s default (shared) cache.
  }
  const clones = Array.from({ length: 64 }, () => structuredClone(schema));
  compile(clones[0], options);
  const a = compile(clones[1], options);
  const b = compile(clones[2], options);
  const hitLoop = (n: number): number => {
    let k = 0;
    for (let i = 0; i < n; i++) if (compile(clones[i & 63], options)) k++;
    return k;
  };
  return {
    run: hitLoop,
    ...(a === b ? {} : { warning: "schemagate cache hit not confirmed: two compiles of identical copies returned different validators" }),
  };
}

/**
 * Two validators of `schema` whose error passes differ: the explainer's, which serves a validator's
 * first invalid instances (engine/explain.ts: it walks the schema's own objects, no second
 * compile), and the closures' (the collecting variant, compiled for the invalid instances after
 * those). Or why the pair cannot be compared (`wrong`: the two gave different errors): the schema
 * has no explainer, or the explainer hands this instance over to the closures.
 */
export function errorPassPair(schema: Schema, invalid: unknown): { explainer: Validator; closures: Validator } | { why: string; wrong?: true } {
  const explainer = compileExplaining(schema, OPTIONS, Infinity);
  const closures = compileExplaining(schema, OPTIONS, 0);
  for (const options of [FIRST, ALL]) {
    if (JSON.stringify(explainer.validate(invalid, options)) !== JSON.stringify(closures.validate(invalid, options))) {
      return { why: `the explainer's errors are not the closures' (allErrors: ${options.allErrors})`, wrong: true };
    }
  }
  if (!usedExplainer(explainer)) return { why: "no explainer (it serves one document whose every keyword has a hook and whose references land where the dynamic scope does not decide): the closures serve from the first invalid instance" };
  if (handedOver(explainer)) return { why: "the explainer hands this instance over to the closures (engine/explain.ts HANDOVER)" };
  return { explainer, closures };
}

/** With a cache in src/, copies that differ only in `$comment` must still be distinct compiles. */
export function copiesAreMisses(a: Schema, b: Schema): boolean {
  return compile(a, OPTIONS) !== compile(b, OPTIONS);
}

export default defineLibrary<Validator>({
  id: "schemagate",
  label: "schemagate",
  describe: "schemagate (this checkout, src/ bundled by esbuild): `compile(schema)` with default options (`refs: \"document\"` where `$ref`s name the draft-04 metaschema); `$schema` picks the dialect",
  setup(dialect, external, schema) {
    const documents = Object.keys(external);
    const objects = objectCount(schema);
    OPTIONS = documents.length || objects > DEFAULT_SUBSCHEMAS ? { ...(documents.length ? { refs: "document" as const } : {}), ...(objects > DEFAULT_SUBSCHEMAS ? { bounds: { maxSubschemas: objects } } : {}) } : undefined;
    const notes = [
      ...(documents.length ? [`\`refs: "document"\`: its \`$ref\`s name ${documents.map((uri) => `\`${uri}\``).join(", ")}`] : []),
      ...(objects > DEFAULT_SUBSCHEMAS ? [`\`bounds: { maxSubschemas: ${objects} }\`: the schema has more JSON objects and booleans than the default bound of ${DEFAULT_SUBSCHEMAS.toLocaleString("en-US")}`] : []),
    ];
    return { runs: notes.length ? `${dialect} (${notes.join("; ")})` : dialect };
  },
  prepare: (schema) => compile(schema, OPTIONS),
  isValid(v, data, n) {
    let k = 0;
    for (let i = 0; i < n; i++) if (v.isValid(data)) k++;
    return k;
  },
  firstError(v, data, n) {
    let k = 0;
    for (let i = 0; i < n; i++) {
      const r = v.validate(data, FIRST);
      if (!r.valid) k += r.errors.length;
    }
    return k;
  },
  allErrors(v, data, n) {
    let k = 0;
    for (let i = 0; i < n; i++) {
      const r = v.validate(data, ALL);
      if (!r.valid) k += r.errors.length;
    }
    return k;
  },
  errorCount(v, data, mode) {
    const r = v.validate(data, mode === "all" ? ALL : FIRST);
    return r.valid ? -1 : r.errors.length;
  },
  compile(copies) {
    let k = 0;
    const options = OPTIONS;
    for (let i = 0; i < copies.length; i++) if (compile(copies[i], options)) k++;
    return k;
  },
  release() {
    // Untimed: the default cache keeps every validator compiled so far (up to CACHE_SIZE). Left
    // full, a memory cell's compiles would evict the last cell's validators, and the heap freed
    // by that would be subtracted from what the new ones hold.
    sg.defaultCache.clear();
  },
  memory: () => (copy) => compile(copy, OPTIONS),
  firstResult(copies, data) {
    let k = 0;
    const options = OPTIONS;
    for (let i = 0; i < copies.length; i++) if (compile(copies[i], options).isValid(data)) k++;
    return k;
  },
  firstInvalid(copies, data) {
    let k = 0;
    const options = OPTIONS;
    for (let i = 0; i < copies.length; i++) {
      const r = compile(copies[i], options).validate(data);
      if (!r.valid) k += r.errors.length;
    }
    return k;
  },
  touch: (kept, data) => void (kept as Validator).validate(data),
});
