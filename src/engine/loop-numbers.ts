// The numbers that name a schema object's key and item loops in validate()'s witness (witness.ts).
// A pointer would do, but every validator would keep a string for each of its loops. Instead the
// compile that makes the plans numbers each looping schema object as a keyword first asks for its
// location; the collecting variant, compiled later from another copy (in the caller's key order,
// which changes the order objects are met), gets the same numbers from a second plan compile of
// the sorted copy: the same input to the same code, so the same order (compile.ts, the variants).

export class LoopNumbers {
  readonly #byPointer = new Map<string, number>();
  /** Cleared by seal(): from then on a pointer without a number stays without one. */
  #assign = true;

  /** The number of the schema object at `pointer` in the root document (given as first asked for, until sealed). */
  of(pointer: string): number | undefined {
    const byPointer = this.#byPointer;
    let n = byPointer.get(pointer);
    if (n === undefined && this.#assign) byPointer.set(pointer, (n = byPointer.size));
    return n;
  }

  /** How many pointers have a number. */
  get size(): number {
    return this.#byPointer.size;
  }

  /** The plan compile is over: the collecting compile only looks numbers up. */
  seal(): this {
    this.#assign = false;
    return this;
  }
}
