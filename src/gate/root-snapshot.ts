// What the gate's walk reads of a custom metaschema (a `schemas` document) to tell a resource's
// dialect: its root's `$schema` and `$vocabulary`, read once per compile from the caller's
// object, before that document's own walk may have run. The registry reads the walked copy
// instead; should a getter have answered the two reads differently, the walk's resources and
// the registry's would differ, so the compile is refused (checkSnapshots).
import { SchemaError } from "../errors.js";
import { equal } from "../json/equal.js";
import { isObject } from "../json/type-of.js";
import type { Walked } from "./walked.js";
import { freshCopy, TAKEN } from "./private-copy.js";

/** Both members the snapshot's own (undefined when not read): one missing would be read from Object.prototype. */
export interface RootSnapshot {
  readonly $schema: unknown;
  readonly $vocabulary: Record<string, unknown> | undefined;
}

/** The root's `$schema` and `$vocabulary` as the walk reads members: own and enumerable, each value read once. */
export function rootSnapshot(document: unknown): RootSnapshot {
  if (!isObject(document)) return { $schema: undefined, $vocabulary: undefined };
  const $schema = Object.prototype.propertyIsEnumerable.call(document, "$schema") ? document["$schema"] : undefined;
  const declared = Object.prototype.propertyIsEnumerable.call(document, "$vocabulary") ? document["$vocabulary"] : undefined;
  // Made with its entries (fromEntries defines them): an assignment would run a setter named by a vocabulary's URI.
  const $vocabulary = isObject(declared) ? Object.fromEntries(Object.keys(declared).map((key) => [key, declared[key]])) : undefined;
  return { $schema, $vocabulary };
}

const same = (a: unknown, b: unknown): boolean => a === b || (a !== undefined && b !== undefined && equal(a, b));

/** Refuses a compile whose walk read a document's root otherwise than its own walk copied it. */
export function checkSnapshots(snapshots: ReadonlyMap<string, RootSnapshot>, documents: ReadonlyMap<string, Walked>): void {
  for (const [uri, snapshot] of snapshots) {
    const walked = documents.get(uri);
    if (walked === undefined) continue;
    const copied = rootSnapshot(walked.copy !== TAKEN ? walked.copy : freshCopy(walked.text));
    if (!same(copied.$schema, snapshot.$schema) || !same(copied.$vocabulary, snapshot.$vocabulary)) {
      throw new SchemaError("not-json", "", `the schemas document "${uri}" read differently twice (a getter or Proxy): its $schema or $vocabulary changed`);
    }
  }
}
