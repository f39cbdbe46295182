// The resource a schema object is read in, as the gate's walk meets it: its dialect (which says
// where subschemas and references are) and its base URI (which references resolve against). Both
// change exactly where the registry starts a resource (engine/identifiers.ts declaredIdentifier, read by engine/registry.ts), so
// the walk, the registry, the metaschema check and the compiler read each schema object alike.
import { declaredIdentifier, startsResource } from "../engine/identifiers.js";
import { resolveUri, splitFragment } from "../uri.js";
import { tablesOf, type DialectInUse, type Tables } from "./walk-tables.js";

/** Finds the dialect a `$schema` names (a custom metaschema: the dialect it builds on, with its vocabularies); undefined: keep the current one. */
export type DialectLookup = (uri: string) => DialectInUse | undefined;

export interface Scope {
  readonly use: DialectInUse;
  /** What the walk reads of the dialect (tablesOf(use)). */
  readonly tables: Tables;
  readonly base: string;
}

export function scopeOf(use: DialectInUse, base: string): Scope {
  return { use, tables: tablesOf(use), base };
}

const STARTS = new WeakMap<DialectInUse, Scope>();

/** The scope a walk starts in (made once per dialect in use: most walks are cache hits, and allocate little). */
export function startScope(use: DialectInUse): Scope {
  let scope = STARTS.get(use);
  if (scope === undefined) STARTS.set(use, (scope = scopeOf(use, "")));
  return scope;
}

/**
 * The scope of a schema object. The document root's `$schema` names its dialect, whose identifier
 * gives its URI (registry addDocument). Below it, an identifier of the dialect around makes a
 * resource root (draft-04's `id` or a later `$id`, whatever dialect the resource is then written
 * in), and there `$schema` names the resource's dialect where the dialect around allows it (2019-09
 * on). Otherwise: the scope around it.
 */
export function scopeHere(value: Record<string, unknown>, around: Scope, root: boolean, lookup: DialectLookup): Scope {
  if (root) {
    const use = dialectNamed(value, lookup) ?? around.use;
    const name = use.dialect.identifier.name;
    const id = Object.hasOwn(value, name) ? value[name] : undefined;
    return scopeOf(use, typeof id === "string" ? splitFragment(resolveUri(around.base, id))[0] : around.base);
  }
  const dialect = around.use.dialect;
  const declared = declaredIdentifier(value, dialect, around.base);
  if (declared === undefined || !startsResource(dialect, declared, around.base)) return around;
  return scopeOf((dialect.embeddedDialects ? dialectNamed(value, lookup) : undefined) ?? around.use, declared[0]);
}

function dialectNamed(value: Record<string, unknown>, lookup: DialectLookup): DialectInUse | undefined {
  const uri = Object.hasOwn(value, "$schema") ? value["$schema"] : undefined;
  return typeof uri === "string" ? lookup(uri) : undefined;
}
