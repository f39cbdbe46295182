// What the pattern parser (parse.ts) gives and throws, for the analyses and matchers that read it.
import type { Ranges } from "./char-set.js";

export type RegexNode =
  /** One code point of the set; `atom` is the class's source when it uses \p (see CharSet). */
  | { readonly type: "set"; readonly ranges: Ranges; readonly atom: string | undefined }
  | { readonly type: "seq"; readonly items: RegexNode[] }
  | { readonly type: "alt"; readonly alts: RegexNode[] }
  /** `max` is Infinity for `*`, `+` and `{n,}`. */
  | { readonly type: "repeat"; readonly body: RegexNode; readonly min: number; readonly max: number }
  | { readonly type: "assert"; readonly kind: "^" | "$" | "b" | "B" }
  | { readonly type: "look"; readonly behind: boolean; readonly negate: boolean; readonly body: RegexNode }
  | { readonly type: "backref" };

/** A pattern V8 would refuse too; the message says what and where. */
export class RegexSyntaxError extends Error {
  override readonly name = "RegexSyntaxError";
}

/** A valid pattern this matcher will not run: backreferences, groups nested too deeply, an automaton too large. */
export class UnsupportedRegex extends Error {
  override readonly name = "UnsupportedRegex";
}

export interface ParsedRegex {
  readonly root: RegexNode;
  /** Whether it has \1 or \k<name>, which no linear matcher can run. */
  readonly backreferences: boolean;
  /** How deep its groups and lookarounds nest. */
  readonly depth: number;
}
