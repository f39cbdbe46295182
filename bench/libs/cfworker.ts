// @cfworker/json-schema: an interpreter without eval. `new Validator(schema, draft, shortCircuit)`
// only indexes the schema's references; validation walks the schema. It asserts `format`. The
// draft is the schema's dialect ("2020-12", "2019-09", "7", "4"; it has no draft-06); documents the
// schema refers to by URI are added to each validator with `addSchema`.
import { Validator, type Schema as CfSchema, type SchemaDraft } from "@cfworker/json-schema";
import type { DialectName } from "../lib/types.js";
import { defineLibrary, type Schema } from "./library.js";

const DRAFTS: Partial<Record<DialectName, SchemaDraft>> = { "2020-12": "2020-12", "2019-09": "2019-09", "draft-07": "7", "draft-04": "4" };

let draft: SchemaDraft = "2020-12";
let external: [string, Schema][] = [];

function make(schema: Schema, shortCircuit: boolean): Validator {
  const v = new Validator(schema, draft, shortCircuit);
  for (const [uri, doc] of external) v.addSchema(doc as CfSchema, uri);
  return v;
}

interface Handles {
  short: Validator;
  full: Validator;
}

export default defineLibrary<Handles>({
  id: "cfworker",
  label: "@cfworker",
  describe: '@cfworker/json-schema `new Validator(schema, draft, shortCircuit)` with the draft of the schema\'s dialect ("2020-12", "7", "4"): shortCircuit true for isValid and first-error, false for all-errors',
  setup(dialect, documents) {
    const found = DRAFTS[dialect];
    if (!found) return { cannot: `@cfworker/json-schema has no ${dialect}` };
    draft = found;
    external = Object.entries(documents);
    const added = external.length ? ` + \`addSchema\` of ${external.map(([uri]) => `\`${uri}\``).join(", ")} on every validator` : "";
    return { runs: `${dialect} (\`"${found}"\`${added})` };
  },
  prepare: (schema) => ({ short: make(schema, true), full: make(structuredClone(schema), false) }),
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
    for (let i = 0; i < copies.length; i++) if (make(copies[i]!, true)) k++;
    return k;
  },
  memory: () => (copy: Schema) => make(copy, true),
  firstResult(copies, data) {
    let k = 0;
    for (let i = 0; i < copies.length; i++) if (make(copies[i]!, true).validate(data).valid) k++;
    return k;
  },
  firstInvalid(copies, data) {
    let k = 0;
    for (let i = 0; i < copies.length; i++) k += make(copies[i]!, true).validate(data).errors.length;
    return k;
  },
  touch: (kept, data) => void (kept as Validator).validate(data),
});
