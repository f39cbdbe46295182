// ajv 8 (code generation with new Function), in the class of the schema's dialect: `Ajv2020`,
// `Ajv2019`, `Ajv` (draft-07), `Ajv` with the draft-06 metaschema added. draft-04 needs the
// separate ajv-draft-04 package, which is not installed: such a schema runs as its 2020-12
// conversion. Two columns: one reused instance, as servers use it (the baseline of every ratio),
// and a new instance per compile (compile and memory only).
// Options: strict: false (real-world schemas carry keywords ajv's strict mode rejects) and
// validateFormats: false (format as an annotation, like schemagate's default; without ajv-formats,
// ajv would otherwise reject or warn about every format).
import { createRequire } from "node:module";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import { Ajv, type AnySchemaObject, type Options, type ValidateFunction } from "ajv/dist/ajv.js";
import type { DialectName } from "../lib/types.js";
import { defineLibrary, type Schema, type Setup } from "./library.js";

const OPTIONS = { strict: false, validateFormats: false } as const;
const DRAFT6 = createRequire(import.meta.url)("ajv/dist/refs/json-schema-draft-06.json") as AnySchemaObject;

type Instance = Pick<Ajv2020, "compile" | "removeSchema">;
const CLASSES: Partial<Record<DialectName, [label: string, make: (options: Options) => Instance]>> = {
  "2020-12": ["`Ajv2020`", (o) => new Ajv2020(o)],
  "2019-09": ["`Ajv2019`", (o) => new Ajv2019(o)],
  "draft-07": ["`Ajv`", (o) => new Ajv(o)],
  "draft-06": ["`Ajv` + `addMetaSchema(json-schema-draft-06.json)`", (o) => new Ajv(o).addMetaSchema(DRAFT6)],
};

let make = CLASSES["2020-12"]![1];
let reused = make(OPTIONS);
let reusedAll = make({ ...OPTIONS, allErrors: true });

function setup(dialect: DialectName): Setup {
  const found = CLASSES[dialect];
  if (!found) return { cannot: `ajv has no ${dialect} without the ajv-draft-04 package, which is not installed` };
  make = found[1];
  return { runs: `${dialect} (${found[0]})` };
}

interface Handles {
  first: ValidateFunction;
  all: ValidateFunction;
}

export const ajv = defineLibrary<Handles>({
  id: "ajv",
  label: "ajv",
  describe: "ajv, the class of the schema's dialect (`Ajv2020`, `Ajv` for draft-07), one reused instance (`{ strict: false, validateFormats: false }`; a second reused instance with `allErrors: true` for all-errors)",
  setup,
  prepare(schema) {
    // Fresh instances per case, so nothing another copy registered can interfere.
    reused = make(OPTIONS);
    reusedAll = make({ ...OPTIONS, allErrors: true });
    return { first: reused.compile(schema), all: reusedAll.compile(structuredClone(schema)) };
  },
  isValid(h, data, n) {
    const v = h.first;
    let k = 0;
    for (let i = 0; i < n; i++) if (v(data)) k++;
    return k;
  },
  firstError(h, data, n) {
    const v = h.first;
    let k = 0;
    for (let i = 0; i < n; i++) if (!v(data)) k += v.errors!.length;
    return k;
  },
  allErrors(h, data, n) {
    const v = h.all;
    let k = 0;
    for (let i = 0; i < n; i++) if (!v(data)) k += v.errors!.length;
    return k;
  },
  errorCount(h, data, mode) {
    const v = mode === "all" ? h.all : h.first;
    return v(data) ? -1 : v.errors!.length;
  },
  compile(copies) {
    const instance = reused;
    let k = 0;
    for (let i = 0; i < copies.length; i++) if (instance.compile(copies[i]!)) k++;
    return k;
  },
  release(copies) {
    // Untimed: keep the reused instance's cache from growing across batches.
    for (const copy of copies) reused.removeSchema(copy);
  },
  memory() {
    const instance = make(OPTIONS);
    return (copy: Schema) => instance.compile(copy);
  },
  firstResult(copies, data) {
    const instance = reused;
    let k = 0;
    for (let i = 0; i < copies.length; i++) if (instance.compile(copies[i]!)(data)) k++;
    return k;
  },
  firstInvalid(copies, data) {
    const instance = reused;
    let k = 0;
    for (let i = 0; i < copies.length; i++) {
      const v = instance.compile(copies[i]!);
      if (!v(data)) k += v.errors!.length;
    }
    return k;
  },
  touch: (kept, data) => void (kept as ValidateFunction)(data),
});

export const ajvNew = defineLibrary<never>({
  id: "ajv-new",
  label: "ajv (new instance)",
  describe: "ajv, the class of the schema's dialect, `new Ajv2020(options).compile(schema)` (or the dialect's class) per schema (compile and memory only: validation runs the same generated code as the reused instance)",
  setup,
  compile(copies) {
    const create = make;
    let k = 0;
    for (let i = 0; i < copies.length; i++) if (create(OPTIONS).compile(copies[i]!)) k++;
    return k;
  },
  memory: () => (copy) => make(OPTIONS).compile(copy),
});
