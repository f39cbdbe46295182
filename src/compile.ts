// compile(schema, options) → Validator. The pipeline of docs/architecture.md: the gate's walk
// (bounds, JSON, ref policy, private copy, canonical text) → cache → dialect and metaschema
// check → compile to Checks.
import type { CompileSettings } from "./engine/compiler.js";
import { ownSettings } from "./engine/compile-settings.js";
import { LoopNumbers } from "./engine/loop-numbers.js";
import type { EvaluationCount } from "./engine/node-wrappers.js";
import { defaultUse, dialectOf, type DialectSettings } from "./engine/dialect-of.js";
import { startCounting, stopCounting, uncounted } from "./engine/regexes.js";
import { propertyEscapes } from "./regex/pattern-cost.js";
import { declaredByTwo, describeThrown, isOwnSchemaError, isStackOverflow, namedByKey, placedIn, SchemaError, stackDepth } from "./errors.js";
import { forgetLastMatch, lastMatch } from "./json/last-match.js";
import { call } from "./call-flag.js";
import { inAuthorOrder, packedOrders } from "./gate/author-order.js";
import { checkReferences } from "./gate/reference-checks.js";
import { recursion, type Recursion } from "./gate/recursion.js";
import { schemaGraph } from "./gate/schema-graph.js";
import { checkAgainstMetaschema, checkReachedSchemas } from "./gate/metaschema-check.js";
import { customCheckFor, type MetaschemaChain, type NestedCompile } from "./gate/custom-metaschema.js";
import { checkSnapshots, rootSnapshot, type RootSnapshot } from "./gate/root-snapshot.js";
import { freshCopy, privateCopy, releaseCopy, type LateText } from "./gate/private-copy.js";
import { walk, walkMarks, type Bounds, type DialectInUse, type DialectLookup, type Walked } from "./gate/walk.js";
import type { Check } from "./engine/types.js";
import { Validator, type Variant } from "./validator.js";
import { link, rootTarget } from "./link.js";
import type { Doc, Loaded } from "./engine/registry.js";
import { knownDialect } from "./keywords/dialects.js";
import { isObject } from "./json/type-of.js";
import type { Weight } from "./cache.js";
import { resourceUri } from "./uri.js";
import { isPlainOptions, notPlain, plainOrAny } from "./plain-options.js";
import { boundsOf, cacheOf, dialectsOf, formatsOf, maxDataDepthOf, NO_OPTIONS, optionsKey, ownOptions, refsOption, type CompileOptions } from "./compile-options.js";
import { compilePending } from "./regex/compiled-now.js";
import { explainer } from "./engine/explain.js";
import { explainSettings } from "./engine/explain-settings.js";
import { followed } from "./engine/plan.js";
import type { Infer } from "./infer.js";

export type { CompileOptions } from "./compile-options.js";

/**
 * How the gate's walk finds the dialect a `$schema` names, as the registry will: one of the five,
 * a custom metaschema in `schemas` (the dialect it is written in, and the vocabularies its
 * `$vocabulary` keeps), or (lenient) the default.
 */
function lookupIn(sources: ReadonlyMap<string, unknown> | undefined, dialects: DialectSettings, snapshots = new Map<string, RootSnapshot>()): DialectLookup {
  // Without `schemas`, one lookup per settings object: the cache-hit path allocates nothing here.
  if (sources === undefined) {
    let shared = PLAIN_LOOKUPS.get(dialects);
    if (shared === undefined) PLAIN_LOOKUPS.set(dialects, (shared = lookupIn(new Map(), dialects)));
    return shared;
  }
  // Each document's root read once per compile, as the walk reads members (own, enumerable):
  // compileWith then holds these reads to the documents' walked copies (checkSnapshots).
  const find = (uri: string): unknown => {
    const key = resourceUri(uri);
    let snapshot = snapshots.get(key);
    if (snapshot === undefined && sources.has(key)) snapshots.set(key, (snapshot = rootSnapshot(sources.get(key))));
    return snapshot;
  };
  return (uri) => {
    try {
      return dialectOf(uri, find, "", dialects);
    } catch {
      return undefined; // refused by the registry, with its location
    }
  };
}

