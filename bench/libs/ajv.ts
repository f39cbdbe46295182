// ajv 8 (Ajv2020, code generation with new Function). Two columns: one reused instance, as servers
// use it (the baseline of every ratio), and a new instance per compile (compile and memory only).
// Options: strict: false (real-world schemas carry keywords ajv's strict mode rejects) and
// validateFormats: false (format as an annotation, like schemagate's default; without ajv-formats,
// ajv would otherwise reject or warn about every format).
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { defineLibrary, type Schema } from "./library.js";

const OPTIONS = { strict: false, validateFormats: false } as const;

let reused = new Ajv2020(OPTIONS);
let reusedAll = new Ajv2020({ ...OPTIONS, allErrors: true });

interface Handles {
  first: ValidateFunction;
  all: ValidateFunction;
}

export const ajv = defineLibrary<Handles>({
  id: "ajv",
  label: "ajv",
  describe: "ajv Ajv2020, one reused instance (`{ strict: false, validateFormats: false }`; a second reused instance with `allErrors: true` for all-errors)",
  prepare(schema) {
    // Fresh instances per case, so nothing another copy registered can interfere.
    reused = new Ajv2020(OPTIONS);
    reusedAll = new Ajv2020({ ...OPTIONS, allErrors: true });
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
    const instance = new Ajv2020(OPTIONS);
    return (copy: Schema) => instance.compile(copy);
  },
});

export const ajvNew = defineLibrary<never>({
  id: "ajv-new",
  label: "ajv (new instance)",
  describe: "ajv Ajv2020, `new Ajv2020(options).compile(schema)` per schema (compile and memory only: validation runs the same generated code as the reused instance)",
  compile(copies) {
    let k = 0;
    for (let i = 0; i < copies.length; i++) if (new Ajv2020(OPTIONS).compile(copies[i]!)) k++;
    return k;
  },
  memory: () => (copy) => new Ajv2020(OPTIONS).compile(copy),
});
