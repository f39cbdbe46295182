// Documents, schema resources and anchors: everything a reference can name, indexed from the
// gate's walk of each document and resolved at compile time. Nothing is ever fetched.
import { appendPointer, fragmentToPointer, splitPointer } from "../json/pointer.js";
import { isObject } from "../json/type-of.js";
import type { Vocabulary } from "../keywords/types.js";
import { resolveUri, splitFragment } from "../uri.js";
import type { ScopeEntry } from "./types.js";
import { DEFAULT_VOCABULARIES, vocabulariesOf } from "./vocabularies.js";

export interface Doc {
  readonly id: number;
  readonly root: unknown;
  /** JSON Pointer of each resource root in this document → its resource. */
  readonly resources: Map<string, Resource>;
}

/** A schema resource: a document root or a subschema with `$id`. */
export interface Resource extends ScopeEntry {
  readonly uri: string;
  readonly doc: Doc;
  /** JSON Pointer of the resource root in its document. */
  readonly ptr: string;
  readonly vocabularies: ReadonlySet<Vocabulary>;
  /** `$dynamicAnchor` name → JSON Pointer in the document. */
  readonly dynamicAnchors: Map<string, string>;
}

/** A resolved reference: the schema, where it sits, and the resource it belongs to. */
export interface Target {
  readonly doc: Doc;
  readonly ptr: string;
  readonly resource: Resource;
  readonly schema: unknown;
}

/** A document as the gate hands it over: its private copy and the walk's marks. */
export interface Loaded {
  readonly copy: unknown;
  readonly marks: readonly string[];
}

const MISSING: unique symbol = Symbol("missing");

/** The value at a JSON Pointer, reading own properties only. */
export function valueAt(root: unknown, pointer: string): unknown {
  let value = root;
  for (const segment of splitPointer(pointer)) {
    if (Array.isArray(value) ? /^(0|[1-9]\d*)$/.test(segment) && Number(segment) < value.length : isObject(value) && Object.hasOwn(value, segment)) {
      value = (value as Record<string, unknown>)[segment];
    } else {
      return MISSING;
    }
  }
  return value;
}

export class Registry {
  /** Set when a $dynamicRef stays dynamic (see link()): only then is the dynamic scope kept. */
  usesDynamic = false;
  /** Every $dynamicRef indexed, with the resource it sits in. */
  private readonly dynamicRefs: [from: Resource, reference: string][] = [];
  private readonly resources = new Map<string, Resource>();
  private readonly anchors = new Map<string, { resource: Resource; ptr: string }>();
  private readonly pending: [base: string, reference: string][] = [];
  /** Every document indexed, the root first. */
  readonly docs: Doc[] = [];

  constructor(
    /** A raw document by URI, for reading a custom metaschema's $vocabulary. */
    private readonly lookup: (uri: string) => unknown,
    /** A document by URI, walked by the gate, for references. */
    private readonly loader: (uri: string) => Loaded | undefined,
    /** Format checkers were given: a metaschema may require the format-assertion vocabulary. */
    private readonly checksFormats = false,
  ) {}

  /**
   * Indexes a document (the gate's private copy, and the marks its walk found): its resources,
   * anchors and references. `uri` is where it was found ("" for none).
   */
  addDocument(root: unknown, marks: readonly string[], uri: string): Doc {
    const doc: Doc = { id: this.docs.length, root, resources: new Map() };
    this.docs.push(doc);
    const rootSchema = isObject(root) ? root : {};
    const dialect = rootSchema["$schema"];
    const vocabularies = typeof dialect === "string" ? vocabulariesOf(dialect, this.lookup, "/$schema", this.checksFormats) : DEFAULT_VOCABULARIES;
    const id = rootSchema["$id"];
    const base = typeof id === "string" && Object.hasOwn(rootSchema, "$id") ? splitFragment(resolveUri(uri, id))[0] : uri;
    const top = this.newResource(base, doc, "", vocabularies);
    doc.resources.set("", top);
    // Marks come parents first, so the resource around each one is already known.
    for (const ptr of marks) this.indexSchema(valueAt(root, ptr) as Record<string, unknown>, doc, ptr, this.resourceOf(doc, ptr));
    if (uri !== "" && !this.resources.has(uri)) this.resources.set(uri, top);
    return doc;
  }

  /** Loads every document that a reference names, so the whole graph is known before compiling. */
  link(): void {
    while (this.pending.length > 0) {
      const [base, reference] = this.pending.pop()!;
      const [uri] = splitFragment(resolveUri(base, reference));
      if (!this.resources.has(uri)) this.load(uri);
    }
    // A $dynamicRef whose anchor the root resource declares always lands there (rootDynamicAnchor):
    // the scope is needed only when one may land elsewhere.
    this.usesDynamic = this.dynamicRefs.some(([from, reference]) => {
      const target = this.resolve(from, reference);
      const anchor = target === undefined ? undefined : this.dynamicAnchorOf(from, reference, target);
      return anchor !== undefined && this.rootDynamicAnchor(anchor) === undefined;
    });
  }