const PLAIN_LOOKUPS = new WeakMap<DialectSettings, DialectLookup>();

/**
 * The `schemas` documents as given, by the URI references reach each by (resourceUri), for every
 * reader of a document by URI: the walk's `$schema` lookup and the custom metaschema check (the
 * registry's documents are keyed alike, below). Keys that name one resource and hold different
 * documents are refused there.
 */
function sourcesOf(schemas: CompileOptions["schemas"]): ReadonlyMap<string, unknown> | undefined {
  if (schemas === undefined) return undefined;
  const sources = new Map<string, unknown>();
  for (const key of Object.keys(schemas)) sources.set(resourceUri(key), schemas[key]);
  return sources;
}

/**
 * The `schemas` documents a custom metaschema is compiled from: the registry's private copies
 * (the walk's, read once), never the caller's objects again. Made here, not in compileWith: a
 * closure there would keep compileWith's context, and with it the registry, alive in every
 * validator's variant closure.
 */
function copiesOf(loaded: ReadonlyMap<string, Loaded>, extra: ReadonlyMap<string, Walked>): (uri: string) => unknown {
  return (uri) => {
    const walked = extra.get(uri);
    return loaded.get(uri)?.copy ?? (walked === undefined ? undefined : privateCopy(walked)); // made again from its text: link() let the walk's go
  };
}

/**
 * The `schemas` documents one compile read and walked, for the compiles of the custom metaschemas
 * it checks against (custom-metaschema.ts), which are given its options: they read its documents
 * by URI, and, with the same bounds, reference policy and dialect settings, the walked documents,
 * instead of reading and walking every document again, once per metaschema.
 */
interface WalkedDocuments {
  readonly extra: ReadonlyMap<string, Walked>;
  readonly bounds: Bounds | false;
  readonly fragmentOnly: boolean;
  readonly dialects: DialectSettings;
}

/** Whether a compile with these settings would walk the documents into what `shared` holds. */
function walkedAlike(shared: WalkedDocuments, bounds: Bounds | false, fragmentOnly: boolean, dialects: DialectSettings): boolean {
  const a = shared.bounds;
  const sameBounds = a === false || bounds === false ? a === bounds : a.maxDepth === bounds.maxDepth && a.maxSubschemas === bounds.maxSubschemas && a.maxSize === bounds.maxSize;
  const d = shared.dialects;
  return sameBounds && shared.fragmentOnly === fragmentOnly && d.fallback === dialects.fallback && d.lenient === dialects.lenient && d.checksFormats === dialects.checksFormats;
}

/**
 * compile() for a custom metaschema, given the documents walked (made here: a closure in
 * compileRead would keep its context alive). Its options are its schema's, read already.
 */
function compileSharing(shared: WalkedDocuments): NestedCompile {
  return (schema, options, chain) => compileOwned(schema, options, true, undefined, undefined, shared, chain);
}

/** Walks a document, turning any exception from hostile input (a throwing getter, a Proxy) into a SchemaError. */
function gate(document: unknown, bounds: Bounds | false, fragmentOnly: boolean, dialect: DialectInUse, lookup: DialectLookup, prefix?: string, retrieval?: string): Walked {
  try {
    return walk(document, bounds, fragmentOnly, prefix, dialect, lookup, retrieval);
  } catch (error) {
    if (isOwnSchemaError(error)) throw error;
    // As the walk says it (walk.ts): the stack ran out, in the walk or in its own handler.
    if (isStackOverflow(error)) throw stackDepth();
    throw new SchemaError("not-json", "", `the schema is not JSON: reading it threw (${describeThrown(error)})`);
  }
}

