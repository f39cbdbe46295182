// Every schema must be valid against the 2020-12 metaschema, evaluated by this same engine.
// The metaschema's validator is compiled once per process, on first use.
import { Compiler } from "../engine/compiler.js";
import { Registry } from "../engine/registry.js";
import { SchemaError } from "../errors.js";
import { DRAFT_2020_12, METASCHEMAS_2020_12 } from "../metaschema/draft2020-12.js";
import { Validator } from "../validator.js";
import { walk, type Walked } from "./walk.js";

const walkedMetaschemas = new Map<string, Walked>();

/** An embedded 2020-12 metaschema document, walked once. */
export function metaschemaDocument(uri: string): Walked | undefined {
  let walked = walkedMetaschemas.get(uri);
  if (walked === undefined && Object.hasOwn(METASCHEMAS_2020_12, uri)) {
    walked = walk(METASCHEMAS_2020_12[uri], false, false);
    walkedMetaschemas.set(uri, walked);
  }
  return walked;
}

let metaValidator: Validator | undefined;

function metaschemaValidator(): Validator {
  if (metaValidator === undefined) {
    const registry = new Registry((uri) => METASCHEMAS_2020_12[uri], metaschemaDocument);
    const doc = registry.addDocument(metaschemaDocument(DRAFT_2020_12)!, DRAFT_2020_12);
    registry.link();
    const compiler = new Compiler(registry, { formatAssertion: false });
    metaValidator = new Validator(compiler.checkAt({ doc, ptr: "", resource: registry.resourceOf(doc, ""), schema: doc.root }, false), doc.root);
  }
  return metaValidator;
}

/** Throws SchemaError "invalid-schema", with the metaschema's errors, when `schema` is not a valid 2020-12 schema. */
export function checkAgainstMetaschema(schema: unknown, where: string): void {
  const validator = metaschemaValidator();
  if (validator.isValid(schema)) return;
  const result = validator.validate(schema);
  if (result.valid) return;
  const first = result.errors.find((e) => e.keyword !== "anyOf" && e.keyword !== "oneOf") ?? result.errors[0]!;
  const more = result.errors.length > 1 ? ` (${result.errors.length} problems in all; see .errors)` : "";
  throw new SchemaError("invalid-schema", first.instanceLocation, `${where}invalid schema: ${first.error}${more}`, result.errors);
}
