// $ref and $dynamicRef: resolved at compile time to compiled nodes; at run time they keep the
// evaluation path (for error locations) and, when a document uses $dynamicRef, the dynamic scope.
import { SchemaError } from "../errors.js";
import { isObject } from "../json/type-of.js";
import { resolveUri, splitFragment } from "../uri.js";
import type { Compiler } from "./compiler.js";
import type { Resource, Target } from "./registry.js";
import { evaluationPath } from "./report.js";
import type { Check, EvalState, InstancePath, ScopeEntry, Where } from "./types.js";

export function compileRef(compiler: Compiler, from: Resource, reference: string, dynamic: boolean, tracking: boolean, where: Where): Check {
  const registry = compiler.registry;
  const target = registry.resolve(from, reference);
  if (target === undefined) {
    throw new SchemaError("unresolved-ref", where.ptr, `cannot resolve ${where.keyword} "${reference}"`);
  }
  const keepScope = registry.usesDynamic;
  const fallback = compiler.checkAt(target, tracking);
  const anchor = dynamic ? dynamicAnchorName(from, reference, target) : undefined;
  if (anchor === undefined) return crossing(fallback, where.ptr, target.ptr.length, keepScope ? target.resource : undefined);

  // The outermost resource in the dynamic scope that declares the anchor wins.
  const candidates = new Map<ScopeEntry, Check>();
  for (const place of registry.dynamicAnchors(anchor)) {
    candidates.set(place.resource, crossing(compiler.checkAt(place, tracking), where.ptr, place.ptr.length, place.resource));
  }
  const initial = crossing(fallback, where.ptr, target.ptr.length, target.resource);
  return (instance, state, at) => {
    for (const entry of state.scope) {
      const check = candidates.get(entry);
      if (check !== undefined) return check(instance, state, at);
    }
    return initial(instance, state, at);
  };
}

/**
 * A $dynamicRef is dynamic only when its fragment is a plain name and the schema it resolves to
 * statically declares `$dynamicAnchor` with that name; otherwise it is an ordinary $ref.
 */
function dynamicAnchorName(from: Resource, reference: string, target: Target): string | undefined {
  const [, fragment] = splitFragment(resolveUri(from.uri, reference));
  if (fragment === "" || fragment.startsWith("/")) return undefined;
  const schema = target.schema;
  return isObject(schema) && schema["$dynamicAnchor"] === fragment ? fragment : undefined;
}

/** Calls the target; records the crossing for error locations and, if asked, enters its resource. */
function crossing(target: Check, ptr: string, strip: number, enter: ScopeEntry | undefined): Check {
  if (enter === undefined) {
    return (instance, state, at) => (state.errors === undefined ? target(instance, state, at) : traced(target, ptr, strip, instance, state, at));
  }
  return (instance, state, at) => {
    state.scope.push(enter);
    const ok = state.errors === undefined ? target(instance, state, at) : traced(target, ptr, strip, instance, state, at);
    state.scope.pop();
    return ok;
  };
}

function traced(target: Check, ptr: string, strip: number, instance: unknown, state: EvalState, at: InstancePath): boolean {
  const refs = state.refs;
  refs.push({ path: evaluationPath(state, ptr), strip });
  const ok = target(instance, state, at);
  refs.pop();
  return ok;
}
