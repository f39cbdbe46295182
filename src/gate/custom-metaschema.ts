// A schema whose `$schema` names a custom metaschema (a document of `schemas`, written in 2020-12
// or 2019-09) is valid against it too, not only against its base dialect's: its own constraints
// (a required title, a narrower list of types) are why one writes a metaschema.
import type { CompileOptions } from "../compile.js";
import type { Validator } from "../validator.js";
import type { CustomCheck } from "./metaschema-check.js";
import { resourceUri } from "../uri.js";
import { fromRootOf, SchemaError } from "../errors.js";
import { MAX_CUSTOM_METASCHEMA_DEPTH } from "../limits.js";

/** The metaschemas compiled for one compile, with the options they were compiled with. */
interface Compiled {
  readonly options: CompileOptions;
  readonly validators: Map<string, Validator>;
  /**
   * `schemas` as the metaschemas' compiles get it: the private copies of the documents this
   * compile read (made on first use). A getter in them is read once, so what was checked and
   * keyed is what the metaschemas read; read again, it could answer otherwise.
   */
  documents: Record<string, unknown> | undefined;
}

/**
 * What the compiles of custom metaschemas nested in one outermost compile share (handed down by
 * them, never kept by the module: a compile a caller's function starts meanwhile, such as a format
 * checker's, is an outermost compile of its own, and must check its schema).
 */
export interface MetaschemaChain {
  /**
   * The resource URIs of the metaschemas being compiled (the spellings of one URI are one
   * metaschema): a resource of one that names it is not checked against it (that compile is under way).
   */
  readonly compiling: Set<string>;
  /**
   * The outermost check's compiled metaschemas: the compiles of metaschemas nested in it (a
   * metaschema's resources that name another) use them too, so each is compiled once, however
   * the documents name each other (each compile of its own nested factorially).
   */
  readonly compiled: Compiled;
}

/** A compile of a metaschema, in the chain of the compile that checks against it. */
export type NestedCompile = (schema: unknown, options: CompileOptions, chain: MetaschemaChain) => Validator;

/** The options a metaschema is compiled with that decide what it compiles to (all but refs, cache and maxDataDepth, which the check sets). */
function sameOptions(compiled: Compiled, b: CompileOptions): boolean {
  const a = compiled.options;
  return (b.schemas === compiled.documents || sameDocuments(a.schemas, b.schemas)) && a.formats === b.formats && a.bounds === b.bounds && a.dialect === b.dialect && a.unknownDialect === b.unknownDialect;
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
 * name it. `chain`: given when this compile is itself a metaschema's, nested in another.
 */
export function customCheckFor(options: CompileOptions, documentOf: (uri: string) => unknown, compile: NestedCompile, chain: MetaschemaChain | undefined): CustomCheck {
  const compiling = chain?.compiling ?? new Set<string>();
  const own: Compiled = chain !== undefined && sameOptions(chain.compiled, options) ? chain.compiled : { options, validators: new Map(), documents: undefined };
  return (uri, schema) => {
    const key = resourceUri(uri);
    if (compiling.has(key)) return { valid: true };
    let validator = own.validators.get(key);
    if (validator === undefined) {
      if (compiling.size >= MAX_CUSTOM_METASCHEMA_DEPTH) {
        throw new SchemaError("depth", "", `custom metaschemas whose resources name further custom metaschemas nest more than ${MAX_CUSTOM_METASCHEMA_DEPTH} deep`);
      }
      compiling.add(key);
      try {
        // Never cached: within this compile, the documents written in the metaschema being compiled
        // are not checked against it (`compiling`), and a cache hit must not accept what a compile refuses.
        // The schema is its data: how deep the caller's data may go is no bound on it (the
        // built-in metaschemas' validators have the default too; the walk bounded the schema).
        const schemas = (own.documents ??= copiedSchemas(options.schemas, documentOf));
        validator = compile(documentOf(key), { ...options, schemas, refs: "document", cache: false, maxDataDepth: undefined }, { compiling, compiled: own }); // found only in `schemas` (dialect-of.ts)
      } catch (error) {
        throw fromRootOf(error, key);
      } finally {
        compiling.delete(key);
      }
      own.validators.set(key, validator);
    }
    return validator.validate(schema);
  };
}

/** `schemas` with each document replaced by the private copy the compile made of it (`documentOf`, by resource URI). */
function copiedSchemas(schemas: CompileOptions["schemas"], documentOf: (uri: string) => unknown): Record<string, unknown> {
  const copies: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(schemas ?? {})) copies[key] = documentOf(resourceUri(key));
  return Object.freeze(copies);
}
