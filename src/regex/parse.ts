// A parser for ECMA-262 regular expressions with the u flag (the syntax of JSON Schema's
// `pattern`), without running them: one pass over the pattern, linear in its length. It accepts
// what V8's `new RegExp(p, "u")` accepts (ES2024 without the v flag; spec/regex.spec.ts holds
// them to the same verdicts), and gives a tree for test() only: captures become plain groups,
// lazy quantifiers plain ones (they change which match is found, not whether there is one).
// \p{…} names, and the letters of group names, are checked with tiny one-escape RegExps.
import { ANY, CLASS_ESCAPES, complement, DOT, normalize, type Ranges } from "./char-set.js";
import { isIdentifierChar, isPropertyName } from "./names.js";
import { unicodeEscape } from "./unicode-escape.js";
import { RegexSyntaxError, UnsupportedRegex, type ParsedRegex, type RegexNode } from "./regex-types.js";
import { compiledBeforeUse } from "./compiled-now.js";

const BRACES = compiledBeforeUse(/^\{(\d+)(,(\d*))?\}/);
const LONG_BRACES = compiledBeforeUse(/\{(\d+)(,(\d*))?\}/y);
const DIGITS = compiledBeforeUse(/^\d+/);
const LETTER = compiledBeforeUse(/^[A-Za-z]$/);
const HEX2 = compiledBeforeUse(/^[0-9A-Fa-f]{2}/);

export { RegexSyntaxError, UnsupportedRegex, type ParsedRegex, type RegexNode };

/** V8 refuses more capturing groups than this. */
const MAX_CAPTURES = 32_767;

/** A group being parsed: its alternatives so far, and the items of the current one. */
interface Frame {
  readonly look: { readonly behind: boolean; readonly negate: boolean } | undefined;
  readonly alts: RegexNode[];
  items: RegexNode[];
}

/** The frames of a parse without a tree (format "regex" on data), which pushes nothing into them: a megabyte of `(` or `|` keeps no object per character. */
const GROUP_FRAME: Frame = Object.freeze({ look: undefined, alts: [], items: [] });
const LOOK_FRAME: Frame = Object.freeze({ look: { behind: false, negate: false }, alts: [], items: [] });

function sequence(items: RegexNode[]): RegexNode {
  return items.length === 1 ? items[0]! : { type: "seq", items };
}

function disjunction(frame: Frame): RegexNode {
  const last = sequence(frame.items);
  return frame.alts.length === 0 ? last : { type: "alt", alts: [...frame.alts, last] };
}

/** V8 reads a quantifier's bounds above 2^31 - 1 as 2^31 - 1 (its "infinity"). */
const QUANTIFIER_CAP = 2 ** 31 - 1;
const SYNTAX_CHARACTERS = "^$\\.*+?()[]{}|";
const CONTROL_ESCAPES: Record<string, number> = { f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09, v: 0x0b };

/**
 * `tree: false` checks the syntax only (format "regex", on data): no node is kept and no class's
 * set is made, so a megabyte of `[\S\S…]` costs what reading it does.
 */
export function parseRegex(pattern: string, tree = true): ParsedRegex {
  return new Parser(pattern, tree).parse();
}

/** A class atom: one code point, or a class escape (\d, \p{…}, …), which cannot end a range. */
type ClassAtom = { cp: number; ranges?: undefined; property: boolean } | { cp?: undefined; ranges: Ranges; property: boolean };

class Parser {
  readonly #src: string;
  #at = 0;
  #groups = 0;
  readonly #names = new Set<string>();
  readonly #namedRefs = new Set<string>(); // each name once: a megabyte of `\k<a>` keeps one
  #numberedRef = 0;
  /** How deep groups nest (the tree's depth, for the recursive walks after parsing). */
  #deepest = 0;
  #literals: Map<number, RegexNode> | undefined;

  constructor(
    src: string,
    private readonly tree: boolean,
  ) {
    this.#src = src;
  }

