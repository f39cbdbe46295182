// Indexing a schema and the documents its references reach (the registry), and compiling its
// root: the step compile() takes after the gate, for each variant of a validator.
import { Compiler, type CompileSettings } from "./engine/compiler.js";
import type { DialectSettings } from "./engine/dialect-of.js";
import { Registry, type Loaded, type Target } from "./engine/registry.js";
import type { LoopNumbers } from "./engine/loop-numbers.js";
import type { Plan } from "./engine/plan.js";
import type { Check } from "./engine/types.js";
import { metaschemaDocument } from "./gate/metaschema-check.js";
import { inAuthorOrder, packedOrders } from "./gate/author-order.js";
import { privateCopy } from "./gate/private-copy.js";
import type { Walked } from "./gate/walk.js";
import { walkReached, type ReachedDocument } from "./gate/walk-reached.js";
import { pointer as pointerOf } from "./gate/walk-errors.js";
import { resourceUri } from "./uri.js";
import { isStackOverflow } from "./errors.js";

/** The schema compile() was given, as the registry indexed it. */
export function rootTarget(registry: Registry): Target {
  const doc = registry.docs[0]!;
  return { doc, ptr: "", resource: registry.resourceOf(doc, ""), schema: doc.root };
}

/**
 * Indexes the document and every one it references; `compileRoot` then builds its Checks.
 * `ordered`: a compile that lists errors (a variant's) reads the `schemas` documents in the
 * caller's key order too, as it reads `copy` (the decision pass needs no order).
 */
export function link(copy: unknown, marks: readonly string[], marked: readonly object[] | undefined, extra: ReadonlyMap<string, Walked>, dialects: DialectSettings, fragmentOnly: boolean, walked?: Walked, ordered = false) {
  const loaded = new Map<string, Loaded>();
  const loader = (uri: string): Loaded | undefined => {
    const walked = extra.get(uri);
    if (walked === undefined) return metaschemaDocument(uri);
    let document = loaded.get(uri);
    if (document === undefined) {
      const sorted = privateCopy(walked);
      loaded.set(uri, (document = { copy: ordered ? inAuthorOrder(sorted, packedOrders(walked.orders)) : sorted, marks: walked.marks }));
    }
    return document;
  };
  // A `$schema` is looked up as written (less its empty fragment); `extra` is keyed by resourceUri.
  // Only among the `schemas` documents, as the gate's walk looks it up: a built-in vocabulary
  // metaschema (…/meta/applicator) is no dialect there, and must be none here (read in another
  // dialect than the walk's, its subschemas would have passed no walk's checks).
  const metaschemaOf = (uri: string): unknown => {
    const key = resourceUri(uri);
    return extra.has(key) ? loader(key)?.copy : undefined;
  };
  const registry = new Registry(metaschemaOf, loader, dialects, fragmentOnly, [...extra.keys()]);
  registry.addDocument(copy, marks, "", marked);
  registry.link();
  // `walked`: the schema's walk, on the first compile only (a variant's link repeats what it checked).
  if (walked !== undefined) {
    followReached(copy, walked, extra, loader);
    checkClaims(registry, copy, walked, extra, loaded);
    // The reference checks read the registry's references only: these, definitions must check.
    registry.referencesReached = walked.referencesReached || [...extra.values()].some((document) => document.referencesReached);
  }
  let deferring = false;
  let plan: Plan | undefined;
  let loops: LoopNumbers | undefined;
  const compileRoot = (settings: CompileSettings): Check => {
    try {
      const compiler = new Compiler(registry, settings);
      loops = compiler.loops;
      const check = compiler.checkAt(rootTarget(registry), false);
      plan = compiler.node(rootTarget(registry), false).plan;
      return check;
    } catch (error) {
      if (!isStackOverflow(error)) throw error;
      // A long chain of references: compile each target after the schema that refers to it.
      deferring = true;
      const compiler = new Compiler(registry, { ...settings, deferRefs: true });
      loops = compiler.loops;
      const check = compiler.checkAt(rootTarget(registry), false);
      compiler.drain();
      return check;
    }
  };
  // How the last compile numbered the loops: how many, negative when it deferred references (so
  // another compile numbered them alike only if it gives the same figure).
  const numbering = (): number => (deferring ? -1 - loops!.size : loops!.size);
  return { registry, loaded, compileRoot, deferred: () => deferring, rootPlan: () => plan!, loops: () => loops!, numbering };
}

/**
 * Walks, as schemas, the data that references of the schema and of the `schemas` documents land on
 * (gate/walk-reached.ts), in the private copies the compiler reads; then lets go of the walks.
 */
function followReached(copy: unknown, walked: Walked, extra: ReadonlyMap<string, Walked>, loader: (uri: string) => Loaded | undefined): void {
  const documents: ReachedDocument[] = [];
  // Only those still reaching (a custom metaschema's compile shares documents already followed).
  const reaching: Walked[] = [walked];
  if (walked.reaching !== undefined) documents.push({ reaching: walked.reaching, copy: () => copy });
  for (const [uri, document] of extra) {
    if (document.reaching === undefined) continue;
    documents.push({ reaching: document.reaching, copy: () => loader(uri)!.copy });
    reaching.push(document);
  }
  walkReached(documents);
  for (const document of reaching) {
    if (document.reaching !== undefined) {
      document.locations = document.reaching.locations;
      document.referencesReached = document.reaching.referencesReached === true;
      document.landings = document.reaching.landings?.map(({ path, scope }) => ({ ptr: pointerOf(path), use: scope.use }));
    }
    document.reaching = undefined;
  }
}

/**
 * A `schemas` key that another document holds is refused, unless that one is the same document (a
 * schema given in `schemas` too, under its own $id). A function of its own, not a closure in
 * link(): the variants keep link's context, which must not hold the copy or the walk.
 */
function checkClaims(registry: Registry, copy: unknown, walked: Walked, extra: ReadonlyMap<string, Walked>, loaded: ReadonlyMap<string, Loaded>): void {
  // Each loaded document's key by its copy, made on first use (a search per claim was quadratic).
  let keys: Map<unknown, string> | undefined;
  const textOf = (root: unknown): string | undefined => {
    if (root === copy) return walked.canonical;
    if (keys === undefined) {
      keys = new Map();
      for (const [key, document] of loaded) if (!keys.has(document.copy)) keys.set(document.copy, key);
    }
    const key = keys.get(root);
    return key === undefined ? undefined : extra.get(key)!.canonical;
  };
  registry.checkClaims(extra.keys(), (uri, holder) => loaded.get(uri)?.copy === holder.doc.root || (holder.ptr === "" && textOf(holder.doc.root) === extra.get(uri)!.canonical));
}