/**
 * Compiles a schema. Called without a type argument, the validator's type is inferred from the
 * schema (see Infer: `unknown` for what it cannot read); `compile<T>(schema)` states it instead.
 */
export function compile<const S, Inferred extends never, const O extends CompileOptions = {}>(schema: S, options?: O): Validator<Infer<S, O>>;
export function compile<T = unknown>(schema: unknown, options?: CompileOptions): Validator<T>;
export function compile<T = unknown>(schema: unknown, options: CompileOptions | null = {}): Validator<T> {
  return compileWith(schema, options, true);
}

/** @internal For the specs: the same compile, never cached, with the boolean pass on closures only (no plans). */
export function compileWithoutPlans<T = unknown>(schema: unknown, options: CompileOptions = {}): Validator<T> {
  return compileWith(schema, { ...options, cache: false }, false);
}

/** @internal For the specs: the same compile, never cached, whose errors come from the explainer whenever it can (first: from the collecting variant only). */
export function compileExplaining<T = unknown>(schema: unknown, options: CompileOptions = {}, first = Infinity): Validator<T> {
  return compileWith(schema, { ...options, cache: false }, true, undefined, first);
}

/** @internal For the specs: compileWithoutPlans, with every schema object's evaluation counted in `count`. */
export function compileCounting<T = unknown>(schema: unknown, options: CompileOptions, count: EvaluationCount): Validator<T> {
  return compileWith(schema, { ...options, cache: false }, false, count);
}

const NO_DOCUMENTS: ReadonlyMap<string, Walked> = new Map();
const NO_RECURSION: Recursion = { at: new Set(), byValue: false };
// Every setting an own property (ownSettings): compile() reads `formats` from them itself, and a
// name missing here was read from Object.prototype (a polluted `formats` reached the explainer).
const PLANNED: CompileSettings = ownSettings({ plans: true });
const UNPLANNED: CompileSettings = ownSettings({ plans: false });

/** The text of each validator compiled from a copied document, which compares a hit by digest (Walked.keyed). */
const LATE = new WeakMap<object, LateText>();

/** Whether a cached validator was compiled from `copy`'s document. (Made here: a closure in compileWith slowed every compile.) */
const sameDocument = (copy: unknown) => (found: Validator<unknown>) => LATE.get(found)?.matches(copy) === true;

/** What the validator's compiled forms are made of, its `schemas` documents' included (the cache weighs an entry by it). */
function weightOf(walked: Walked, extra: ReadonlyMap<string, Walked>, states: number): Weight {
  let { objects, keywords, locations, compared, values } = walked;
  const patterns = new Set(walked.patterns);
  for (const document of extra.values()) {
    objects += document.objects;
    keywords += document.keywords;
    locations += document.locations;
    compared += document.compared;
    values += document.values;
    for (const pattern of document.patterns) patterns.add(pattern);
  }
  let escapes = 0;
  let characters = 0;
  for (const pattern of patterns) {
    escapes += propertyEscapes(pattern);
    characters += pattern.length;
  }
  return { objects, keywords, locations, compared, values, states, escapes, characters };
}

/** Whether the root's `$schema` names neither a dialect nor a custom metaschema (read in the default one: unknownDialect "default"). */
function namesNoDialect(copy: unknown, metaschema: string | undefined): boolean {
  const named = isObject(copy) && Object.hasOwn(copy, "$schema") ? copy["$schema"] : undefined;
  return typeof named === "string" && metaschema === undefined && knownDialect(named) === undefined;
}

