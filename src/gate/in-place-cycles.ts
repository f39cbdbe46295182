// A cycle of references that passes only through subschemas applied to the same instance ($ref,
// allOf, anyOf, oneOf, not, if/then/else, dependentSchemas, …) never consumes input: evaluation
// would go round it until the stack ran out. The gate refuses it at compile time, like every other
// unusable schema, wherever it sits (in unused $defs too). Recursion through a keyword that
// descends into the instance (properties, items, …) stays legal.
import { SchemaError } from "../errors.js";
import { appendPointer } from "../json/pointer.js";
import { isObject } from "../json/type-of.js";
import type { Keyword } from "../keywords/types.js";
import type { Registry, Target } from "../engine/registry.js";

/** A schema location, or a dynamic anchor name / $recursiveAnchor standing for all the places it may land. */
interface Place {
  /** Places applied to the same instance, each with the keyword location that leads there. */
  readonly same: [place: string, via: Step][];
}

/** A keyword location: a pointer into the schema, or into another document (`uri`). */
interface Step {
  readonly uri: string | undefined;
  readonly ptr: string;
}

const MAX_LISTED = 8;

/** Throws SchemaError "ref-cycle" when the schema at `root`, or anything it reaches, has an in-place reference cycle. */
export function refuseInPlaceCycles(registry: Registry, root: Target): void {
  const places = new Map<string, Place>();
  const keyOf = (target: Target): string => `${target.doc.id}:${target.ptr}`;
  const pending: Target[] = [];
  const add = (target: Target): string => {
    const key = keyOf(target);
    if (!places.has(key)) {
      places.set(key, { same: [] });
      pending.push(target);
    }
    return key;
  };
  add(root);
  while (pending.length > 0) {
    const target = pending.pop()!;
    const place = places.get(keyOf(target))!;
    for (const [sub, inPlace, via] of subschemas(registry, target)) {
      const key = typeof sub === "string" ? sub : add(sub);
      if (typeof sub === "string" && !places.has(sub)) places.set(sub, anchorPlace(registry, sub, add));
      if (inPlace) place.same.push([key, via]);
    }
  }
  const cycle = findCycle(places);
  if (cycle === undefined) return;
  const shown = cycle.slice(0, MAX_LISTED).map((step) => (step.uri === undefined ? step.ptr : `${step.uri}#${step.ptr}`));
  const more = cycle.length > MAX_LISTED ? ` … (${cycle.length - MAX_LISTED} more)` : "";
  throw new SchemaError(
    "ref-cycle",
    cycle.find((step) => step.uri === undefined)?.ptr ?? "",
    `a reference cycle that never consumes input (each step applies to the same value): ${shown.join(" → ")}${more} → back to the start`,
  );
}

/** Where a keyword sits, for the message: a pointer in the schema itself, or in another document. */
function stepAt(target: Target, ptr: string): Step {
  return { uri: target.doc.id === 0 ? undefined : target.resource.uri || "(document)", ptr };
}

/** The subschemas of a schema object: a place (or an anchor name's key), whether it applies to the same instance, and the keyword location. */
function* subschemas(registry: Registry, target: Target): Generator<[Target | string, boolean, Step]> {
  const schema = target.schema;
  if (!isObject(schema)) return;
  const { dialect, vocabularies } = target.resource;
  const names = dialect.refOverrides && Object.hasOwn(schema, dialect.ref.name) ? [dialect.ref.name] : Object.keys(schema);
  for (const name of names) {
    const keyword = dialect.keywords.get(name);
    if (keyword === undefined || !vocabularies.has(keyword.vocabulary)) continue;
    const value = schema[name];
    const at = appendPointer(target.ptr, name);
    // then/else without if apply nothing: their subschemas are reached, but not applied here.
    const applied = keyword.ownedBy === undefined || Object.hasOwn(schema, keyword.ownedBy);
    const via = stepAt(target, at);
    if (keyword.reference !== undefined) {
      if (typeof value === "string") yield* references(registry, target, keyword, value, via);
      continue;
    }
    for (const [sub, ptr] of children(keyword, value, at)) {
      yield [{ doc: target.doc, ptr, resource: target.doc.resources.get(ptr) ?? target.resource, schema: sub }, keyword.inPlace === true && applied, via];
    }
  }
}

/** The schemas a keyword's value holds, with their pointers. */
function children(keyword: Keyword, value: unknown, ptr: string): [unknown, string][] {
  const kind = keyword.children === "schema-or-array" ? (Array.isArray(value) ? "array" : "schema") : keyword.children;
  if (kind === "schema") return [[value, ptr]];
  if (kind === "array" && Array.isArray(value)) return value.map((v, i) => [v, appendPointer(ptr, i)]);
  if (kind === "map" && isObject(value)) return Object.keys(value).map((k) => [value[k], appendPointer(ptr, k)]);
  return [];
}

/** Where a reference may land: its static target, and every place a dynamic one may take instead (as one anchor place). */
function* references(registry: Registry, target: Target, keyword: Keyword, reference: string, via: Step): Generator<[Target | string, boolean, Step]> {
  let resolved: Target | undefined;
  try {
    resolved = registry.resolve(target.resource, reference);
  } catch {
    return; // refused later, where the reference compiles, with its own location
  }
  if (resolved === undefined) return;
  yield [resolved, true, via];
  if (keyword.reference === "dynamic") {
    const anchor = registry.dynamicAnchorOf(target.resource, reference, resolved);
    if (anchor !== undefined) yield [`#dynamic:${anchor}`, true, via];
  } else if (keyword.reference === "recursive" && registry.hasRecursiveAnchor(resolved)) yield ["#recursive", true, via];
}

/** The place standing for every landing of a dynamic anchor name, or of $recursiveRef. */
function anchorPlace(registry: Registry, key: string, add: (target: Target) => string): Place {
  const targets = key === "#recursive" ? registry.recursiveAnchors() : registry.dynamicAnchors(key.slice("#dynamic:".length));
  return { same: targets.map((t) => [add(t), stepAt(t, t.ptr)]) };
}

/** One cycle of the same-instance graph, as the keyword locations of its steps; undefined when there is none. */
function findCycle(places: ReadonlyMap<string, Place>): Step[] | undefined {
  const state = new Map<string, number>(); // 1: on the path, 2: done
  for (const start of places.keys()) {
    if (state.has(start)) continue;
    const path: [key: string, next: number][] = [[start, 0]];
    const steps: Step[] = [];
    state.set(start, 1);
    while (path.length > 0) {
      const top = path[path.length - 1]!;
      const edges = places.get(top[0])!.same;
      if (top[1] >= edges.length) {
        state.set(top[0], 2);
        path.pop();
        steps.pop();
        continue;
      }
      const [next, via] = edges[top[1]++]!;
      const seen = state.get(next);
      if (seen === 2) continue;
      steps.push(via);
      if (seen === 1) return steps.slice(path.findIndex(([key]) => key === next));
      state.set(next, 1);
      path.push([next, 0]);
    }
  }
  return undefined;
}