  /**
   * One loop over the pattern with a stack of the groups open (no recursion: a pattern of a
   * million `(` is parsed, or refused, without running out of stack).
   */
  parse(): ParsedRegex {
    const open: Frame[] = [];
    let frame: Frame = { look: undefined, alts: [], items: [] };
    while (this.#at < this.#src.length) {
      const code = this.#src.charCodeAt(this.#at);
      // Above ASCII a literal (syntax is ASCII), read by code: a surrogate's charAt allocates.
      if (code >= 0x80) this.#push(frame, this.#quantified(this.#literalHere()));
      else if (code === 0x7c /* | */) {
        this.#at++;
        if (this.tree) {
          frame.alts.push(sequence(frame.items));
          frame.items = [];
        }
      } else if (code === 0x29 /* ) */) {
        if (open.length === 0) this.#fail("unmatched ')'");
        this.#at++;
        const body = this.tree ? disjunction(frame) : ASCII_LITERALS[0]!; // no tree: any node
        const look = frame.look;
        frame = open.pop()!;
        this.#push(frame, look === undefined ? this.#quantified(body) : this.#unquantified({ type: "look", behind: look.behind, negate: look.negate, body }));
      } else if (code === 0x28 /* ( */) {
        open.push(frame);
        this.#deepest = Math.max(this.#deepest, open.length);
        const look = this.#groupOpening();
        // Without a tree a frame holds nothing: the groups open are one shared frame each, by kind.
        frame = this.tree ? { look, alts: [], items: [] } : look === undefined ? GROUP_FRAME : LOOK_FRAME;
      } else {
        const assertion = this.#assertion();
        this.#push(frame, assertion === undefined ? this.#quantified(this.#atom()) : this.#unquantified(assertion));
      }
    }
    if (open.length > 0) this.#fail("unterminated group");
    if (this.#numberedRef > this.#groups) this.#fail("invalid escape (a backreference to a missing group)");
    for (const name of this.#namedRefs) if (!this.#names.has(name)) this.#fail(`invalid named reference \\k<${name}>`);
    return { root: disjunction(frame), backreferences: this.#numberedRef > 0 || this.#namedRefs.size > 0, depth: this.#deepest };
  }

  #push(frame: Frame, node: RegexNode): void {
    if (this.tree) frame.items.push(node);
  }

  /** One code point's set, made once (nodes never change, and most of a long pattern is literals): the ASCII ones for the process, the others per parse. */
  #literal(cp: number): RegexNode {
    if (cp < ASCII_LITERALS.length || !this.tree) return ASCII_LITERALS[cp] ?? ASCII_LITERALS[0]!; // no tree: any node
    let node = this.#literals?.get(cp);
    if (node === undefined) (this.#literals ??= new Map()).set(cp, (node = { type: "set", ranges: [cp, cp], atom: undefined }));
    return node;
  }

  #fail(message: string): never {
    throw new RegexSyntaxError(`${message} at ${this.#at}`);
  }

  #peek(offset = 0): string {
    return this.#src.charAt(this.#at + offset);
  }

  #eat(text: string): boolean {
    if (!this.#src.startsWith(text, this.#at)) return false;
    this.#at += text.length;
    return true;
  }

  /** An assertion must not be quantified (u flag: lookarounds neither). */
  #unquantified(assertion: RegexNode): RegexNode {
    if (this.#peek() !== "" && "*+?{".includes(this.#peek())) this.#fail(assertion.type === "look" ? "invalid quantifier" : "nothing to repeat");
    return assertion;
  }

