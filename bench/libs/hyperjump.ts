// @hyperjump/json-schema: registerSchema + `await validate(uri)` compiles once (checking the schema
// against its metaschema, by default); the compiled validator is what the validation rows measure:
// FLAG output for isValid, BASIC output for all-errors. Each dialect is the module of its draft
// (`@hyperjump/json-schema/draft-07`, …), imported for its side effect: it registers the dialect
// and its metaschema, so `$ref`s into the metaschema resolve. A schema without `$schema` is
// registered as the case's dialect.
import "@hyperjump/json-schema/draft-04";
import "@hyperjump/json-schema/draft-06";
import "@hyperjump/json-schema/draft-07";
import "@hyperjump/json-schema/draft-2019-09";
import { registerSchema, unregisterSchema, validate, type SchemaObject, type Validator } from "@hyperjump/json-schema/draft-2020-12";
import { BASIC } from "@hyperjump/json-schema/experimental";
import type { DialectName } from "../lib/types.js";
import { defineLibrary, type Schema } from "./library.js";

const DIALECTS: Record<DialectName, string> = {
  "2020-12": "https://json-schema.org/draft/2020-12/schema",
  "2019-09": "https://json-schema.org/draft/2019-09/schema",
  "draft-07": "http://json-schema.org/draft-07/schema",
  "draft-06": "http://json-schema.org/draft-06/schema",
  "draft-04": "http://json-schema.org/draft-04/schema",
};
let DIALECT = DIALECTS["2020-12"];
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
  describe: "@hyperjump/json-schema, the module of the schema's dialect (`/draft-2020-12`, `/draft-07`, `/draft-04`): `registerSchema` + `await validate(uri)` once, then the compiled validator (FLAG for isValid, BASIC for all-errors)",
  setup(dialect) {
    DIALECT = DIALECTS[dialect];
    return { runs: `${dialect} (\`/${dialect.replace(/^2/, "draft-2")}\`)` };
  },
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
  async firstResult(copies, data) {
    let k = 0;
    for (let i = 0; i < copies.length; i++) if ((await validate(register(copies[i]!)))(data as Json).valid) k++;
    return k;
  },
});
