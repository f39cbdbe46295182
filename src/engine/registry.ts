// Documents, schema resources and anchors: everything a reference can name, indexed from the
// gate's walk of each document and resolved at compile time. Nothing is ever fetched.
import { appendPointer, MISSING, valueAt } from "../json/pointer.js";
import { declaredByTwo, externalRef, longIdentifier, placedIn, SchemaError } from "../errors.js";
import { isObject } from "../json/type-of.js";
import { TextKeys, type TextToken } from "../json/text-keys.js";
import type { ReferenceKind } from "../keywords/types.js";
import { isReferenceOnly } from "../keywords/dialects.js";
import { resolveUri, splitFragment } from "../uri.js";
import { innermostResource, landingPointer, resolvedParts } from "./references.js";
import { defaultUse, dialectOf, type DialectSettings, type DialectUse } from "./dialect-of.js";
import type { ScopeEntry } from "./types.js";
import type { Recursion } from "../gate/recursion.js";
import { MAX_IDENTIFIER } from "../limits.js";
import type { Doc, Loaded, Resource, Target } from "./resource-types.js";
export type { Doc, Loaded, Resource, Target };
import { declaredIdentifier, ownString, startsResource } from "./identifiers.js";

const NONE: readonly string[] = []; // resourcesOf()'s empty lists

export class Registry {
  /** Set when a $dynamicRef stays dynamic (see link()): only then is the dynamic scope kept. */
  usesDynamic = false;
  /** Every $dynamicRef indexed, with the resource it sits in. */
  private readonly dynamicRefs: [from: Resource, reference: string][] = [];
  /** Every $recursiveRef indexed, with the resource it sits in. */
  private readonly recursiveRefs: [from: Resource, reference: string][] = [];
  private readonly resources = new Map<string, Resource>();
  private readonly anchors = new Map<string | TextToken, { resource: Resource; ptr: string }>();
  private readonly pending: [base: string, reference: string][] = [];
  private count = 0;
  /** How many of `documents` embedded() has read. */
  private read = 0;
  /** The identifiers (resource URIs, URI#anchor) the document being indexed declares, each at its pointer. */
  private declared = new Map<string | TextToken, string>();
  /** Keys for `declared`, `anchors` and `resolved`: a long identifier or reference by its token (a schema's long names made V8 compare them all). */
  private readonly texts = new TextKeys();
  /** The resources declaring an anchor name of the $dynamicRefs that can land in more than one place (set by link()). */
  private scoped: ReadonlySet<ScopeEntry> = new Set();
  /** When some $recursiveRef can land in more than one place, the resources whose root says `$recursiveAnchor: true` (set by link()). */
  private recursive: ReadonlySet<ScopeEntry> | undefined;
  /** Every document indexed, the root first. */
  readonly docs: Doc[] = [];
  /** References indexed, in every document: without any, no schema can recur or cycle. */
  references = 0;
  /** The schema objects that hold those references, in every document (gate/reference-checks.ts starts from them). */
  readonly referrers: Target[] = [];
  /** The references that can lead back to themselves, and how they count (gate/recursion.ts; set before compiling). */
  recursion: Recursion = { at: new Set(), byValue: false };
  /**
   * Every definition is known to pass checkDefinition (engine/definitions.ts): the schema graph
   * found every reference resolved and every pattern compiled, or a compile of the same schema
   * has already succeeded (set before compiling).
   */
  definitionsChecked = false;
  referencesReached = false; // data reached by references holds references no check here saw (link.ts)

  constructor(
    /** A raw document by URI, for reading a custom metaschema's $vocabulary. */
    private readonly lookup: (uri: string) => unknown,
    /** A document by URI, walked by the gate, for references. */
    private readonly loader: (uri: string) => Loaded | undefined,
    /** The dialect of a document without `$schema`, and how an unknown one is taken. */
    private readonly dialects: DialectSettings,
    /** Every reference must start with "#" (compile's refs: "fragment"), checked where it is resolved. */
    readonly fragmentOnly = false,
    /** The URIs the loader finds documents by (the `schemas` keys), all read when a reference names a resource no document read so far holds. */
    private readonly documents: readonly string[] = [],
  ) {}

