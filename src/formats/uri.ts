// "uri", "uri-reference" (RFC 3986 §3, §4.1) and "iri", "iri-reference" (RFC 3987 §2.2).
// A small hand-written parser over the generic syntax: split off fragment, query, scheme and
// authority, then match each component's character set. No scheme-specific rules, and an
// IPv4-looking host is fine as a reg-name (so "http://999.999.999.999/" is valid).
import { isIpv6 } from "./ip.js";
import { compiledBeforeUse } from "../regex/compiled-now.js";

const UNRESERVED_SUB_DELIMS = "A-Za-z0-9\\-._~!$&'()*+,;=";
// RFC 3987 ucschar: U+00A0 onwards minus surrogates, private use, specials and U+xFFFE/U+xFFFF.
export const UCSCHAR =
  "\\u00a0-\\ud7ff\\uf900-\\ufdcf\\ufdf0-\\uffef" +
  Array.from({ length: 13 }, (_, i) => `\\u{${(i + 1).toString(16)}0000}-\\u{${(i + 1).toString(16)}fffd}`).join("") +
  "\\u{e1000}-\\u{efffd}";
export const IPRIVATE = "\\ue000-\\uf8ff\\u{f0000}-\\u{ffffd}\\u{100000}-\\u{10fffd}";

/**
 * A test of characters from `set` and percent-encodings. Written as one class and a search for a
 * bad "%", not as `^(?:[set]|%XX)*$`: V8 keeps a backtrack entry per repetition of a group, and
 * its stack overflows (RangeError) past some eight million repetitions.
 */
export function charsAndEscapes(set: string): { test(value: string): boolean } {
  const chars = compiledBeforeUse(new RegExp(`^[${set}%]*$`, "u"));
  return { test: (value) => chars.test(value) && !BAD_ESCAPE.test(value) };
}

/** A "%" not followed by two hex digits. */
export const BAD_ESCAPE = compiledBeforeUse(/%(?![0-9A-Fa-f]{2})/);

/** A component made of (i)unreserved, sub-delims, pct-encoded and the given extra characters. */
function component(extra: string, iri: boolean, privateUse = false): { test(value: string): boolean } {
  return charsAndEscapes(UNRESERVED_SUB_DELIMS + extra + (iri ? UCSCHAR : "") + (privateUse ? IPRIVATE : ""));
}

type Test = { test(value: string): boolean };

interface Grammar {
  userinfo: Test;
  regName: Test;
  path: Test;
  query: Test;
  fragment: Test;
}

const grammar = (iri: boolean): Grammar => ({
  userinfo: component(":", iri),
  regName: component("", iri),
  path: component(":@/", iri),
  query: component(":@/?", iri, iri), // private-use characters are allowed only in iquery
  fragment: component(":@/?", iri),
});
const URI_GRAMMAR = grammar(false);
const IRI_GRAMMAR = grammar(true);

const SCHEME = compiledBeforeUse(/^[A-Za-z][A-Za-z0-9+.-]*:/);
const PORT = compiledBeforeUse(/^[0-9]*$/);
const IP_FUTURE = compiledBeforeUse(/^v[0-9a-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+$/i);

/** authority = [ userinfo "@" ] host [ ":" port ] (RFC 3986 §3.2). */
function isAuthority(authority: string, g: Grammar): boolean {
  const at = authority.indexOf("@");
  if (at >= 0 && !g.userinfo.test(authority.slice(0, at))) return false;
  const hostPort = authority.slice(at + 1); // a second "@" then fails the host
  if (hostPort.startsWith("[")) {
    const close = hostPort.indexOf("]");
    if (close < 0) return false;
    const literal = hostPort.slice(1, close);
    const rest = hostPort.slice(close + 1);
    if (!isIpv6(literal) && !IP_FUTURE.test(literal)) return false;
    return rest === "" || (rest.startsWith(":") && PORT.test(rest.slice(1)));
  }
  const colon = hostPort.indexOf(":");
  if (colon < 0) return g.regName.test(hostPort);
  return g.regName.test(hostPort.slice(0, colon)) && PORT.test(hostPort.slice(colon + 1));
}

function isReference(value: string, g: Grammar, requireScheme: boolean): boolean {
  let rest = value;
  const hash = rest.indexOf("#");
  if (hash >= 0) {
    if (!g.fragment.test(rest.slice(hash + 1))) return false;
    rest = rest.slice(0, hash);
  }
  const question = rest.indexOf("?");
  if (question >= 0) {
    if (!g.query.test(rest.slice(question + 1))) return false;
    rest = rest.slice(0, question);
  }
  const scheme = SCHEME.exec(rest);
  if (scheme !== null) rest = rest.slice(scheme[0].length);
  else if (requireScheme) return false;
  if (rest.startsWith("//")) {
    const slash = rest.indexOf("/", 2);
    if (!isAuthority(slash < 0 ? rest.slice(2) : rest.slice(2, slash), g)) return false;
    rest = slash < 0 ? "" : rest.slice(slash);
  } else if (scheme === null) {
    // path-noscheme: a relative path's first segment must not look like a scheme (§4.2).
    const slash = rest.indexOf("/");
    if ((slash < 0 ? rest : rest.slice(0, slash)).includes(":")) return false;
  }
  return g.path.test(rest);
}

export const isUri = (value: string): boolean => isReference(value, URI_GRAMMAR, true);
export const isUriReference = (value: string): boolean => isReference(value, URI_GRAMMAR, false);
// RFC 3987 §4.1: an IRI MUST NOT contain the bidirectional formatting characters (LRM, RLM, LRE,
// RLE, LRO, RLO, PDF), though ucschar holds them: U+202E shows "invoice\u202Efdp.exe" as
// "invoiceexe.pdf".
const BIDI_FORMATTING = compiledBeforeUse(/[\u200e\u200f\u202a-\u202e]/);
export const isIri = (value: string): boolean => isReference(value, IRI_GRAMMAR, true) && !BIDI_FORMATTING.test(value);
export const isIriReference = (value: string): boolean => isReference(value, IRI_GRAMMAR, false) && !BIDI_FORMATTING.test(value);
