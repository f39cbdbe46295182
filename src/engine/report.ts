// Recording errors. Everything here costs nothing in boolean mode (state.errors undefined).
import { escapeSegment, pointerToFragment } from "../json/pointer.js";
import type { Check, EvalState, InstancePath, Where } from "./types.js";

/** Records an error when errors are collected; always returns false, so checks end in `ok || report(...)`. */
export function report(state: EvalState, at: InstancePath, where: Where, instance: unknown, detail?: unknown): false {
  const errors = state.errors;
  // Past the cap nothing more is recorded (the result says the list was cut).
  if (errors !== undefined && state.units++ < state.maxErrors) {
    const { error, params } = where.explain(instance, detail);
    const refs = state.refs;
    const top = refs.length === 0 ? undefined : refs[refs.length - 1]!;
    const keywordLocation = top === undefined ? where.ptr : top.path + where.ptr.slice(top.strip);
    errors.push(
      top !== undefined || where.identified
        ? { keywordLocation, instanceLocation: pointerOf(at), absoluteKeywordLocation: absoluteLocation(where), error, keyword: where.keyword, params }
        : { keywordLocation, instanceLocation: pointerOf(at), error, keyword: where.keyword, params },
    );
  }
  return false;
}

export function absoluteLocation(where: Where): string {
  return where.base + "#" + pointerToFragment(where.ptr.slice(where.baseLength));
}

/** The evaluation path of a keyword, as report() would give it. */
export function evaluationPath(state: EvalState, ptr: string): string {
  const refs = state.refs;
  const top = refs.length === 0 ? undefined : refs[refs.length - 1]!;
  return top === undefined ? ptr : top.path + ptr.slice(top.strip);
}

/** The path of a child instance; the parent path itself in boolean mode (nothing is allocated). */
export function childPath(state: EvalState, at: InstancePath, key: string | number): InstancePath {
  return state.errors === undefined ? at : { parent: at, key };
}

export function pointerOf(at: InstancePath): string {
  let out = "";
  for (let p = at; p !== undefined; p = p.parent) out = "/" + escapeSegment(p.key) + out;
  return out;
}

/** Runs a check in boolean mode, for subschemas whose errors are never shown (not, if, contains). */
export function quiet(check: Check, instance: unknown, state: EvalState, at: InstancePath): boolean {
  const errors = state.errors;
  if (errors === undefined) return check(instance, state, at);
  const all = state.allErrors;
  state.errors = undefined;
  state.allErrors = false;
  const ok = check(instance, state, at);
  state.errors = errors;
  state.allErrors = all;
  return ok;
}

/** A short, single-line rendering of an instance value for messages. */
export function show(value: unknown): string {
  let text: string;
  try {
    text = typeof value === "string" ? JSON.stringify(value) : typeof value === "bigint" ? `${value}n` : (JSON.stringify(value) ?? String(value));
  } catch {
    text = Object.prototype.toString.call(value);
  }
  return text.length > 60 ? text.slice(0, 57) + "…" : text;
}
