// Every schema must be valid against its own dialect's metaschema, evaluated by this same engine.
// A metaschema's validator is compiled once per process, on first use.
import { dataDescriptor } from "../json/own-fields.js";
import { prototypeChanged } from "../json/prototype-changed.js";
import { Compiler } from "../engine/compiler.js";
import { Registry, type Doc, type Resource } from "../engine/registry.js";
import { SchemaError } from "../errors.js";
import { splitPointer, valueAt } from "../json/pointer.js";
import type { Dialect, DialectName } from "../keywords/dialects.js";
import type { Landed } from "./walked.js";
import { DATA, itemPosition, memberPosition, SCHEMA, SCHEMA_OR_ARRAY, tablesOf } from "./walk-tables.js";
import { isObject } from "../json/type-of.js";
import { metaschemasDraft04 } from "../metaschema/draft04.js";
import { metaschemasDraft06 } from "../metaschema/draft06.js";
import { metaschemasDraft07 } from "../metaschema/draft07.js";
import { metaschemas2019_09 } from "../metaschema/draft2019-09.js";
import { metaschemas2020_12 } from "../metaschema/draft2020-12.js";
import { Validator, type ValidationResult } from "../validator.js";
import type { Loaded, Target } from "../engine/registry.js";
import type { EvaluationCount } from "../engine/node-wrappers.js";
import { walk } from "./walk.js";
import { privateCopy } from "./private-copy.js";
import { surelyValid } from "./metaschema-quick.js";
import { errorsInUse } from "./vocabulary-errors.js";
import { compact } from "../output/compact.js";
import { wasCut } from "../standard-schema.js";

let metaschemas: Readonly<Record<string, object>> | undefined;

/**
 * Every embedded metaschema document by URI, made on the first request: most processes make none
 * (the quick reading vouches for their schemas, and only a reference out of the document or a
 * schema the quick reading cannot vouch for asks).
 */
function embedded(): Readonly<Record<string, object>> {
  return (metaschemas ??= { ...metaschemas2020_12(), ...metaschemas2019_09(), ...metaschemasDraft07(), ...metaschemasDraft06(), ...metaschemasDraft04() });
}

const loadedMetaschemas = new Map<string, Loaded>();

/** An embedded metaschema document, through the gate once per process. */
export function metaschemaDocument(uri: string): Loaded | undefined {
  let loaded = loadedMetaschemas.get(uri);
  if (loaded === undefined && Object.hasOwn(embedded(), uri)) {
    const walked = walk(embedded()[uri], false, false);
    loaded = { copy: privateCopy(walked), marks: walked.marks };
    loadedMetaschemas.set(uri, loaded);
  }
  return loaded;
}

const metaValidators = new Map<Dialect, Validator>();

/** @internal For the specs: a dialect's metaschema on closures only, every evaluation counted, nothing branching (as the check compiles it). */
export function countedMetaschema(dialect: Dialect, count: EvaluationCount): Validator {
  const { registry, root } = metaschemaRoot(dialect);
  const check = new Compiler(registry, { fixedPaths: true, plans: false, count }).checkAt(root, false);
  return new Validator(check, "{}", (kind) => (kind === "explaining" ? undefined : check), dialect.name);
}

function metaschemaRoot(dialect: Dialect): { registry: Registry; root: Target } {
  const registry = new Registry((uri) => metaschemaDocument(uri)?.copy, metaschemaDocument, { fallback: dialect, lenient: false, checksFormats: false });
  const meta = metaschemaDocument(dialect.uri)!;
  const doc = registry.addDocument(meta.copy, meta.marks, dialect.uri);
  registry.link();
  return { registry, root: { doc, ptr: "", resource: registry.resourceOf(doc, ""), schema: doc.root } };
}

/** @internal Exported for the specs: the validator of a dialect's metaschema (compiled on first use, then kept). */
export function metaschemaValidator(dialect: Dialect): Validator {
  let validator = metaValidators.get(dialect);
  if (validator === undefined) {
    const { registry, root } = metaschemaRoot(dialect);
    const doc = root.doc;
    const compiler = new Compiler(registry, { fixedPaths: true });
    validator = new Validator(
      compiler.checkAt(root, false),
      JSON.stringify(doc.root),
      (kind) => (kind === "explaining" ? undefined : new Compiler(registry, kind === "annotating" ? { annotating: true } : { plans: false }).checkAt(root, false)),
      dialect.name,
    );
    metaValidators.set(dialect, validator);
  }
  return validator;
}