  /**
   * Indexes a document (the gate's private copy, and the marks its walk found): its resources,
   * anchors and references. `uri` is where it was found ("" for none); `marked`, the schema
   * objects at `marks` when the walk that copied the document handed them over.
   */
  addDocument(root: unknown, marks: readonly string[], uri: string, marked?: readonly object[]): Doc {
    this.anchorPlaces = undefined;
    const doc: Doc = { id: this.docs.length, uri, root, resources: new Map(), roots: new Map() };
    this.docs.push(doc);
    const rootSchema = isObject(root) ? root : {};
    const use = this.dialectAt(rootSchema, "", defaultUse(this.dialects));
    const id = ownString(rootSchema, use.dialect.identifier.name);
    const [base, fragment] = id === undefined ? [uri, ""] : splitFragment(resolveUri(uri, id));
    const top = this.newResource(base, doc, "", use, id === undefined ? "" : appendPointer("", use.dialect.identifier.name));
    doc.resources.set("", top);
    if (isObject(root)) doc.roots.set(root, top);
    this.declared = new Map([[this.texts.keyOf(base), ""]]);
    if (fragment !== "" && use.dialect.fragmentIdentifiers) this.anchor(base + "#" + fragment, top, "", "");
    // Marks come parents first, so the resource around each one is already known.
    for (let i = 0; i < marks.length; i++) {
      const ptr = marks[i]!;
      this.indexSchema((marked?.[i] ?? valueAt(root, ptr)) as Record<string, unknown>, doc, ptr, this.resourceOf(doc, ptr));
    }
    // Found by its retrieval URI too (a `schemas` key), unless another document claims it.
    if (uri !== "") this.claim(uri, top, "");
    return doc;
  }

  /**
   * Registers `resource` under `uri`. The first resource declaring a URI keeps it within its document
   * (declare() refuses a second there); another document declaring it is refused (a reference could mean either).
   */
  private claim(uri: string, resource: Resource, at: string): void {
    const known = this.resources.get(uri);
    if (known === undefined) this.resources.set(uri, resource);
    else if (known.doc !== resource.doc) throw placedIn(declaredByTwo(uri, at), resource.doc.uri);
  }

  /**
   * After link(): every `schemas` key that a resource of the documents read holds names that
   * key's own document (else the key's document was never read: another claimed its URI first).
   */
  checkClaims(keys: Iterable<string>, same: (uri: string, holder: Resource) => boolean): void {
    for (const uri of keys) {
      const holder = this.resources.get(uri);
      if (holder !== undefined && !same(uri, holder)) throw placedIn(declaredByTwo(uri, ""), uri);
    }
  }

  /** Loads every document that a reference names, so the whole graph is known before compiling. */
  link(): void {
    while (this.pending.length > 0) {
      const [base, reference] = this.pending.pop()!;
      const [uri] = resolvedParts(base, reference);
      if (!this.resources.has(uri)) this.load(uri);
    }
    // A $dynamicRef whose anchor the root resource declares always lands there (rootDynamicAnchor):
    // the scope is needed only when one may land elsewhere.
    const names = new Set<string>();
    for (const [from, reference] of this.dynamicRefs) {
      const target = this.resolve(from, reference);
      const anchor = target === undefined ? undefined : this.dynamicAnchorOf(from, reference, target);
      if (anchor !== undefined && this.rootDynamicAnchor(anchor) === undefined) names.add(anchor);
    }
    const resources = this.docs.flatMap((doc) => [...doc.resources.values()]);
    this.scoped = new Set(resources.filter((resource) => [...resource.dynamicAnchors.keys()].some((name) => names.has(name))));
    const recursive = this.recursiveRefs.some(([from, reference]) => this.resolve(from, reference) !== undefined && this.fixedLanding(from, reference, "recursive") === undefined);
    this.recursive = recursive ? new Set(resources.filter((resource) => this.hasRecursiveAnchor(this.target(resource.doc, resource.ptr)))) : undefined;
    this.usesDynamic = names.size > 0 || recursive;
  }

