// The names a pattern may spell: group names (RegExpIdentifierName) and \p{…} properties,
// checked with V8's own tables through tiny fixed RegExps, never one built from the whole pattern.

import { RegExpWhenUsed } from "./when-used.js";
import { detached } from "../json/detached.js";
import { compiledBeforeUse, madeBeforeUse } from "./compiled-now.js";
import { throwIfOutOfStack } from "./out-of-stack.js";

const PROPERTY_BODY = compiledBeforeUse(/^[A-Za-z0-9_]+(=[A-Za-z0-9_]+)?$/);

const ID_START = new RegExpWhenUsed(String.raw`^[\p{ID_Start}$_]$`, "u");
const ID_CONTINUE = new RegExpWhenUsed(String.raw`^[\p{ID_Continue}$\u200C\u200D]$`, "u");
madeBeforeUse(() => ID_START.made());
madeBeforeUse(() => ID_CONTINUE.made());

/** Whether `cp` may start (`first`) or continue a group name. */
export function isIdentifierChar(cp: number, first: boolean): boolean {
  return (first ? ID_START : ID_CONTINUE).test(String.fromCodePoint(cp));
}

/** Known property names and values, checked once each by V8 (a bounded table). */
const PROPERTY_NAMES = new Map<string, boolean>();
const PROPERTY_NAMES_SIZE = 512;

/** Whether `\p{body}` names a property V8 knows (`L`, `Script=Greek`, …). */
export function isPropertyName(body: string): boolean {
  if (body.length > 80 || !PROPERTY_BODY.test(body)) return false;
  let known = PROPERTY_NAMES.get(body);
  if (known === undefined) {
    try {
      new RegExp(`\\p{${body}}`, "u");
      known = true;
    } catch (error) {
      // Kept, a stack overflow would refuse the name in every later pattern of the process.
      throwIfOutOfStack(error);
      if (!(error instanceof SyntaxError)) throw error;
      known = false;
    }
    if (PROPERTY_NAMES.size >= PROPERTY_NAMES_SIZE) PROPERTY_NAMES.clear();
    // A copy: `body` is cut from the pattern, which may be a megabyte of the caller's data (format "regex").
    PROPERTY_NAMES.set(detached(body), known);
  }
  return known;
}
