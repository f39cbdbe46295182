// $ref, $dynamicRef and $recursiveRef: resolved at compile time to compiled nodes; at run time
// they keep the evaluation path (for error locations) and, when a document has a dynamic
// reference that can land in more than one place, the dynamic scope.
import { externalRef, SchemaError } from "../errors.js";
import { fragmentFault } from "../json/pointer.js";
import type { ReferenceKind } from "../keywords/types.js";
import type { Registry, Resource, Target } from "./registry.js";
import { enterRef } from "./ref-crossings.js";
import { resolvedParts } from "./references.js";
import { counted } from "./depth.js";
import type { Recursion } from "../gate/recursion.js";
import { MEMO_AFTER } from "../limits.js";
import { memoAwake, remembered, type MemoNode, type ScopeKey } from "./memo.js";
import type { Check, EvalState, InstancePath, Location, ScopeEntry, Where } from "./types.js";

/** What a reference needs of the compiler: the registry, and the node of a target (compiled now, or queued). */
export interface Targets {
  readonly registry: Registry;
  referred(target: Target, tracking: boolean): MemoNode;
}

/**
 * `recursive`: the reference can lead back to itself (gate/recursion.ts), so its crossings count
 * towards maxDataDepth, and are remembered as a branching one's are: data holding one value at
 * many places is reached through it once per place.
 */
export function compileRef(targets: Targets, from: Resource, reference: string, kind: ReferenceKind, tracking: boolean, memoize: boolean, where: Where, recursive: Recursion | undefined): Check {
  const check = resolvedRef(targets, from, reference, kind, tracking, memoize || recursive !== undefined, where);
  return recursive === undefined ? check : counted(check, recursive.byValue);
}

/** Where a reference keyword (at `ptr`) lands statically; a SchemaError when the ref policy refuses it or nothing is there. */
export function referenceTarget(registry: Registry, from: Resource, reference: string, keyword: string, ptr: string): Target {
  if (registry.fragmentOnly && !reference.startsWith("#")) {
    throw externalRef(ptr, keyword, reference);
  }
  const target = registry.resolve(from, reference);
  if (target === undefined) throw new SchemaError("unresolved-ref", ptr, `cannot resolve ${keyword} "${reference}": ${unresolvedWhy(registry, from, reference)}`);
  return target;
}

/** Why a reference lands nowhere: its fragment is no pointer, the document it names is unknown (as resolved against the base), or has nothing at its fragment. */
function unresolvedWhy(registry: Registry, from: Resource, reference: string): string {
  const fault = fragmentFault(reference);
  if (fault !== undefined) return fault;
  const [uri, fragment] = resolvedParts(from.uri, reference);
  if (!reference.startsWith("#") && registry.resolve(from, uri) === undefined) {
    const resolved = uri === reference.split("#")[0] ? "" : from.uri === "" ? " (the schema has no $id to resolve it against)" : ` (resolved against the base "${from.uri}")`;
    return `no document has the URI "${uri}"${resolved}: give it in the schemas option under that key`;
  }
  const document = uri === "" ? "the schema" : `"${uri}"`;
  return fragment.startsWith("/") ? `${document} has nothing at that pointer` : `${document} declares no anchor of that name`;
}