  /**
   * What of a dynamic scope can change where a dynamic reference lands, as a key: for each anchor
   * name, the outermost resource in scope that declares it; for $recursiveRef, the outermost
   * resource in scope whose root says `$recursiveAnchor: true`. Resources in scope that
   * declare none of these change no result (per-level `$id`s), so they are not in the key.
   */
  scopeKey(scope: readonly ScopeEntry[]): string {
    // One pass over the scope, whatever the names (a scan per name made each crossing cost the names
    // times the scope's depth): the declaring resources in order of first appearance tell each
    // name's outermost one.
    let key = "";
    let seen: Set<ScopeEntry> | undefined;
    for (const entry of scope) {
      if (!this.scoped.has(entry) || seen?.has(entry) === true) continue;
      (seen ??= new Set()).add(entry);
      key += (entry as Resource).index + " ";
    }
    const recursive = this.recursive;
    return recursive === undefined ? key : key + "|" + ((scope.find((entry) => recursive.has(entry)) as Resource | undefined)?.index ?? "");
  }

  /** The schema is a resource root that says `$recursiveAnchor: true` (so a $recursiveRef to it looks at the dynamic scope). */
  hasRecursiveAnchor(target: Target | undefined): boolean {
    if (target === undefined) return false;
    const schema = target.schema;
    if (!isObject(schema) || target.ptr !== target.resource.ptr) return false;
    return target.resource.dialect.marked.some((k) => k.identifies === "recursive-anchor" && Object.hasOwn(schema, k.name) && schema[k.name] === true);
  }

  /** The root resource when it says `$recursiveAnchor: true`: as for rootDynamicAnchor, every $recursiveRef to an anchored root lands there. */
  rootRecursiveAnchor(): Target | undefined {
    const root = this.docs[0]?.resources.get("");
    const target = root === undefined ? undefined : this.target(root.doc, root.ptr);
    return target !== undefined && this.hasRecursiveAnchor(target) ? target : undefined;
  }

  /** The root of every indexed resource that says `$recursiveAnchor: true` (under a key no anchor name can be: see places). */
  recursiveAnchors(): readonly Target[] {
    return this.places("#", (resource) => {
      const root = this.target(resource.doc, resource.ptr);
      return root !== undefined && this.hasRecursiveAnchor(root) ? root : undefined;
    });
  }

  /**
   * The anchor name that makes a $dynamicRef dynamic: its fragment must be a plain name and the
   * schema it resolves to statically must declare `$dynamicAnchor` with that name, as a keyword of
   * its resource's dialect (otherwise it is an ordinary $ref: in 2019-09 `$dynamicAnchor` is an
   * unknown word). The index holds only such declarations.
   */
  dynamicAnchorOf(from: Resource, reference: string, target: Target): string | undefined {
    const [, fragment] = resolvedParts(from.uri, reference);
    if (fragment === "" || fragment.startsWith("/")) return undefined;
    return target.resource.dynamicAnchors.get(fragment) === target.ptr ? fragment : undefined;
  }

  /**
   * The root resource's `$dynamicAnchor: name`, when it declares one. Evaluation starts at the
   * root, so the root is the outermost resource of every dynamic scope: a dynamic reference to a
   * name it declares always resolves here, whatever else is in scope.
   */
  rootDynamicAnchor(name: string): Target | undefined {
    const root = this.docs[0]?.resources.get("");
    const ptr = root?.dynamicAnchors.get(name);
    return root === undefined || ptr === undefined ? undefined : this.target(root.doc, ptr);
  }

  /** Resolved references by base URI and reference: one reference is resolved by the graph, the definitions check and the compiler. */
  private readonly resolved = new Map<string | TextToken, Map<string | TextToken, Target>>();

  resolve(from: Resource, reference: string): Target | undefined {
    // By base, then reference: a key made of both would be a new string to hash at every call.
    const base = this.texts.keyOf(from.uri);
    let byReference = this.resolved.get(base);
    if (byReference === undefined) this.resolved.set(base, (byReference = new Map()));
    const key = this.texts.keyOf(reference);
    const known = byReference.get(key);
    if (known !== undefined) return known;
    const target = this.resolveNew(from, reference);
    if (target !== undefined) byReference.set(key, target);
    return target;
  }

  private resolveNew(from: Resource, reference: string): Target | undefined {
    // The ref policy holds wherever a reference is resolved, whatever the gate's walk saw as a schema.
    if (this.fragmentOnly && !reference.startsWith("#")) throw externalRef("", "the reference", reference);
    // The resource the reference names, as landingPointer looks it up; its anchors are declared under its own URI, not the `schemas` key that may have found it.
    let found: Resource | undefined;
    const ptr = landingPointer(from.uri, reference, (uri) => (found = this.resources.get(uri) ?? this.load(uri))?.ptr, (key) => this.anchors.get(this.texts.keyOf(found!.uri + key.slice(key.indexOf("#"))))?.ptr);
    return ptr === undefined ? undefined : this.target(found!.doc, ptr);
  }