/** A custom metaschema's verdict on a schema resource (compile.ts compiles the metaschema from `schemas`). */
export type CustomCheck = (metaschema: string, schema: unknown) => ValidationResult;

/**
 * Throws SchemaError "invalid-schema", with the metaschema's errors, when a document is not valid
 * against its dialect's metaschema, and against the custom metaschema its `$schema` names. An
 * embedded resource in another dialect than the one around it is checked against its own, and
 * stands as `{}` in the copy the outer metaschema reads. A refusal in a `schemas` document names it (SchemaError.document).
 */
export function checkAgainstMetaschema(doc: Doc, custom?: CustomCheck): void {
  const document = doc.uri || undefined;
  // The resources that change the dialect, by the nearest such resource above them ("" the root).
  const inside = new Map<string, string[]>([["", []]]);
  for (const [ptr, resource] of doc.resources) {
    if (ptr === "") continue;
    const around = enclosing(doc, ptr);
    if (resource.dialect === around.dialect && resource.metaschema === around.metaschema) continue;
    let owner = ptr.slice(0, ptr.lastIndexOf("/"));
    while (owner !== "" && !inside.has(owner)) owner = owner.slice(0, owner.lastIndexOf("/"));
    inside.get(owner)!.push(ptr);
    inside.set(ptr, inside.get(ptr) ?? []);
  }
  const check = (at: string): void => {
    const switches = inside.get(at)!;
    const schema = valueAt(doc.root, at);
    const dialect = doc.resources.get(at)!.dialect;
    const checked = switches.length === 0 ? schema : withPlaceholders(schema, switches.map((ptr) => ptr.slice(at.length)));
    // Most schemas pass the table's quick reading (metaschema-quick.ts): the metaschema's
    // validator is compiled (once per process) only for one that may not, and finds its errors.
    const resource = doc.resources.get(at)!;
    const metaschema = resource.metaschema;
    const result = surelyValid(dialect, checked) ? PASSED : metaschemaResult(dialect, checked, resource);
    refuseUnless(result, at, document, "invalid schema: ", dialect.name);
    if (metaschema !== undefined && custom !== undefined) {
      refuseUnless(custom(metaschema, checked), at, document, `invalid schema against its metaschema ${JSON.stringify(metaschema)}: `, dialect.name);
    }
    for (const ptr of switches) check(ptr);
  };
  check("");
}

/**
 * What references reach outside a document's schema positions is compiled as a schema
 * (walk-reached.ts): each place is checked as a schema position of the resource around it is,
 * against its dialect's metaschema and the custom metaschema it names.
 */
export function checkReachedSchemas(doc: Doc, landings: readonly Landed[] | undefined, custom?: CustomCheck): void {
  if (landings === undefined) return;
  const document = doc.uri || undefined;
  // Outer places first: one read as a schema below another checked one was checked with it (a
  // chain of landings, each inside the last, would read the data below them all again each).
  const checked = new Map<string, Landed>();
  for (const landing of [...landings].sort((a, b) => a.ptr.length - b.ptr.length)) {
    const ptr = landing.ptr;
    if (checked.has(ptr) || checkedAbove(doc, ptr, checked)) continue;
    checked.set(ptr, landing);
    const resource = enclosing(doc, ptr);
    const dialect = resource.dialect;
    const value = valueAt(doc.root, ptr);
    const read = prototypeChanged() ? withoutPrototypes(value) : value;
    refuseUnless(surelyValid(dialect, read) ? PASSED : metaschemaResult(dialect, read, resource), ptr, document, "invalid schema: ", dialect.name);
    if (resource.metaschema !== undefined && custom !== undefined) {
      refuseUnless(custom(resource.metaschema, read), ptr, document, `invalid schema against its metaschema ${JSON.stringify(resource.metaschema)}: `, dialect.name);
    }
  }
}

