// @exodus/schemasafe: code generation with new Function, like ajv. `mode: "default"`; it reads the
// dialect from `$schema`, with 2020-12 as `$schemaDefault` for schemas without one. Documents the
// schema refers to by URI go into its `schemas` option. Its default mode asserts `format` (passing
// formatAssertion: false makes it generate broken code in 1.3.0), and refuses a schema with a
// keyword that has no effect where it stands: such a schema (swagger.json's `additionalItems`
// without array-form `items`) gets `allowUnusedKeywords: true`, and the case's notes say so.
import { validator, type Validate, type ValidatorOptions } from "@exodus/schemasafe";
import { errorText } from "../lib/measure.js";
import { defineLibrary, type Schema } from "./library.js";

const DEFAULT: ValidatorOptions = { mode: "default", $schemaDefault: "https://json-schema.org/draft/2020-12/schema" };
let BASE = DEFAULT;
let BOOL: ValidatorOptions = { ...BASE, includeErrors: false };
let FIRST: ValidatorOptions = { ...BASE, includeErrors: true };
let ALL: ValidatorOptions = { ...BASE, includeErrors: true, allErrors: true };

function use(base: ValidatorOptions): void {
  BASE = base;
  BOOL = { ...BASE, includeErrors: false };
  FIRST = { ...BASE, includeErrors: true };
  ALL = { ...BASE, includeErrors: true, allErrors: true };
}

// The library's typings declare schemas as its own `Schema` type; ours are plain JSON objects.
type SchemaArg = Parameters<typeof validator>[0];
const compileWith = (schema: Schema, options: ValidatorOptions): Validate => validator(schema as SchemaArg, options);

interface Handles {
  bool: Validate;
  first: Validate;
  all: Validate;
}

export default defineLibrary<Handles>({
  id: "schemasafe",
  label: "schemasafe",
  describe: '@exodus/schemasafe `validator(schema, { mode: "default", $schemaDefault: 2020-12, includeErrors, allErrors })`: one validator per error mode; the dialect from `$schema`',
  setup(dialect, external, schema) {
    const documents = Object.keys(external);
    use(documents.length ? { ...DEFAULT, schemas: external as ValidatorOptions["schemas"] } : DEFAULT);
    const runs = `${dialect} (from \`$schema\`${documents.length ? `; \`schemas\`: ${documents.map((uri) => `\`${uri}\``).join(", ")}` : ""})`;
    try {
      compileWith(structuredClone(schema), BOOL);
    } catch (e) {
      const why = errorText(e);
      if (!why.startsWith("Unprocessed keywords")) return { runs }; // prepare() fails too, and says why
      use({ ...BASE, allowUnusedKeywords: true });
      return { runs: `${runs}, \`allowUnusedKeywords: true\``, note: `schemasafe: its default mode refuses this schema (\`${why}\`: keywords without effect where they stand), so it runs with \`allowUnusedKeywords: true\`.` };
    }
    return { runs };
  },
  prepare: (schema) => ({ bool: compileWith(schema, BOOL), first: compileWith(schema, FIRST), all: compileWith(schema, ALL) }),
  isValid(h, data, n) {
    const v = h.bool;
    let k = 0;
    for (let i = 0; i < n; i++) if (v(data as never)) k++;
    return k;
  },
  firstError(h, data, n) {
    const v = h.first;
    let k = 0;
    for (let i = 0; i < n; i++) if (!v(data as never)) k += v.errors!.length;
    return k;
  },
  allErrors(h, data, n) {
    const v = h.all;
    let k = 0;
    for (let i = 0; i < n; i++) if (!v(data as never)) k += v.errors!.length;
    return k;
  },
  errorCount(h, data, mode) {
    const v = mode === "all" ? h.all : h.first;
    return v(data as never) ? -1 : v.errors!.length;
  },
  compile(copies) {
    let k = 0;
    for (let i = 0; i < copies.length; i++) if (compileWith(copies[i]!, BOOL)) k++;
    return k;
  },
  memory: () => (copy) => compileWith(copy, BOOL),
  firstResult(copies, data) {
    let k = 0;
    for (let i = 0; i < copies.length; i++) if (compileWith(copies[i]!, BOOL)(data as never)) k++;
    return k;
  },
});
