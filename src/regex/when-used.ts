// A RegExp made when it is first tested. V8 builds the character class of a \p{…} escape while
// it parses a regex literal, so such a literal at the top of a module costs every import, even in
// a process that never reads a group name or checks an internationalized host name.

export class RegExpWhenUsed {
  #made: RegExp | undefined;

  constructor(
    readonly source: string,
    readonly flags: string,
  ) {}

  test(text: string): boolean {
    return (this.#made ??= new RegExp(this.source, this.flags)).test(text);
  }
}
