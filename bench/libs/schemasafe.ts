// @exodus/schemasafe: code generation with new Function, like ajv. `mode: "default"`, with the
// 2020-12 dialect as `$schemaDefault` (the schemas carry no `$schema`). Its default mode asserts
// `format` (passing formatAssertion: false makes it generate broken code in 1.3.0).
import { validator, type Validate, type ValidatorOptions } from "@exodus/schemasafe";
import { defineLibrary, type Schema } from "./library.js";

const BASE: ValidatorOptions = { mode: "default", $schemaDefault: "https://json-schema.org/draft/2020-12/schema" };
const BOOL: ValidatorOptions = { ...BASE, includeErrors: false };
const FIRST: ValidatorOptions = { ...BASE, includeErrors: true };
const ALL: ValidatorOptions = { ...BASE, includeErrors: true, allErrors: true };

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
  describe: '@exodus/schemasafe `validator(schema, { mode: "default", $schemaDefault: 2020-12, includeErrors, allErrors })`: one validator per error mode',
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
});