function compileWith<T>(schema: unknown, given: CompileOptions | null, plans: boolean, count?: EvaluationCount, explainFirst?: number): Validator<T> {
  compilePending(); // the library's own RegExps, before a validation can test them (compiled-now.ts)
  // null is taken as no options, as validate() takes it; any other non-object is the caller's mistake.
  // A Map, a Promise or a class instance holds no own options: taken, it would be the defaults.
  if (given !== null && !isPlainOptions(given)) throw new TypeError(`compile's options must be ${plainOrAny(given)}, not ${notPlain(given)}`);
  try {
    return compileOwned(schema, given === null ? NO_OPTIONS : ownOptions(given), plans, count, explainFirst);
  } finally {
    // The RegExps of a compile read the schema's strings (an anchor's name, the hint for a schema
    // given as text, a refusal's wording), and V8's statics kept the last one, and with it the
    // whole text it was cut from (64 MiB for a 13-character slice). Inside a validation call (a
    // format checker that compiles), the call lets go as it ends.
    if (call.open) lastMatch.ofData = true;
    else forgetLastMatch();
  }
}

/** compileWith past reading the options: each an own property, `schemas` a frozen copy (ownOptions). */
function compileOwned<T>(schema: unknown, options: CompileOptions, plans: boolean, count?: EvaluationCount, explainFirst?: number, shared?: WalkedDocuments, chain?: MetaschemaChain): Validator<T> {
  if (options.schemas === undefined) return compileRead(schema, options, plans, count, explainFirst);
  try {
    return compileRead(schema, options, plans, count, explainFirst, shared, chain);
  } catch (error) {
    // Inside, a document is named by its resource URI ("u#" and dot segments resolved); the caller
    // finds it by the key it gave (`schemas[error.document]`).
    throw namedByKey(error, options.schemas);
  }
}