  #assertion(): RegexNode | undefined {
    if (this.#eat("^")) return { type: "assert", kind: "^" };
    if (this.#eat("$")) return { type: "assert", kind: "$" };
    if (this.#eat("\\b")) return { type: "assert", kind: "b" };
    if (this.#eat("\\B")) return { type: "assert", kind: "B" };
    return undefined;
  }

  /** After `(`: a lookaround's kind, or undefined for a group (capturing, named or not). */
  #groupOpening(): Frame["look"] {
    this.#at++;
    for (const [opening, behind, negate] of [["?=", false, false], ["?!", false, true], ["?<=", true, false], ["?<!", true, true]] as const) {
      if (this.#eat(opening)) return { behind, negate };
    }
    if (this.#eat("?")) {
      if (this.#eat("<")) {
        const name = this.#groupName();
        if (this.#names.has(name)) this.#fail(`duplicate capture group name ${name}`);
        this.#names.add(name);
        this.#groups++;
      } else if (!this.#eat(":")) {
        this.#fail("invalid group");
      }
    } else {
      this.#groups++;
    }
    if (this.#groups > MAX_CAPTURES) this.#fail("too many captures");
    return undefined;
  }

  #quantified(body: RegexNode): RegexNode {
    let min: number;
    let max: number;
    if (this.#src.charCodeAt(this.#at) >= 0x80) return body; // no quantifier (as in parse())
    const c = this.#peek();
    if (c === "*" || c === "+" || c === "?") {
      this.#at++;
      [min, max] = c === "*" ? [0, Infinity] : c === "+" ? [1, Infinity] : [0, 1];
    } else if (c === "{") {
      const bounds = this.#braces();
      if (bounds === undefined) this.#fail("incomplete quantifier");
      [min, max] = bounds;
    } else {
      return body;
    }
    this.#eat("?"); // lazy: the same matches for test()
    return { type: "repeat", body, min, max };
  }

  /** `{n}`, `{n,}` or `{n,m}` at the cursor, consumed; undefined (cursor unmoved) when it is none. */
  #braces(): [number, number] | undefined {
    const match = BRACES.exec(this.#src.slice(this.#at, this.#at + 64)) ?? this.#longBraces();
    if (match === null) return undefined;
    const min = Math.min(Number(match[1]), QUANTIFIER_CAP);
    const max = match[2] === undefined ? min : match[3] === "" ? Infinity : Math.min(Number(match[3]), QUANTIFIER_CAP);
    this.#at += match[0].length;
    if (max < min) this.#fail("numbers out of order in {} quantifier");
    return [min, max];
  }

  /** Braces with digits too many for the 64-character window (still linear: digits only). */
  #longBraces(): RegExpExecArray | null {
    LONG_BRACES.lastIndex = this.#at;
    return LONG_BRACES.exec(this.#src);
  }

  #atom(): RegexNode {
    const c = this.#peek();
    switch (c) {
      case ".":
        this.#at++;
        return { type: "set", ranges: DOT, atom: undefined };
      case "[":
        return this.#class();
      case "\\":
        return this.#atomEscape();
      case "*":
      case "+":
      case "?":
        return this.#fail("nothing to repeat");
      case "{":
        return this.#fail(this.#braces() === undefined ? "lone quantifier brackets" : "nothing to repeat");
      case "}":
      case "]":
        return this.#fail("lone quantifier brackets");
    }
    return this.#literalHere();
  }

  /** The code point at the cursor, consumed, as a literal. */
  #literalHere(): RegexNode {
    const cp = this.#src.codePointAt(this.#at)!;
    this.#at += cp > 0xffff ? 2 : 1;
    return this.#literal(cp);
  }

  /** A RegExpIdentifierName and its closing `>`; returns the name with escapes resolved. */
  #groupName(): string {
    let name = "";
    for (;;) {
      if (this.#eat(">")) break;
      if (this.#at >= this.#src.length) this.#fail("invalid capture group name");
      let cp: number;
      if (this.#eat("\\")) {
        if (!this.#eat("u")) this.#fail("invalid capture group name");
        cp = this.#unicodeEscape() ?? this.#fail("invalid capture group name");
      } else {
        cp = this.#src.codePointAt(this.#at)!;
        this.#at += cp > 0xffff ? 2 : 1;
      }
      if (!isIdentifierChar(cp, name === "")) this.#fail("invalid capture group name");
      name += String.fromCodePoint(cp);
    }
    if (name === "") this.#fail("invalid capture group name");
    return name;
  }

  #atomEscape(): RegexNode {
    this.#at++;
    const c = this.#peek();
    if (c === "") this.#fail("\\ at end of pattern");
    if (c >= "1" && c <= "9") {
      const digits = DIGITS.exec(this.#src.slice(this.#at, this.#at + 32))![0];
      while (this.#peek() >= "0" && this.#peek() <= "9") this.#at++;
      this.#numberedRef = Math.max(this.#numberedRef, digits.length > 16 ? Infinity : Number(digits));
      return { type: "backref" };
    }
    if (c === "k") {
      this.#at++;
      if (!this.#eat("<")) this.#fail("invalid named reference");
      this.#namedRefs.add(this.#groupName());
      return { type: "backref" };
    }
    const escape = this.#classEscape() ?? this.#characterEscape();
    if (escape === undefined) this.#fail("invalid escape");
    return escape.ranges === undefined ? this.#literal(escape.cp) : { type: "set", ranges: escape.ranges, atom: escape.property ? this.#src.slice(this.#escapeStart, this.#at) : undefined };
  }

  /** Where the last class escape began (its backslash), for a \p atom's source. */
  #escapeStart = 0;

  /** \d \D \s \S \w \W \p{...} \P{...} after the backslash; undefined (cursor unmoved) for other escapes. */
  #classEscape(): ClassAtom | undefined {
    this.#escapeStart = this.#at - 1;
    const c = this.#peek();
    const set = CLASS_ESCAPES.get(c);
    if (set !== undefined) return this.#at++, { ranges: set, property: false };
    if (c !== "p" && c !== "P") return undefined;
    this.#at++;
    const close = this.#src.indexOf("}", this.#at);
    const body = close < 0 ? "" : this.#src.slice(this.#at + 1, close);
    if (this.#peek() !== "{" || !isPropertyName(body)) this.#fail("invalid property name");
    this.#at = close + 1;
    return { ranges: ANY, property: true };
  }

  /** A CharacterEscape after the backslash (shared by atoms and classes): its code point, or undefined. */
  #characterEscape(): ClassAtom | undefined {
    const c = this.#peek();
    this.#at++;
    if (Object.hasOwn(CONTROL_ESCAPES, c)) return { cp: CONTROL_ESCAPES[c]!, property: false };
    if (c === "c") {
      const letter = this.#peek();
      if (!LETTER.test(letter)) this.#fail("invalid unicode escape");
      this.#at++;
      return { cp: letter.charCodeAt(0) % 32, property: false };
    }
    if (c === "0") {
      if (this.#peek() >= "0" && this.#peek() <= "9") this.#fail("invalid decimal escape");
      return { cp: 0, property: false };
    }
    if (c === "x") {
      const hex = HEX2.exec(this.#src.slice(this.#at, this.#at + 2));
      if (hex === null) this.#fail("invalid escape");
      this.#at += 2;
      return { cp: parseInt(hex[0], 16), property: false };
    }
    if (c === "u") {
      const cp = this.#unicodeEscape();
      if (cp === undefined) this.#fail("invalid unicode escape");
      return { cp, property: false };
    }
    if (c !== "" && (SYNTAX_CHARACTERS.includes(c) || c === "/")) return { cp: c.charCodeAt(0), property: false };
    this.#at--;
    return undefined;
  }

  /** After `\u`: its code point (unicode-escape.ts), the cursor past it; undefined (cursor unmoved) when it is none. */
  #unicodeEscape(): number | undefined {
    const escape = unicodeEscape(this.#src, this.#at);
    if (escape !== undefined) this.#at = escape.end;
    return escape?.cp;
  }

  #class(): RegexNode {
    const start = this.#at;
    this.#at++;
    const negate = this.#eat("^");
    const pairs: number[] = [];
    const escapes = new Set<Ranges>(); // each escape's set once: \S a million times is one set
    let property = false;
    while (!this.#eat("]")) {
      if (this.#at >= this.#src.length) this.#fail("unterminated character class");
      const from = this.#classAtom();
      property ||= from.property;
      if (this.#peek() === "-" && this.#peek(1) !== "]" && this.#peek(1) !== "") {
        this.#at++;
        const to = this.#classAtom();
        property ||= to.property;
        if (from.cp === undefined || to.cp === undefined) this.#fail("invalid character class");
        if (from.cp > to.cp) this.#fail("range out of order in character class");
        if (this.tree) pairs.push(from.cp, to.cp);
      } else if (from.cp === undefined) {
        escapes.add(from.ranges);
      } else if (this.tree) {
        pairs.push(from.cp, from.cp);
      }
    }
    if (!this.tree) return ASCII_LITERALS[0]!; // checked; no set is kept
    for (const ranges of escapes) pairs.push(...ranges);
    if (property) return { type: "set", ranges: ANY, atom: this.#src.slice(start, this.#at) }; // ranges: "any", for the analysis
    const ranges = normalize(pairs);
    return { type: "set", ranges: negate ? complement(ranges) : ranges, atom: undefined };
  }

  #classAtom(): ClassAtom {
    if (!this.#eat("\\")) {
      const cp = this.#src.codePointAt(this.#at)!;
      this.#at += cp > 0xffff ? 2 : 1;
      return { cp, property: false };
    }
    if (this.#eat("b")) return { cp: 0x08, property: false };
    if (this.#eat("-")) return { cp: 0x2d, property: false };
    return this.#classEscape() ?? this.#characterEscape() ?? this.#fail(this.#peek() >= "0" && this.#peek() <= "9" ? "invalid class escape" : "invalid escape");
  }
}

const ASCII_LITERALS: readonly RegexNode[] = Array.from({ length: 0x80 }, (_, cp): RegexNode => ({ type: "set", ranges: [cp, cp], atom: undefined }));