  /**
   * The anchor name that makes a $dynamicRef dynamic: its fragment must be a plain name and the
   * schema it resolves to statically must declare `$dynamicAnchor` with that name (otherwise it
   * is an ordinary $ref).
   */
  dynamicAnchorOf(from: Resource, reference: string, target: Target): string | undefined {
    const [, fragment] = splitFragment(resolveUri(from.uri, reference));
    if (fragment === "" || fragment.startsWith("/")) return undefined;
    const schema = target.schema;
    return isObject(schema) && schema["$dynamicAnchor"] === fragment ? fragment : undefined;
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

  resolve(from: Resource, reference: string): Target | undefined {
    const [uri, fragment] = splitFragment(resolveUri(from.uri, reference));
    const resource = this.resources.get(uri) ?? this.load(uri);
    if (resource === undefined) return undefined;
    if (fragment === "") return this.target(resource.doc, resource.ptr);
    if (fragment.startsWith("/")) {
      const pointer = fragmentToPointer(fragment);
      return pointer === undefined ? undefined : this.target(resource.doc, resource.ptr + pointer);
    }
    const anchor = this.anchors.get(uri + "#" + fragment);
    return anchor && this.target(anchor.resource.doc, anchor.ptr);
  }

  /** Every place that declares `$dynamicAnchor: name`, in every indexed resource. */
  dynamicAnchors(name: string): Target[] {
    const found: Target[] = [];
    for (const resource of new Set(this.resources.values())) {
      const ptr = resource.dynamicAnchors.get(name);
      if (ptr !== undefined) found.push(this.target(resource.doc, ptr)!);
    }
    return found;
  }

  /** The innermost resource that contains this location. */
  resourceOf(doc: Doc, ptr: string): Resource {
    for (let p = ptr; ; p = p.slice(0, p.lastIndexOf("/"))) {
      const resource = doc.resources.get(p);
      if (resource !== undefined) return resource;
    }
  }

  private target(doc: Doc, ptr: string): Target | undefined {
    const schema = valueAt(doc.root, ptr);
    return schema === MISSING ? undefined : { doc, ptr, resource: this.resourceOf(doc, ptr), schema };
  }

  private load(uri: string): Resource | undefined {
    const loaded = this.loader(uri);
    if (loaded === undefined) return undefined;
    this.addDocument(loaded.copy, loaded.marks, uri);
    return this.resources.get(uri);
  }

  private newResource(uri: string, doc: Doc, ptr: string, vocabularies: ReadonlySet<Vocabulary>): Resource {
    const resource: Resource = { uri, doc, ptr, vocabularies, dynamicAnchors: new Map() };
    if (!this.resources.has(uri)) this.resources.set(uri, resource);
    return resource;
  }

  /** Records what one schema object declares; returns the resource its subschemas belong to. */
  private indexSchema(schema: Record<string, unknown>, doc: Doc, ptr: string, outer: Resource): Resource {
    let resource = outer;
    const id = schema["$id"];
    // The document root's $id was read by addDocument.
    if (ptr !== "" && typeof id === "string" && Object.hasOwn(schema, "$id")) {
      const [uri] = splitFragment(resolveUri(outer.uri, id));
      const dialect = Object.hasOwn(schema, "$schema") ? schema["$schema"] : undefined;
      const vocabularies = typeof dialect === "string" ? vocabulariesOf(dialect, this.lookup, appendPointer(ptr, "$schema"), this.checksFormats) : outer.vocabularies;
      resource = this.newResource(uri, doc, ptr, vocabularies);
      doc.resources.set(ptr, resource);
    }
    for (const keyword of ["$anchor", "$dynamicAnchor"]) {
      const name = schema[keyword];
      if (typeof name !== "string" || !Object.hasOwn(schema, keyword)) continue;
      this.anchors.set(resource.uri + "#" + name, { resource, ptr });
      if (keyword === "$dynamicAnchor") resource.dynamicAnchors.set(name, ptr);
    }
    for (const keyword of ["$ref", "$dynamicRef"]) {
      const reference = schema[keyword];
      if (typeof reference !== "string" || !Object.hasOwn(schema, keyword)) continue;
      if (keyword === "$dynamicRef") {
        this.dynamicRefs.push([resource, reference]);
        this.usesDynamic = true; // until link() knows better
      }
      this.pending.push([resource.uri, reference]);
    }
    return resource;
  }
}