  /**
   * Where a reference of `kind` from `from` lands whatever the dynamic scope: its target, or for
   * a $dynamicRef whose anchor the root resource declares, that anchor (rootDynamicAnchor), and
   * for a $recursiveRef to an anchored root, the root when it is anchored (rootRecursiveAnchor);
   * undefined where the scope decides, or nothing is there.
   */
  fixedLanding(from: Resource, reference: string, kind: ReferenceKind): Target | undefined {
    const target = this.resolve(from, reference);
    if (target === undefined) return undefined;
    if (kind === "recursive") return this.hasRecursiveAnchor(target) ? this.rootRecursiveAnchor() : target;
    const anchor = kind === "dynamic" ? this.dynamicAnchorOf(from, reference, target) : undefined;
    return anchor === undefined ? target : this.rootDynamicAnchor(anchor);
  }

  /**
   * The root document's resources and anchors as the explainer reads them (explain-objects.ts),
   * flat: each resource root's pointer and URI (the document root's first), each anchor's
   * URI#name and pointer, and each dynamic reference's resource URI, text and fixed landing.
   */
  resourcesOf(doc: Doc): { readonly resources: readonly string[]; readonly anchors: readonly string[]; readonly dynamic: readonly string[] } {
    const resources: string[] = [];
    for (const [ptr, resource] of doc.resources) resources.push(ptr, resource.uri);
    const anchors: string[] = [];
    for (const [key, anchor] of this.anchors) if (anchor.resource.doc === doc) anchors.push(typeof key === "string" ? key : key.text, anchor.ptr);
    const dynamic: string[] = [];
    for (const [refs, kind] of [[this.dynamicRefs, "dynamic"], [this.recursiveRefs, "recursive"]] as const) {
      for (const [from, reference] of refs) {
        const landing = from.doc === doc ? this.fixedLanding(from, reference, kind) : undefined;
        if (landing !== undefined) dynamic.push(from.uri, reference, landing.ptr);
      }
    }
    // Exact-length copies: a validator keeps them, and a pushed array keeps room to grow.
    return { resources: resources.slice(), anchors: anchors.length === 0 ? NONE : anchors.slice(), dynamic: dynamic.length === 0 ? NONE : dynamic.slice() };
  }

  /** Every place that declares `$dynamicAnchor: name`, in every indexed resource. */
  dynamicAnchors(name: string): readonly Target[] {
    return this.places(name, (resource) => {
      const ptr = resource.dynamicAnchors.get(name);
      return ptr === undefined ? undefined : this.target(resource.doc, ptr);
    });
  }

  /** The place `placeIn` finds in each indexed resource, once per key (each dynamic reference to an anchor asks), until a document is added. */
  private places(key: string, placeIn: (resource: Resource) => Target | undefined): readonly Target[] {
    const known = (this.anchorPlaces ??= new Map()).get(key);
    if (known !== undefined) return known;
    const found: Target[] = [];
    for (const resource of new Set(this.resources.values())) {
      const place = placeIn(resource);
      if (place !== undefined) found.push(place);
    }
    this.anchorPlaces.set(key, found);
    return found;
  }

  /** places() by key (an anchor name; "#", which no name can be, for $recursiveAnchor), until a document is added. */
  private anchorPlaces: Map<string, readonly Target[]> | undefined;

  /** The innermost resource that contains this location. */
  resourceOf(doc: Doc, ptr: string): Resource {
    return innermostResource(doc.resources, ptr);
  }

  private target(doc: Doc, ptr: string): Target | undefined {
    const schema = valueAt(doc.root, ptr);
    return schema === MISSING ? undefined : { doc, ptr, resource: this.resourceOf(doc, ptr), schema };
  }

  private load(uri: string): Resource | undefined {
    const loaded = this.loader(uri);
    if (loaded === undefined) return this.embedded(uri);
    try {
      this.addDocument(loaded.copy, loaded.marks, uri);
    } catch (error) {
      throw placedIn(error, uri);
    }
    return this.resources.get(uri);
  }

