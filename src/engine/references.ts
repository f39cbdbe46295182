// Where a reference lands: the URI and fragment it names from a base, the pointer that fragment
// names in the resource's document, and the resource a pointer sits in. The registry resolves with
// these, and so does the explainer over its own copy (explain-objects.ts), so that both land in
// one place.
import { fragmentToPointer } from "../json/pointer.js";
import { decodeUnreserved, resolveUri, splitFragment } from "../uri.js";

/**
 * A reference resolved against a base URI, split at its fragment. A fragment-only reference (most
 * of a large schema's) keeps a base that has no fragment as it is: no parsing needed.
 */
export function resolvedParts(base: string, reference: string): [uri: string, fragment: string] {
  if (reference.startsWith("#") && !base.includes("#")) return [base, decodeUnreserved(reference.slice(1))];
  return splitFragment(resolveUri(base, reference));
}

/**
 * Where a reference from the resource at `base` lands, as a pointer into the document of the
 * resource it names (`root`: a resource's root pointer by URI; `anchor`: an anchor's pointer by
 * URI#name): the resource's root, a pointer below it, or an anchor; undefined where nothing is.
 * Every pointer it gives is written as the gate's walk writes it.
 */
export function landingPointer(base: string, reference: string, root: (uri: string) => string | undefined, anchor: (key: string) => string | undefined): string | undefined {
  const [uri, fragment] = resolvedParts(base, reference);
  const top = root(uri);
  if (top === undefined) return undefined;
  if (fragment === "") return top;
  if (!fragment.startsWith("/")) return anchor(uri + "#" + fragment);
  const pointer = fragmentToPointer(fragment);
  if (pointer === undefined) return undefined;
  // A valid pointer is spelt as a walk spells it (fragmentToPointer refuses "~" but in ~0 and ~1),
  // so one place has one pointer and the resource found by its prefix is the one the place sits in.
  return top + pointer;
}

/**
 * The innermost resource whose root's pointer begins `ptr`, among resources by their roots'
 * pointers (the document root's, "", always there).
 */
export function innermostResource<R>(byPointer: ReadonlyMap<string, R>, ptr: string): R {
  if (byPointer.size === 1) return byPointer.get("")!; // one resource: no prefixes to try
  for (let p = ptr; ; p = p.slice(0, p.lastIndexOf("/"))) {
    const resource = byPointer.get(p);
    if (resource !== undefined) return resource;
  }
}
