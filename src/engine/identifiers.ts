// What a schema object declares as an identifier, read alike by the registry and the gate's walk
// (gate/walk-scope.ts), so that both start each resource at the same place.
import { isReferenceOnly, type Dialect } from "../keywords/dialects.js";
import { resolveUri, splitFragment } from "../uri.js";

/**
 * The identifier a schema object below a resource root declares, resolved against the resource's
 * URI and split at its fragment; undefined for none. Before 2019-09 a $ref is all its schema object
 * is: an identifier beside it names nothing. The gate's walk reads it here too (gate/walk-scope.ts).
 */
export function declaredIdentifier(schema: Record<string, unknown>, dialect: Dialect, base: string): [uri: string, fragment: string] | undefined {
  if (isReferenceOnly(schema, dialect)) return undefined;
  const id = ownString(schema, dialect.identifier.name);
  return id === undefined ? undefined : splitFragment(resolveUri(base, id));
}

/** An own string member, or undefined. */
export function ownString(schema: Record<string, unknown>, name: string): string | undefined {
  const value = Object.hasOwn(schema, name) ? schema[name] : undefined;
  return typeof value === "string" ? value : undefined;
}

/** Whether a declared identifier starts a resource: before 2019-09 `"id": "#a"` names an anchor in the one around it, and from 2019-09 one with a fragment declares nothing. */
export function startsResource(dialect: Dialect, [uri, fragment]: readonly [string, string], base: string): boolean {
  return fragment === "" || (dialect.fragmentIdentifiers && uri !== base);
}