/** Whether a checked place above `ptr` read it as a schema: every step down to it is a schema position in that place's dialect. */
function checkedAbove(doc: Doc, ptr: string, checked: ReadonlyMap<string, Landed>): boolean {
  for (let end = ptr.lastIndexOf("/"); end > 0; end = ptr.lastIndexOf("/", end - 1)) {
    const above = checked.get(ptr.slice(0, end));
    if (above === undefined) continue;
    const positions = tablesOf(above.use).positions;
    let value = valueAt(doc.root, above.ptr);
    let position = SCHEMA;
    for (const segment of splitPointer(ptr.slice(end))) {
      position = Array.isArray(value) ? itemPosition(position) : isObject(value) ? memberPosition(position, positions, segment) : DATA;
      if (position === DATA) break;
      value = (value as Record<string, unknown>)[segment];
    }
    if (position === SCHEMA || position === SCHEMA_OR_ARRAY) return true;
  }
  return false;
}

const PASSED: ValidationResult = { valid: true };
const EVERY_ERROR = { maxErrors: Infinity } as const;

/**
 * The dialect's metaschema on a resource; under a custom metaschema, every error, of which only
 * those on keywords its vocabularies use count (vocabulary-errors.ts).
 */
function metaschemaResult(dialect: Dialect, checked: unknown, resource: Resource): ValidationResult {
  const read = prototypeChanged() ? withoutPrototypes(checked) : checked;
  if (resource.metaschema === undefined) return metaschemaValidator(dialect).validate(read);
  const result = metaschemaValidator(dialect).validate(read, EVERY_ERROR);
  if (result.valid) return result;
  const errors = errorsInUse(result.errors, checked, dialect, resource.vocabularies);
  return errors.length === 0 ? PASSED : { valid: false, errors };
}

/** Throws "invalid-schema" at the first error of a failed result (an anyOf's or oneOf's own unit only when it is all there is). */
function refuseUnless(result: ValidationResult, at: string, document: string | undefined, prefix: string, dialect: DialectName): void {
  if (result.valid) return;
  // The check ran out of stack (bounds lifted past what it can read): too deep to check, not invalid.
  if (result.errors.length === 1 && result.errors[0]!.keyword === "$depth") throw new SchemaError("depth", at, "schema nesting is too deep to check against its metaschema (deeper than the check can follow on this process's stack, whatever bounds.maxDepth allows)", undefined, undefined, document);
  // The headline names the closest branch of a failed anyOf/oneOf, as the CLI's check does (a
  // draft-04 `items: [{}, true]` is refused at /items/1, not as "must be object" at /items).
  const first = compact(result.errors)[0] ?? { instanceLocation: "", error: "it does not conform" };
  const more = result.errors.length > 1 ? ` (${result.errors.length} problems${wasCut(result) ? " or more: the list was cut" : " in all"}; see .errors)` : "";
  throw new SchemaError("invalid-schema", at + first.instanceLocation, `${prefix}${first.error}${more}`, result.errors, dialect, document);
}

/** The nearest resource strictly above a location. */
function enclosing(doc: Doc, ptr: string): Resource {
  for (let p = ptr.slice(0, ptr.lastIndexOf("/")); ; p = p.slice(0, p.lastIndexOf("/"))) {
    const resource = doc.resources.get(p);
    if (resource !== undefined) return resource;
  }
}

/**
 * A copy whose objects have no prototype, so nothing set on Object.prototype can be read as one of
 * the schema's keywords while its metaschema looks at it (the checks read a declared name directly
 * when Object.prototype did not have it as they were compiled).
 */
function withoutPrototypes(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema), (_key, value: unknown) =>
    typeof value === "object" && value !== null && !Array.isArray(value) ? Object.assign(Object.create(null) as object, value) : value,
  );
}

/** A copy of `schema` with `{}` at each of the pointers (relative to it). */
function withPlaceholders(schema: unknown, pointers: readonly string[]): unknown {
  const copy = JSON.parse(JSON.stringify(schema)) as unknown;
  for (const ptr of pointers) {
    const segments = splitPointer(ptr);
    let parent = copy as Record<string, unknown>;
    for (const segment of segments.slice(0, -1)) parent = parent[segment] as Record<string, unknown>;
    // A data property even for "__proto__".
    Object.defineProperty(parent, segments[segments.length - 1]!, dataDescriptor({}));
  }
  return copy;
}
