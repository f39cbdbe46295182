// A schema whose `$schema` names a custom metaschema (a document of `schemas`, written in 2020-12
// or 2019-09) is valid against it too, not only against its base dialect's: its own constraints
// (a required title, a narrower list of types) are why one writes a metaschema.
import type { CompileOptions } from "../compile.js";
import type { Validator } from "../validator.js";
import type { CustomCheck } from "./metaschema-check.js";
import { resourceUri } from "../uri.js";
import { fromRootOf, SchemaError } from "../errors.js";
import { MAX_CUSTOM_METASCHEMA_DEPTH } from "../limits.js";

/**
 * The custom metaschemas being compiled now, by resource URI (the spellings of one URI are one
 * metaschema): a resource of one that names it is not checked against it (that compile is under way).
 */
const COMPILING = new Set<string>();

/** The metaschemas compiled for one compile, with the options they were compiled with. */
interface Compiled {
  readonly options: CompileOptions;
  readonly validators: Map<string, Validator>;
}

/**
 * The outermost check's compiled metaschemas while it compiles one: the compiles of metaschemas
 * nested in it (a metaschema's resources that name another) use them too, so each is compiled
 * once, however the documents name each other (each compile of its own nested factorially).
 */
let underWay: Compiled | undefined;

/** The options a metaschema is compiled with that decide what it compiles to (all but refs, cache and maxDataDepth, which the check sets). */
function sameOptions(a: CompileOptions, b: CompileOptions): boolean {
  return sameDocuments(a.schemas, b.schemas) && a.formats === b.formats && a.bounds === b.bounds && a.dialect === b.dialect && a.unknownDialect === b.unknownDialect;
}

/** The same documents under the same keys (each compile reads `schemas` into an object of its own: compile-options.ts ownOptions). */
function sameDocuments(a: CompileOptions["schemas"], b: CompileOptions["schemas"]): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && a[key] === b[key]);
}

/**
 * The check compile hands the metaschema check: each metaschema compiled once per compile, with
 * the caller's options, from its document's private copy (`documentOf`), however many resources
 * name it.
 */
export function customCheckFor(options: CompileOptions, documentOf: (uri: string) => unknown, compile: (schema: unknown, options: CompileOptions) => Validator): CustomCheck {
  const own: Compiled = underWay !== undefined && sameOptions(underWay.options, options) ? underWay : { options, validators: new Map() };
  return (uri, schema) => {
    const key = resourceUri(uri);
    if (COMPILING.has(key)) return { valid: true };
    let validator = own.validators.get(key);
    if (validator === undefined) {
      if (COMPILING.size >= MAX_CUSTOM_METASCHEMA_DEPTH) {
        throw new SchemaError("depth", "", `custom metaschemas whose resources name further custom metaschemas nest more than ${MAX_CUSTOM_METASCHEMA_DEPTH} deep`);
      }
      const outer = underWay;
      underWay = own;
      COMPILING.add(key);
      try {
        // Never cached: within this compile, the documents written in the metaschema being compiled
        // are not checked against it (COMPILING), and a cache hit must not accept what a compile refuses.
        // The schema is its data: how deep the caller's data may go is no bound on it (the
        // built-in metaschemas' validators have the default too; the walk bounded the schema).
        validator = compile(documentOf(key), { ...options, refs: "document", cache: false, maxDataDepth: undefined }); // found only in `schemas` (dialect-of.ts)
      } catch (error) {
        throw fromRootOf(error, key);
      } finally {
        COMPILING.delete(key);
        underWay = outer;
      }
      own.validators.set(key, validator);
    }
    return validator.validate(schema);
  };
}
