// RFC 3986 reference resolution (§5.2), written out so no platform URL quirks leak in:
// `urn:` and `tag:` bases, relative bases ("" for a document without $id), and fragments.
import { compiledBeforeUse } from "./regex/compiled-now.js";

const PERCENT_ESCAPE = compiledBeforeUse(/%([0-9A-Fa-f]{2})/g);

interface Parts {
  scheme: string | undefined;
  authority: string | undefined;
  path: string;
  query: string | undefined;
  fragment: string | undefined;
}

const URI = compiledBeforeUse(/^(?:([^:/?#]+):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s);

function parse(uri: string): Parts {
  const m = URI.exec(uri)!;
  return { scheme: m[1], authority: m[2], path: m[3]!, query: m[4], fragment: m[5] };
}

function format(p: Parts): string {
  let out = "";
  if (p.scheme !== undefined) out += p.scheme + ":";
  if (p.authority !== undefined) out += "//" + p.authority;
  out += p.path;
  if (p.query !== undefined) out += "?" + p.query;
  if (p.fragment !== undefined) out += "#" + p.fragment;
  return out;
}

/**
 * RFC 3986 §5.2.4, reading the path once. The output's segments are kept in an array: every one
 * but the first starts with "/" and holds no other, so "remove the last segment and its preceding
 * /" is dropping the last entry. (Searching the output text for its last "/" at each "/.." made a
 * long hostile `$id` quadratic.) The input buffer is path.slice(at).
 */
function removeDotSegments(path: string): string {
  // A dot segment is the first segment or follows a "/": most paths have none, and are kept.
  if (path.charCodeAt(0) !== 46 && !path.includes("/.")) return path;
  const output: string[] = [];
  const end = path.length;
  let at = 0;
  while (at < end) {
    const rest = end - at;
    if (path.startsWith("../", at)) at += 3;
    else if (path.startsWith("./", at)) at += 2;
    else if (path.startsWith("/./", at)) at += 2;
    else if (path.startsWith("/../", at)) {
      at += 3;
      output.pop();
    } else if (rest === 2 && path.startsWith("/.", at)) {
      output.push("/"); // the buffer becomes "/", which is then moved to the output
      at = end;
    } else if (rest === 3 && path.startsWith("/..", at)) {
      output.pop();
      output.push("/");
      at = end;
    } else if ((rest === 1 && path[at] === ".") || (rest === 2 && path.startsWith("..", at))) at = end;
    else {
      const slash = path.indexOf("/", path[at] === "/" ? at + 1 : at);
      const stop = slash < 0 ? end : slash;
      output.push(path.slice(at, stop));
      at = stop;
    }
  }
  return output.join("");
}

function merge(base: Parts, path: string): string {
  if (base.authority !== undefined && base.path === "") return "/" + path;
  const slash = base.path.lastIndexOf("/");
  return slash < 0 ? path : base.path.slice(0, slash + 1) + path;
}

/** Resolves `reference` against `base` (RFC 3986 §5.2.2). */
export function resolveUri(base: string, reference: string): string {
  const r = parse(reference);
  const b = parse(base);
  const t: Parts = { scheme: undefined, authority: undefined, path: "", query: undefined, fragment: r.fragment === undefined ? undefined : decodeUnreserved(r.fragment) };
  if (r.scheme !== undefined) {
    t.scheme = r.scheme;
    t.authority = r.authority;
    t.path = removeDotSegments(r.path);
    t.query = r.query;
  } else {
    t.scheme = b.scheme;
    if (r.authority !== undefined) {
      t.authority = r.authority;
      t.path = removeDotSegments(r.path);
      t.query = r.query;
    } else {
      t.authority = b.authority;
      if (r.path === "") {
        t.path = b.path;
        t.query = r.query ?? b.query;
      } else {
        t.path = removeDotSegments(r.path.startsWith("/") ? r.path : merge(b, r.path));
        t.query = r.query;
      }
    }
  }
  return format(t);
}

/**
 * A document's URI as references reach it: resolved as they are (dot segments go), and without an
 * empty fragment. Spellings that differ only there (`u`, `u#`, `a/../u`) name one resource.
 */
export function resourceUri(reference: string): string {
  const resolved = resolveUri("", reference);
  const [uri, fragment] = splitFragment(resolved);
  return fragment === "" ? uri : resolved;
}

/**
 * RFC 3986 §6.2.2.2: a percent-encoded unreserved character is that character, so `#%6E` names
 * the anchor `n`. Other escapes stay as written (a pointer fragment decodes them itself); what is
 * decoded is never "%", so nothing is decoded twice.
 */
export function decodeUnreserved(text: string): string {
  if (!text.includes("%")) return text;
  return text.replace(PERCENT_ESCAPE, (escape, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : escape;
  });
}

const UNRESERVED = compiledBeforeUse(/^[A-Za-z0-9\-._~]$/);

/** Splits "a#b" into ["a", "b"]; the fragment is "" when absent. */
export function splitFragment(uri: string): [string, string] {
  const hash = uri.indexOf("#");
  return hash < 0 ? [uri, ""] : [uri.slice(0, hash), uri.slice(hash + 1)];
}
