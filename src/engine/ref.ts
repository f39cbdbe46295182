// $ref, $dynamicRef and $recursiveRef: resolved at compile time to compiled nodes; at run time
// they keep the evaluation path (for error locations) and, when a document has a dynamic
// reference that can land in more than one place, the dynamic scope.
import { externalRef, SchemaError } from "../errors.js";
import type { ReferenceKind } from "../keywords/types.js";
import type { Registry, Resource, Target } from "./registry.js";
import { enterRef } from "./report.js";
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

/** `recursive`: the reference can lead back to itself (gate/recursion.ts), so its crossings count towards maxDataDepth. */
export function compileRef(targets: Targets, from: Resource, reference: string, kind: ReferenceKind, tracking: boolean, memoize: boolean, where: Where, recursive: Recursion | undefined): Check {
  const check = resolvedRef(targets, from, reference, kind, tracking, memoize, where);
  return recursive === undefined ? check : counted(check, recursive.byValue);
}

/** Where a reference keyword (at `ptr`) lands statically; a SchemaError when the ref policy refuses it or nothing is there. */
export function referenceTarget(registry: Registry, from: Resource, reference: string, keyword: string, ptr: string): Target {
  if (registry.fragmentOnly && !reference.startsWith("#")) {
    throw externalRef(ptr, keyword, reference);
  }
  const target = registry.resolve(from, reference);
  if (target === undefined) {
    throw new SchemaError("unresolved-ref", ptr, `cannot resolve ${keyword} "${reference}": no schema in the document${registry.fragmentOnly ? "" : " or in the schemas option"} has that URI, anchor or pointer`);
  }
  return target;
}

function resolvedRef(targets: Targets, from: Resource, reference: string, kind: ReferenceKind, tracking: boolean, memoize: boolean, where: Where): Check {
  const registry = targets.registry;
  const target = referenceTarget(registry, from, reference, where.keyword, where.ptr);
  const scoped = registry.usesDynamic;
  const scopeKey: ScopeKey = scoped ? (scope) => registry.scopeKey(scope) : undefined;
  // A resource's root schema enters its resource itself (compiler.ts): the crossing enters it
  // only for a target inside the resource.
  const cross = (place: Target) =>
    crossing(
      targets.referred(place, tracking),
      where,
      { base: place.resource.uri, baseLength: place.resource.ptr.length, ptr: place.ptr },
      scoped && place.ptr !== place.resource.ptr ? place.resource : undefined,
      scopeKey,
      tracking,
      memoize,
    );
  const fixed = registry.fixedLanding(from, reference, kind);
  if (fixed !== undefined) return cross(fixed);
  if (kind === "recursive") return recursive(registry.recursiveAnchors(), cross(target), cross);
  // The outermost resource in the dynamic scope that declares the anchor wins.
  const anchor = registry.dynamicAnchorOf(from, reference, target)!;
  const candidates = new Map<ScopeEntry, Check>();
  for (const place of registry.dynamicAnchors(anchor)) candidates.set(place.resource, cross(place));
  const initial = cross(target);
  return (instance, state, at) => {
    for (const entry of state.scope) {
      const check = candidates.get(entry);
      if (check !== undefined) return check(instance, state, at);
    }
    return initial(instance, state, at);
  };
}

/**
 * $recursiveRef to a root with `$recursiveAnchor: true`: from the innermost resource in the
 * dynamic scope outwards, as long as each one has the anchor too, the outermost of them wins.
 */
function recursive(anchored: readonly Target[], initial: Check, cross: (place: Target) => Check): Check {
  const candidates = new Map<ScopeEntry, Check>();
  for (const place of anchored) candidates.set(place.resource, cross(place));
  return (instance, state, at) => {
    const scope = state.scope;
    let chosen = initial;
    for (let i = scope.length - 1; i >= 0; i--) {
      const check = candidates.get(scope[i]!);
      if (check === undefined) break;
      chosen = check;
    }
    return chosen(instance, state, at);
  };
}

/** Calls the target; records the crossing for error locations and, if asked, enters its resource. */
function crossing(node: MemoNode, where: Where, target: Location, enter: ScopeEntry | undefined, scopeKey: ScopeKey, tracking: boolean, memoize: boolean): Check {
  const strip = target.ptr.length;
  // Only a reference below several in-place subschemas can be reached twice for one value.
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