function resolvedRef(targets: Targets, from: Resource, reference: string, kind: ReferenceKind, tracking: boolean, memoize: boolean, where: Where): Check {
  const registry = targets.registry;
  const target = referenceTarget(registry, from, reference, where.keyword, where.ptr);
  const scoped = registry.usesDynamic;
  const scopeKey: ScopeKey = scoped ? (scope) => registry.scopeKey(scope) : undefined;
  // A resource's root schema enters its resource itself (compiler.ts): the crossing enters it
  // only for a target inside the resource.
  const cross = (place: Target, node = targets.referred(place, tracking)) =>
    crossing(
      node,
      where,
      { base: place.resource.uri, baseLength: place.resource.ptr.length, ptr: place.ptr },
      scoped && place.ptr !== place.resource.ptr ? place.resource : undefined,
      scopeKey,
      tracking,
      memoize,
    );
  const fixed = registry.fixedLanding(from, reference, kind);
  if (fixed !== undefined) return cross(fixed);
  const anchor = kind === "recursive" ? undefined : registry.dynamicAnchorOf(from, reference, target)!;
  const landings = landingsOf(targets, anchor, tracking);
  // This reference's crossing into each landing is made when a scope first leads there: making
  // them all here cost references × landings, quadratic in a schema of thousands of resources
  // that each declare the anchor and refer to it.
  const crossed = new Map<ScopeEntry, Check>();
  const into = (entry: ScopeEntry, landing: Landing): Check => {
    let check = crossed.get(entry);
    if (check === undefined) crossed.set(entry, (check = cross(landing.target, landing.node)));
    return check;
  };
  const initial = cross(target);
  // The outermost resource in the dynamic scope that declares the anchor wins (for $recursiveRef
  // to a root with `$recursiveAnchor: true`, the outermost root in scope that says it too).
  return (instance, state, at) => {
    for (const entry of state.scope) {
      const landing = landings.get(entry);
      if (landing !== undefined) return into(entry, landing)(instance, state, at);
    }
    return initial(instance, state, at);
  };
}

/** Where a dynamic reference may land (a place declaring its anchor), and that place's compiled node. */
interface Landing {
  readonly target: Target;
  readonly node: MemoNode;
}

/** Per compile, the landings of each anchor name ("" for $recursiveAnchor) and tracking mode, by the resource declaring it. */
const LANDINGS = new WeakMap<Targets, Map<string, ReadonlyMap<ScopeEntry, Landing>>>();

/**
 * The landings of a dynamic anchor (undefined: `$recursiveAnchor`), found and compiled once per
 * compile and shared by every reference to it.
 */
function landingsOf(targets: Targets, anchor: string | undefined, tracking: boolean): ReadonlyMap<ScopeEntry, Landing> {
  let byName = LANDINGS.get(targets);
  if (byName === undefined) LANDINGS.set(targets, (byName = new Map()));
  const key = (tracking ? "t" : "f") + (anchor === undefined ? "" : "#" + anchor);
  let landings = byName.get(key);
  if (landings === undefined) {
    const places = anchor === undefined ? targets.registry.recursiveAnchors() : targets.registry.dynamicAnchors(anchor);
    landings = new Map(places.map((place) => [place.resource, { target: place, node: targets.referred(place, tracking) }]));
    byName.set(key, landings);
  }
  return landings;
}

/** Calls the target; records the crossing for error locations and, if asked, enters its resource. */
function crossing(node: MemoNode, where: Where, target: Location, enter: ScopeEntry | undefined, scopeKey: ScopeKey, tracking: boolean, memoize: boolean): Check {
  const strip = target.ptr.length;
  // Only a reference below several in-place subschemas, or a recursive one, can be reached twice for one value.
  const call = memoize
    ? (instance: unknown, state: EvalState, at: InstancePath): boolean =>
        ++state.calls > MEMO_AFTER && memoAwake(state) ? remembered(node, tracking, scopeKey, instance, state, at) : node.check(instance, state, at)
    : (instance: unknown, state: EvalState, at: InstancePath): boolean => node.check(instance, state, at);
  const traced = (instance: unknown, state: EvalState, at: InstancePath): boolean => {
    enterRef(state, strip, where, target);
    const ok = call(instance, state, at);
    state.refs.pop();
    return ok;
  };
  // The common case, one call deep: no memo, no scope to keep.
  if (enter === undefined && !memoize) return (instance, state, at) => (state.errors === undefined ? node.check(instance, state, at) : traced(instance, state, at));
  if (enter === undefined) return (instance, state, at) => (state.errors === undefined ? call(instance, state, at) : traced(instance, state, at));
  return (instance, state, at) => {
    state.scope.push(enter);
    const ok = state.errors === undefined ? call(instance, state, at) : traced(instance, state, at);
    state.scope.pop();
    return ok;
  };
}
