// A schema whose `$schema` names a custom metaschema (a document of `schemas`, written in 2020-12
// or 2019-09) is valid against it too, not only against its base dialect's: its own constraints
// (a required title, a narrower list of types) are why one writes a metaschema.
import type { CompileOptions } from "../compile.js";
import type { Validator } from "../validator.js";
import type { CustomCheck } from "./metaschema-check.js";
import { resourceUri } from "../uri.js";
import { fromRootOf } from "../errors.js";

/** The custom metaschemas being compiled now: a resource of one that names it is not checked against it (that compile is under way). */
const COMPILING = new Set<string>();

/** The check compile hands the metaschema check: the metaschema compiled (and cached) with the caller's options and documents (`sources`: compile.ts sourcesOf). */
export function customCheckFor(options: CompileOptions, sources: ReadonlyMap<string, unknown>, compile: (schema: unknown, options: CompileOptions) => Validator): CustomCheck {
  return (uri, schema) => {
    const metaschema = sources.get(resourceUri(uri)); // a custom metaschema is found only in `schemas` (dialect-of.ts)
    if (COMPILING.has(uri)) return { valid: true };
    COMPILING.add(uri);
    try {
      // Never cached: within this compile, the documents written in the metaschema being compiled
      // are not checked against it (COMPILING), and a cache hit must not accept what a compile refuses.
      return compile(metaschema, { ...options, refs: "document", cache: false }).validate(schema);
    } catch (error) {
      throw fromRootOf(error, resourceUri(uri));
    } finally {
      COMPILING.delete(uri);
    }
  };
}