  /**
   * A URI no document is found by may name a resource embedded in one (an `$id` below a `schemas`
   * document's root): every document not read yet is read, so that a URI two of them declare is
   * refused whatever their order.
   */
  private embedded(uri: string): Resource | undefined {
    while (this.read < this.documents.length) {
      const key = this.documents[this.read++]!;
      if (!this.resources.has(key)) this.load(key);
    }
    return this.resources.get(uri);
  }

  /** `at`: where the identifier was declared, for the error when it is too long (MAX_IDENTIFIER). */
  private newResource(uri: string, doc: Doc, ptr: string, use: DialectUse, at: string): Resource {
    if (uri.length > MAX_IDENTIFIER) throw longIdentifier(uri, at);
    const resource: Resource = { uri, doc, ptr, dialect: use.dialect, vocabularies: use.vocabularies, metaschema: use.metaschema, index: this.count++, dynamicAnchors: new Map() };
    this.claim(uri, resource, at);
    return resource;
  }

  /**
   * Records an identifier of the document being indexed. Two schema objects of one document that
   * declare the same one are refused: which of them a reference meant cannot be known. Returns
   * the identifier's key in the maps (its token when long).
   */
  private declare(key: string, ptr: string, at: string): string | TextToken {
    const id = this.texts.keyOf(key);
    const seen = this.declared.get(id);
    if (seen !== undefined && seen !== ptr) {
      throw new SchemaError("duplicate-identifier", at, `"${key}" is declared twice in one document, at ${seen === "" ? "the root" : seen} and here`);
    }
    this.declared.set(id, ptr);
    return id;
  }

  private anchor(key: string, resource: Resource, ptr: string, at: string): void {
    this.anchors.set(this.declare(key, ptr, at), { resource, ptr });
  }

  /** The dialect a resource root declares with `$schema`, or the one around it (`outer`). */
  private dialectAt(schema: Record<string, unknown>, ptr: string, outer: DialectUse): DialectUse {
    const uri = ownString(schema, "$schema");
    return uri === undefined ? outer : dialectOf(uri, this.lookup, appendPointer(ptr, "$schema"), this.dialects);
  }

  /** Records what one schema object declares; returns the resource its subschemas belong to. */
  private indexSchema(schema: Record<string, unknown>, doc: Doc, ptr: string, outer: Resource): Resource {
    const dialect = outer.dialect;
    const onlyRef = isReferenceOnly(schema, dialect);
    let resource = outer;
    // The document root's identifier was read by addDocument.
    const declared = ptr === "" ? undefined : declaredIdentifier(schema, dialect, outer.uri);
    if (declared !== undefined) {
      const at = appendPointer(ptr, dialect.identifier.name);
      const [uri, fragment] = declared;
      // From 2019-09 an identifier with a fragment is invalid: the metaschema check says so.
      if (fragment !== "" && !dialect.fragmentIdentifiers) return resource;
      if (startsResource(dialect, declared, outer.uri)) {
        this.declare(uri, ptr, at);
        const use = dialect.embeddedDialects ? this.dialectAt(schema, ptr, outer) : outer;
        resource = this.newResource(uri, doc, ptr, use, at);
        doc.resources.set(ptr, resource);
        doc.roots.set(schema, resource);
      }
      if (fragment !== "" && dialect.fragmentIdentifiers) this.anchor(uri + "#" + fragment, resource, ptr, at);
    }
    const references = this.references;
    for (const keyword of resource.dialect.marked) {
      const value = Object.hasOwn(schema, keyword.name) ? schema[keyword.name] : undefined;
      if (typeof value !== "string" || (onlyRef && keyword !== dialect.ref)) continue;
      if (keyword.identifies === "anchor" || keyword.identifies === "dynamic-anchor") {
        this.anchor(resource.uri + "#" + value, resource, ptr, appendPointer(ptr, keyword.name));
        if (keyword.identifies === "dynamic-anchor") resource.dynamicAnchors.set(value, ptr);
      } else if (keyword.reference !== undefined) {
        if (keyword.reference === "dynamic") {
          this.dynamicRefs.push([resource, value]);
          this.usesDynamic = true; // until link() knows better
        } else if (keyword.reference === "recursive") this.recursiveRefs.push([resource, value]);
        this.pending.push([resource.uri, value]);
        this.references++;
      }
    }
    if (this.references > references) this.referrers.push({ doc, ptr, resource, schema });
    return resource;
  }
}
