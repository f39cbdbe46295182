// compile(schema, options) → Validator: index the documents, resolve every reference, build Checks.
import { Compiler } from "./engine/compiler.js";
import { Registry } from "./engine/registry.js";
import { METASCHEMAS_2020_12 } from "./metaschema/draft2020-12.js";
import { Validator } from "./validator.js";

export interface CompileOptions {
  /**
   * "fragment" (the default): every $ref/$dynamicRef must start with "#".
   * "document": references may also name embedded `$id` resources and the documents in `schemas`.
   */
  refs?: "fragment" | "document";
  /** Extra documents references may point to, by URI. Nothing is ever fetched. */
  schemas?: Readonly<Record<string, unknown>>;
  /** "annotate" (the default) or "assert": enforce the format vocabulary. */
  format?: "annotate" | "assert";
}

export function compile<T = unknown>(schema: unknown, options: CompileOptions = {}): Validator<T> {
  const schemas = options.schemas ?? {};
  const lookup = (uri: string): unknown => {
    const key = uri.endsWith("#") ? uri.slice(0, -1) : uri;
    if (Object.hasOwn(schemas, key)) return schemas[key];
    return Object.hasOwn(METASCHEMAS_2020_12, key) ? METASCHEMAS_2020_12[key] : undefined;
  };
  const registry = new Registry(lookup, (options.refs ?? "fragment") === "fragment");
  const doc = registry.addDocument(schema, "");
  registry.link();
  const compiler = new Compiler(registry, { formatAssertion: options.format === "assert" });
  const root = compiler.checkAt({ doc, ptr: "", resource: registry.resourceOf(doc, ""), schema }, false);
  return new Validator<T>(root, schema);
}
