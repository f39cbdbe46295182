// RFC 3986 reference resolution (§5.2), written out so no platform URL quirks leak in:
// `urn:` and `tag:` bases, relative bases ("" for a document without $id), and fragments.

interface Parts {
  scheme: string | undefined;
  authority: string | undefined;
  path: string;
  query: string | undefined;
  fragment: string | undefined;
}

const URI = /^(?:([^:/?#]+):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s;

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

function removeDotSegments(path: string): string {
  let input = path;
  let output = "";
  const dropLast = () => (output = output.slice(0, Math.max(0, output.lastIndexOf("/"))));
  while (input.length > 0) {
    if (input.startsWith("../")) input = input.slice(3);
    else if (input.startsWith("./")) input = input.slice(2);
    else if (input.startsWith("/./")) input = input.slice(2);
    else if (input === "/.") input = "/";
    else if (input.startsWith("/../")) (input = input.slice(3)), dropLast();
    else if (input === "/..") (input = "/"), dropLast();
    else if (input === "." || input === "..") input = "";
    else {
      const segment = /^\/?[^/]*/.exec(input)![0];
      output += segment;
      input = input.slice(segment.length);
    }
  }
  return output;
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
  const t: Parts = { scheme: undefined, authority: undefined, path: "", query: undefined, fragment: r.fragment };
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

/** Splits "a#b" into ["a", "b"]; the fragment is "" when absent. */
export function splitFragment(uri: string): [string, string] {
  const hash = uri.indexOf("#");
  return hash < 0 ? [uri, ""] : [uri.slice(0, hash), uri.slice(hash + 1)];
}
