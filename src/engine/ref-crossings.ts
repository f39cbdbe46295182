// The `$ref`s crossed while errors or annotations are collected: a unit's keyword location is
// its evaluation path (the references crossed above it, then its static pointer), and the
// hierarchical formats read each unit's crossings for its nodes' absolute locations.
import type { EvalState, Location, RefFrame, Where } from "./types.js";

/**
 * A `$ref` crossed while errors are collected. Its evaluation path is made when a unit below it
 * first asks: most crossings of an error pass lead to no unit.
 */
export class RefCrossing implements RefFrame {
  private pathText: string | undefined;
  /** The crossings made below this one, by their keyword, while a Trace is kept. */
  inner: Map<Where, RefCrossing> | undefined = undefined;

  constructor(
    readonly outer: RefFrame | undefined,
    readonly strip: number,
    readonly where: Where,
    readonly target: Location,
  ) {}

  get path(): string {
    if (this.pathText === undefined) {
      // Outermost first, without recursion: a chain of thousands of references would take a
      // stack frame per crossing, and overflow or not by how far V8 has optimised this getter.
      const unknown: RefCrossing[] = [];
      for (let frame: RefFrame | undefined = this; frame instanceof RefCrossing && frame.pathText === undefined; frame = frame.outer) unknown.push(frame);
      for (let i = unknown.length - 1; i >= 0; i--) unknown[i]!.pathText = below(unknown[i]!.outer, unknown[i]!.where.ptr);
    }
    return this.pathText!;
  }
}

/**
 * What an annotating pass for the hierarchical formats keeps: the innermost `$ref` crossed above
 * each unit (the frames link outwards), and the crossings themselves, shared by every unit that
 * went the same way. A crossing holds no data, only where it is in the schemas: a chain of
 * references crossed again for each item is kept once, not once per item and unit.
 */
export class Trace {
  readonly units = new Map<object, RefFrame | undefined>();
  /** The outermost crossings, by their keyword. */
  readonly outermost = new Map<Where, RefCrossing>();
}

/** Enters a `$ref` crossing (the caller pops it when the target returns). */
export function enterRef(state: EvalState, strip: number, where: Where, target: Location): void {
  const outer = innermost(state.refs) as RefCrossing | undefined;
  const trace = state.trace;
  state.refs.push(trace === undefined ? new RefCrossing(outer, strip, where, target) : sharedCrossing(trace, outer, strip, where, target));
}

/** The crossing of `where` below `outer` made before in this pass, or a new one (a dynamic reference's keyword can land in several places: only the first is shared). */
function sharedCrossing(trace: Trace, outer: RefCrossing | undefined, strip: number, where: Where, target: Location): RefCrossing {
  const crossings = outer === undefined ? trace.outermost : (outer.inner ??= new Map());
  const known = crossings.get(where);
  if (known !== undefined && known.target === target && known.strip === strip) return known;
  const crossing = new RefCrossing(outer, strip, where, target);
  if (known === undefined) crossings.set(where, crossing);
  return crossing;
}

/** The `$ref` crossed last (an empty array's index -1 would be a slow lookup). */
export function innermost(refs: readonly RefFrame[]): RefFrame | undefined {
  return refs.length === 0 ? undefined : refs[refs.length - 1];
}

/** A static pointer as the evaluation path below `frame`, the innermost `$ref` crossed (none: the pointer itself). */
export function below(frame: RefFrame | undefined, ptr: string): string {
  return frame === undefined ? ptr : frame.path + ptr.slice(frame.strip);
}
