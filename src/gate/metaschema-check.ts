// Every schema must be valid against the 2020-12 metaschema, evaluated by this same engine.
// The metaschema's validator is compiled once per process, on first use.
import { Compiler } from "../engine/compiler.js";
import { Registry } from "../engine/registry.js";
import { SchemaError } from "../errors.js";
import { DRAFT_2020_12, METASCHEMAS_2020_12 } from "../metaschema/draft2020-12.js";
import { Validator } from "../validator.js";
import type { Loaded } from "../engine/registry.js";
import { privateCopy, walk } from "./walk.js";

const loadedMetaschemas = new Map<string, Loaded>();

/** An embedded 2020-12 metaschema document, through the gate once per process. */
export function metaschemaDocument(uri: string): Loaded | undefined {
  let loaded = loadedMetaschemas.get(uri);
  if (loaded === undefined && Object.hasOwn(METASCHEMAS_2020_12, uri)) {
    const walked = walk(METASCHEMAS_2020_12[uri], false, false);
    loaded = { copy: privateCopy(walked), marks: walked.marks };
    loadedMetaschemas.set(uri, loaded);
  }
  return loaded;
}

let metaValidator: Validator | undefined;

function metaschemaValidator(): Validator {
  if (metaValidator === undefined) {
    const registry = new Registry((uri) => metaschemaDocument(uri)?.copy, metaschemaDocument);
    const meta = metaschemaDocument(DRAFT_2020_12)!;
    const doc = registry.addDocument(meta.copy, meta.marks, DRAFT_2020_12);
    registry.link();
    const compiler = new Compiler(registry, {});
    const root = { doc, ptr: "", resource: registry.resourceOf(doc, ""), schema: doc.root };
    metaValidator = new Validator(
      compiler.checkAt(root, false),
      JSON.stringify(doc.root),
      (kind) => new Compiler(registry, kind === "annotating" ? { annotating: true } : { plans: false }).checkAt(root, false),
    );
  }
  return metaValidator;
}

/** Throws SchemaError "invalid-schema", with the metaschema's errors, when `schema` is not a valid 2020-12 schema. */
export function checkAgainstMetaschema(schema: unknown, where: string): void {
  // validate() answers from the boolean pass alone when the schema is valid (the usual case).
  const result = metaschemaValidator().validate(schema);
  if (result.valid) return;
  const first = result.errors.find((e) => e.keyword !== "anyOf" && e.keyword !== "oneOf") ?? result.errors[0]!;
  const more = result.errors.length > 1 ? ` (${result.errors.length} problems in all; see .errors)` : "";
  throw new SchemaError("invalid-schema", first.instanceLocation, `${where}invalid schema: ${first.error}${more}`, result.errors);
}
