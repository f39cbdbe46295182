// A RegExp made when it is first tested. V8 builds the character class of a \p{…} escape while
// it parses a regex literal, so such a literal at the top of a module costs every import, even in
// a process that never compiles a schema (the group-name classes, made by the first compile).
// Once made it is compiled for both string widths (compiled-now.ts).
import { compiledNow } from "./compiled-now.js";

export class RegExpWhenUsed {
  #made: RegExp | undefined;

  constructor(
    readonly source: string,
    readonly flags: string,
  ) {}

  test(text: string): boolean {
    return this.made().test(text);
  }

  /** The RegExp, made and compiled for both string widths (compiled-now.ts) when first asked. */
  made(): RegExp {
    if (this.#made === undefined) {
      const regex = new RegExp(this.source, this.flags);
      compiledNow(regex, true); // kept only once compiled: where the stack ran out, the next ask compiles it
      this.#made = regex;
    }
    return this.#made;
  }
}
