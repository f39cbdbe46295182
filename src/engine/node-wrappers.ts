// What the compiler wraps around a schema object's combined Check: annotations kept only on
// success, the dynamic scope entered at a resource root, and (for the specs) a count.
import { annotate, annotationsFull } from "./report.js";
import type { Resource } from "./registry.js";
import type { Check, EvalState, Where } from "./types.js";

/** Records a keyword's annotation after it succeeded. */
export function withAnnotation(check: Check | undefined, produce: ((instance: unknown, state: EvalState) => unknown) | undefined, where: Where): Check | undefined {
  if (produce === undefined) return check;
  return (instance, state, at) => {
    if (check !== undefined && !check(instance, state, at)) return false;
    if (annotationsFull(state)) return true; // made only to be left out: a list of names can be as long as the object
    const annotation = produce(instance, state);
    if (annotation !== undefined) annotate(state, at, where, annotation);
    return true;
  };
}

/**
 * A schema that fails keeps none of the annotations its keywords and subschemas made; `always`:
 * nor one that holds, applied to what JSON Pointer cannot locate (propertyNames' names).
 */
export function dropAnnotations(check: Check, always = false): Check {
  return (instance, state, at) => {
    const annotations = state.annotations;
    const mark = annotations === undefined ? 0 : annotations.length;
    const ok = check(instance, state, at);
    if ((!ok || always) && annotations !== undefined) annotations.length = mark;
    return ok;
  };
}

/** Keeps the dynamic scope: the resource is in scope while its root schema evaluates. */
export function entering(resource: Resource, check: Check): Check {
  return (instance, state, at) => {
    state.scope.push(resource);
    const ok = check(instance, state, at);
    state.scope.pop();
    return ok;
  };
}

/** Schema-object evaluations made so far; past `limit` evaluation stops (a spec's bound was broken). */
export interface EvaluationCount {
  evaluations: number;
  readonly limit: number;
  /** Schema objects compiled (nodes made). */
  compiled?: number;
}

/** `check`, counted in `count` when a spec asks (chosen at compile time: no cost otherwise). */
export function counting(check: Check, count: EvaluationCount | undefined): Check {
  if (count === undefined) return check;
  return (instance, state, at) => {
    if (++count.evaluations > count.limit) throw new RangeError(`more than ${count.limit} schema evaluations`);
    return check(instance, state, at);
  };
}
