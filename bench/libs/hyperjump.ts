// @hyperjump/json-schema (draft-2020-12 entry point): registerSchema + `await validate(uri)`
// compiles once (checking the schema against its metaschema, by default); the compiled validator
// is what the validation rows measure: FLAG output for isValid, BASIC output for all-errors.
import { registerSchema, unregisterSchema, validate, type SchemaObject, type Validator } from "@hyperjump/json-schema/draft-2020-12";
import { BASIC } from "@hyperjump/json-schema/experimental";
import { defineLibrary, type Schema } from "./library.js";

const DIALECT = "https://json-schema.org/draft/2020-12/schema";
let serial = 0;
const registered = new WeakMap<Schema, string>();

type Json = Parameters<Validator>[0];

/** Registers a copy under a fresh retrieval URI and returns that URI (what validate() compiles). */
function register(copy: Schema): string {
  const uri = `https://schemagate.invalid/hyperjump/${++serial}.json`;
  registerSchema(copy as SchemaObject, uri, DIALECT);
  registered.set(copy, uri);
  return uri;
}

export default defineLibrary<Validator>({
  id: "hyperjump",
  label: "hyperjump",
  describe: "@hyperjump/json-schema/draft-2020-12: `registerSchema` + `await validate(uri)` once, then the compiled validator (FLAG for isValid, BASIC for all-errors)",
  prepare: (schema) => validate(register(schema)),
  isValid(v, data, n) {
    const d = data as Json;
    let k = 0;
    for (let i = 0; i < n; i++) if (v(d).valid) k++;
    return k;
  },
  firstErrorNa: "no stop-at-first-error mode: its error outputs (BASIC, DETAILED) always collect every error",
  allErrors(v, data, n) {
    const d = data as Json;
    let k = 0;
    for (let i = 0; i < n; i++) {
      const r = v(d, BASIC);
      if (!r.valid) k += r.errors?.length ?? 0;
    }
    return k;
  },
  errorCount(v, data) {
    const r = v(data as Json, BASIC);
    return r.valid ? -1 : (r.errors?.length ?? 0);
  },
  async compile(copies) {
    let k = 0;
    for (let i = 0; i < copies.length; i++) if (await validate(register(copies[i]!))) k++;
    return k;
  },
  release(copies) {
    for (const copy of copies) {
      const uri = registered.get(copy);
      if (uri) unregisterSchema(uri);
    }
  },
  memory: () => (copy) => validate(register(copy)),
});
