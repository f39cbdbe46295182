// The private copy of a schema document, and the canonical text of a copied one (a document past
// walk.ts's LARGE_TEXT characters), written from the copy when first read.
import { canonical } from "../json/canonical.js";
import { equal } from "../json/equal.js";
import type { Walked } from "./walked.js";

/** What Walked.copy holds once privateCopy() has taken the copy. */
export const TAKEN: unique symbol = Symbol("taken");

/**
 * The private copy a compiled validator keeps: the one a large document's walk made, else (and
 * for every further use) parsed from the canonical text or cloned (freshCopy), so nothing the
 * caller owns is shared but strings. It never leaves the validator (`validator.schema` hands out copies).
 */
export function privateCopy(walked: Walked): unknown {
  const copy = walked.copy;
  if (copy === TAKEN) return freshCopy(walked.text);
  walked.copy = TAKEN;
  walked.marked = undefined; // read before, if at all: a Walked kept for later compiles (`schemas`) must not hold the copy's objects
  return copy;
}

/** Lets go of the walk's copy, should privateCopy() not have taken it (a document kept for later compiles keeps its text only). */
export function releaseCopy(walked: Walked): void {
  walked.copy = TAKEN;
  walked.marked = undefined;
  if (walked.text instanceof LateText) walked.text.release();
}

/**
 * Copy mode: the copy's text, JSON.stringify's (its keys were added sorted), unless an object
 * lists some first (array indices), or a `toJSON` on the prototypes would change what it writes;
 * then canonical()'s, which sorts every object's keys.
 */
export function copyText(indices: boolean, copy: unknown): string {
  return indices || "toJSON" in Array.prototype ? canonical(copy)! : JSON.stringify(copy);
}

/**
 * A copied document's canonical text, written from the private copy when first read. A large
 * text costs more than the rest of the walk: writing it, and the collections that copy its parts
 * or the flat string a read makes; a compile and its first result need only the digest.
 */
export class LateText {
  /** The private copy (the compiled schema reads it too, and never changes it), until released. */
  #copy: unknown;
  readonly #indices: boolean;
  #text: string | undefined;

  constructor(copy: unknown, indices: boolean) {
    this.#copy = copy;
    this.#indices = indices;
  }

  read(): string {
    return (this.#text ??= copyText(this.#indices, this.#copy));
  }

  /** The private copy itself while kept, for readers that never change it (the variants: compile.ts): no clone of a large document. */
  get kept(): unknown {
    return this.#copy;
  }

  /** Another copy, without writing the text (structuredClone costs less than writing and parsing it). */
  fresh(): unknown {
    return this.#copy !== undefined ? structuredClone(this.#copy) : JSON.parse(this.#text!);
  }

  /** Keeps the text only. */
  release(): void {
    this.read();
    this.#copy = undefined;
  }

  /** Whether another walk's copy is the same document (a cache hit by digest is one only then). */
  matches(copy: unknown): boolean {
    try {
      return this.#copy !== undefined && equal(this.#copy, copy);
    } catch (error) {
      if (error instanceof RangeError) return false; // nested past the stack (lifted bounds): compiled anew
      throw error;
    }
  }
}

/** The canonical text, or a copied document's that is written when read. */
export type CanonicalText = string | LateText;

export const readText = (text: CanonicalText): string => (typeof text === "string" ? text : text.read());

/** A fresh copy of the document `text` is the canonical text of (its own: the caller may change it). */
export const freshCopy = (text: CanonicalText): unknown => (typeof text === "string" ? JSON.parse(text) : text.fresh());
