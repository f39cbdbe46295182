// @cfworker/json-schema: an interpreter without eval. `new Validator(schema, "2020-12", shortCircuit)`
// only indexes the schema's references; validation walks the schema. It asserts `format`.
import { Validator } from "@cfworker/json-schema";
import { defineLibrary, type Schema } from "./library.js";

interface Handles {
  short: Validator;
  full: Validator;
}

export default defineLibrary<Handles>({
  id: "cfworker",
  label: "@cfworker",
  describe: '@cfworker/json-schema `new Validator(schema, "2020-12", shortCircuit)`: shortCircuit true for isValid and first-error, false for all-errors',
  prepare: (schema) => ({ short: new Validator(schema, "2020-12", true), full: new Validator(structuredClone(schema), "2020-12", false) }),
  isValid(h, data, n) {
    const v = h.short;
    let k = 0;
    for (let i = 0; i < n; i++) if (v.validate(data).valid) k++;
    return k;
  },
  firstError(h, data, n) {
    const v = h.short;
    let k = 0;
    for (let i = 0; i < n; i++) k += v.validate(data).errors.length;
    return k;
  },
  allErrors(h, data, n) {
    const v = h.full;
    let k = 0;
    for (let i = 0; i < n; i++) k += v.validate(data).errors.length;
    return k;
  },
  errorCount(h, data, mode) {
    const r = (mode === "all" ? h.full : h.short).validate(data);
    return r.valid ? -1 : r.errors.length;
  },
  compile(copies) {
    let k = 0;
    for (let i = 0; i < copies.length; i++) if (new Validator(copies[i]!, "2020-12", true)) k++;
    return k;
  },
  memory: () => (copy: Schema) => new Validator(copy, "2020-12", true),
});