/** A schema (or `schemas` document) given as a string: JSON text, most likely, left unparsed. */
function stringSchema(text: string): SchemaError {
  const json = /^\s*[[{]|^\s*(true|false)\s*$/.test(text); // compile lets go of the text in RegExp's statics
  return new SchemaError("invalid-schema", "", `a schema is an object or a boolean, not a string${json ? ": this one holds JSON text, so pass JSON.parse(text)" : ""}`);
}

function compileRead<T>(schema: unknown, options: CompileOptions, plans: boolean, count?: EvaluationCount, explainFirst?: number, shared?: WalkedDocuments, chain?: MetaschemaChain): Validator<T> {
  if (typeof schema === "string") throw stringSchema(schema);
  const bounds = boundsOf(options.bounds);
  const fragmentOnly = refsOption(options.refs);
  // The cache key: the compile-relevant options, the `schemas` documents, then the schema's canonical text.
  const formats = formatsOf(options.formats);
  const dialects = dialectsOf(options, formats !== undefined);
  const sources = sourcesOf(options.schemas); // a metaschema's compile: the private copies (custom-metaschema.ts)
  const snapshots = new Map<string, RootSnapshot>();
  const lookup = lookupIn(sources, dialects, snapshots);
  const maxDataDepth = maxDataDepthOf(options.maxDataDepth);
  const cache = cacheOf(options.cache);
  let prefix = optionsKey(fragmentOnly, formats, bounds, dialects, maxDataDepth);
  // Without `schemas`, one shared empty map: a validator's variants keep `extra` alive.
  let extra = NO_DOCUMENTS;
  if (shared !== undefined && walkedAlike(shared, bounds, fragmentOnly, dialects)) {
    extra = shared.extra; // never cached (custom-metaschema.ts): no key to write
  } else if (options.schemas !== undefined) {
    const documents = new Map<string, Walked>();
    for (const key of Object.keys(options.schemas).sort()) {
      // Keys that name one resource ("u", "u#") are one claim, as an $id and a key are (link.ts
      // checkClaims): the same document is taken once, and a different one is refused.
      const uri = resourceUri(key);
      let document: Walked;
      try {
        if (typeof options.schemas[key] === "string") throw stringSchema(options.schemas[key] as string);
        document = gate(options.schemas[key], bounds, fragmentOnly, defaultUse(dialects), lookup, undefined, uri);
      } catch (error) {
        throw placedIn(error, uri);
      }
      prefix += JSON.stringify(key) + document.canonical + "|";
      const known = documents.get(uri);
      if (known === undefined) documents.set(uri, document);
      else if (known.canonical !== document.canonical) throw declaredByTwo(uri, "");
    }
    extra = documents;
  }
  // Without a cache the walk writes no key.
  const walked = gate(schema, bounds, fragmentOnly, defaultUse(dialects), lookup, cache === undefined ? undefined : prefix);
  const key = walked.keyed;
  const { text } = walked;
  // A copied document's key is a digest: a hit is one only for the same document.
  const accept = typeof text === "string" ? undefined : sameDocument(walked.copy);
  const cached = cache === undefined || key === undefined ? undefined : cache.get(key, accept);
  if (cached !== undefined) return cached as Validator<T>;

  checkSnapshots(snapshots, extra);
  // A miss: the private copies, the registry, the dialect and metaschema checks, then compile.
  // A large document's walk made the copy and handed over its marked objects: read before
  // privateCopy, which lets go of them.
  const marked = walked.marked;
  const sortedCopy = privateCopy(walked);
  // Where the caller's key order differs from the sorted one (errors are listed in it: gate/author-order.ts).
  const orders = packedOrders(walked.orders);
  // Without plans the root's closures list the errors too: they need the order (inAuthorOrder
  // rebuilds objects in place: a copied document's text is written from the sorted copy, which
  // keeps its own).
  const copy = plans ? sortedCopy : inAuthorOrder(typeof text === "string" ? sortedCopy : privateCopy(walked), orders);
  // Most compiles share one settings object: the variant keeps it, and every validator would pay for a copy.
  const settings = formats === undefined && count === undefined ? (plans ? PLANNED : UNPLANNED) : ownSettings({ formats: formats?.checkers, plans, count });
  // The patterns met from here to the compiled root hold a bounded number of VM states together.
  // (No closure here: one would keep the walk and the copies alive with the variant's context.)
  const outer = startCounting();
  let linked: ReturnType<typeof link>;
  let root: Check;
  let states = 0;
  try {
    linked = link(copy, walked.marks, copy === sortedCopy ? marked : undefined, extra, dialects, fragmentOnly, walked, !plans);
    // The variants keep `extra` (shared documents were let go by the compile that walked them).
    if (extra !== shared?.extra) for (const document of extra.values()) releaseCopy(document);
    const custom = options.schemas === undefined ? undefined : customCheckFor(options, copiesOf(linked.loaded, extra), compileSharing({ extra, bounds, fragmentOnly, dialects }), chain);
    checkAgainstMetaschema(linked.registry.docs[0]!, custom);
    // The documents of `schemas` that references reached are schemas too (found by root in a map:
    // a search per document was quadratic when a missing URI made link() read thousands).
    const byRoot = new Map<unknown, Doc>();
    for (const doc of linked.registry.docs) if (!byRoot.has(doc.root)) byRoot.set(doc.root, doc);
    for (const document of linked.loaded.values()) {
      const doc = byRoot.get(document.copy);
      if (doc !== undefined) checkAgainstMetaschema(doc, custom);
    }
    // What references reached outside schema positions, in each document, is read as schemas too.
    checkReachedSchemas(linked.registry.docs[0]!, walked.landings, custom);
    for (const [key, document] of linked.loaded) {
      const doc = byRoot.get(document.copy);
      if (doc !== undefined) checkReachedSchemas(doc, extra.get(key)?.landings, custom);
    }
    if (linked.registry.references > 0) checkReferences(linked.registry, rootTarget(linked.registry), walked.patterns);
    root = linked.compileRoot(settings);
  } finally {
    states = stopCounting(outer);
  }
  const { registry, deferred, rootPlan, numbering } = linked;
  const numbered = numbering();
  // The other variants are compiled on first use from the canonical text, so a validator keeps
  // neither its registry nor the parsed copy (a copied document's keeps its sorted copy instead of
  // the text, and clones it: LateText): the annotating one (detailed and verbose formats)
  // and, with plans, the closures that collect errors (the compiled graph only decides validity;
  // a validator that never sees invalid data never pays for them).
  // A variant walks its copy again for its marks (pointers; walkMarks writes no text and makes
  // no copy): keeping them would cost every validator, and most never compile a variant.
  // Within one document the recursive references are named by pointer alone, so the variants
  // take them from here instead of building the schema graph again (the slowest step of a large
  // schema's compile); with other documents their numbering may differ, and the graph is built.
  const found = registry.docs.length === 1 ? (registry.recursion.at.size === 0 ? NO_RECURSION : registry.recursion) : undefined;
  const explaining = found !== undefined && !deferred() ? explainSettings(registry, found, settings.formats) : undefined;
  // Read now: the variant must not keep the registry alive through link()'s closures.
  const planned = explaining === undefined ? undefined : followed(rootPlan());
  // The copy an explainer refused, for the collecting compile that follows (then let go).
  let refused: unknown;
  const compileVariant = (kind: Variant): Check | undefined => {
    if (kind === "collecting" && !plans) return root;
    if (kind === "explaining" && (explaining === undefined || !plans)) return undefined;
    // A copied document's kept copy is read, never changed, as the first compile reads it: a
    // variant shares it (a clone of a large document cost more than the variant's compile).
    const kept = typeof text === "string" ? undefined : text.kept;
    const again = refused ?? (kept !== undefined ? inAuthorOrder(kept, orders, true) : inAuthorOrder(freshCopy(text), orders));
    refused = undefined;
    // The first invalid instances of a schema whose every keyword can explain itself need no second compile.
    if (kind === "explaining") {
      const explain = explainer(again, planned!, explaining!);
      if (explain === undefined) refused = again;
      return explain;
    }
    // The registry of a copy of the document, linked as the first compile linked its own.
    const relink = (copy: unknown, ordered: boolean) => {
      const { marks, marked } = walkMarks(copy, bounds, fragmentOnly, defaultUse(dialects), lookup);
      const linked = link(copy, marks, marked, extra, dialects, fragmentOnly, undefined, ordered);
      linked.registry.definitionsChecked = true; // the first compile checked them
      if (linked.registry.references > 0) {
        linked.registry.recursion = found !== undefined && linked.registry.docs.length === 1 ? found : recursion(schemaGraph(linked.registry, [rootTarget(linked.registry)]));
      }
      return linked;
    };
    const linked = relink(again, true);
    if (kind === "annotating") return linked.compileRoot({ ...settings, annotating: true });
    // The numbers the plans name their loops by (engine/loop-numbers.ts), for the closures: the
    // plan compile again, of the sorted copy. Should it not number them as the first did (it ran
    // out of stack where the first did not), none has a number, and the error pass reads no
    // witness: slower, never wrong.
    let loops = new LoopNumbers().seal();
    if (numbered !== 0) {
      const sorted = relink(kept ?? freshCopy(text), false);
      sorted.compileRoot(settings);
      if (sorted.numbering() === numbered) loops = sorted.loops().seal();
    }
    return linked.compileRoot({ ...settings, closures: true, loops });
  };
  // Counted by no compile's pattern budget, whenever it is first asked for (regexes.ts uncounted).
  const variant = (kind: Variant): Check | undefined => uncounted(() => compileVariant(kind));
  const top = registry.docs[0]!.resources.get("")!;
  const validator = new Validator<T>(root, text, variant, top.dialect.name, maxDataDepth, orders, explainFirst, dialects.lenient && namesNoDialect(copy, top.metaschema));
  if (typeof text !== "string") LATE.set(validator, text);
  if (cache !== undefined && key !== undefined) cache.set(key, validator as Validator<unknown>, walked.size, weightOf(walked, extra, states));
  return validator;
}
