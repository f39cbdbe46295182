// The -r documents of `validate` and `check`, and the base the main schema's relative $refs are
// resolved against. The library resolves against "" in a schema without $id, where RFC 3986
// drops a leading "../": "../a.json", "a.json" and "../../a.json" would all name one document.
// So the main schema is given its file's URL as its identifier, and each -r document is found
// by its file's URL: a relative $ref names the file its path names, and no other.
import { realpath, stat } from "node:fs/promises";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { isObject } from "../json/type-of.js";
import { DIALECT_2020_12, dialectNamed, knownDialect } from "../keywords/dialects.js";
import { resolveUri, splitFragment } from "../uri.js";
import { UsageError } from "./args.js";
import { printable } from "./printable.js";
import { expandInstances } from "./instances.js";
import { InputError, isYamlFile, label, MAX_YAML_SIZE, readJson, sizeName, type ReadOptions } from "./read-json.js";

/**
 * The name of a document's identifier keyword: `id` in draft-04, `$id` in every other dialect.
 * Only its own dialect's keyword counts (a plain "id" means nothing in 2020-12). An unknown
 * `$schema` can only be a custom metaschema, written in 2019-09 or 2020-12 (or it is refused).
 */
function identifierOf(document: Record<string, unknown>, dialect: string | undefined): string {
  const declared = document["$schema"];
  if (typeof declared === "string") return knownDialect(declared)?.identifier.name ?? "$id";
  return ((dialect === undefined ? undefined : dialectNamed(dialect)) ?? DIALECT_2020_12).identifier.name;
}

/** The URL of the file at `path`; for standard input ("-"), of the working directory. */
function fileUrl(path: string): string {
  if (path !== "-") return pathToFileURL(resolve(path)).href;
  const cwd = pathToFileURL(process.cwd()).href;
  return cwd.endsWith("/") ? cwd : cwd + "/";
}

/**
 * The main schema with its file's URL as its identifier: a schema without one gets it, a relative
 * one is resolved against it (as RFC 3986 resolves it against the retrieval URI); an absolute one
 * is kept. Other members keep their order (errors are listed in it).
 */
export function withFileBase(schema: unknown, path: string, dialect: string | undefined): unknown {
  if (!isObject(schema)) return schema;
  const name = identifierOf(schema, dialect);
  const id = Object.hasOwn(schema, name) ? schema[name] : "";
  if (typeof id !== "string") return schema; // the metaschema's to refuse
  const base = resolveUri(fileUrl(path), id);
  if (base === id) return schema; // an absolute identifier: no base changes it
  const entries = Object.entries(schema).map(([key, value]): [string, unknown] => [key, key === name ? base : value]);
  // fromEntries defines "__proto__" as a member, as JSON.parse does.
  return Object.fromEntries(Object.hasOwn(schema, name) ? entries : [[name, base], ...entries]);
}

/**
 * The URIs a -r document is found by: its file's URL (also with the characters pathToFileURL
 * encodes written as they are: `my file.json`), and its identifier in its own dialect, resolved
 * against that URL (as a relative $ref of the main schema is).
 */
function keysOf(path: string, document: unknown, dialect: string | undefined): string[] {
  const url = fileUrl(path);
  const keys = [url];
  if (!resolve(path).includes("%")) keys.push(decodeURI(url));
  if (isObject(document)) {
    const id = document[identifierOf(document, dialect)];
    if (typeof id === "string") keys.push(splitFragment(resolveUri(url, id))[0]);
  }
  return [...new Set(keys)];
}

/** The -r files, read. */
export interface RefDocuments {
  /** The `schemas` compile option: each document under every URI it is found by. */
  readonly schemas: Record<string, unknown>;
  /** Each file read, in the order given, with its document and the URIs it is found by. */
  readonly files: readonly { readonly path: string; readonly document: unknown; readonly keys: readonly string[] }[];
}

/**
 * Reads the -r files (at most `limit` bytes each) but the main schema's own (`main`: as
 * `-r 'schemas/*.json'` names it too). Each -r argument is expanded as an instance argument is
 * (a directory is its .json files, a pattern the files it matches). Throws InputError
 * (unreadable, not JSON, a pattern or directory with no file) or UsageError (two files that
 * claim one URI).
 */
export async function refDocuments(refs: readonly string[], limit: number, dialect: string | undefined, main = "-", reading: ReadOptions = {}): Promise<RefDocuments> {
  const schemas: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const files: RefDocuments["files"][number][] = [];
  const owners = new Map<string, string>();
  const read = new Set<string>(main === "-" ? [] : [resolve(main)]);
  // Every document is kept until the compile: one file read once (a link to it shares its
  // document), and the files together bounded as one file is (a folder of links to one 4 MB
  // file exhausted the heap).
  const byFile = new Map<string, unknown>();
  const sums = { json: 0, yaml: 0 };
  for (const ref of await expandedRefs(refs)) {
    if (read.has(resolve(ref))) continue; // the same file named twice
    read.add(resolve(ref));
    const real = await realpath(ref).catch(() => resolve(ref)); // readJson says why it cannot be read
    let document = byFile.get(real);
    if (document === undefined) {
      const yaml = isYamlFile(ref);
      const [bound, option] = yaml ? [Math.min(limit, reading.maxYamlSize ?? MAX_YAML_SIZE), "--max-yaml-size"] : [limit, "--max-file-size"];
      const tooMany = () => new InputError(ref, `${ref}: cannot read: the -r ${yaml ? "YAML " : ""}files together are larger than ${sizeName(bound)} (${option} bounds their sum, as it bounds one file)`);
      const size = ref === "-" ? 0 : await stat(ref).then((stats) => (stats.isFile() ? stats.size : 0), () => 0);
      const kind = yaml ? "yaml" : "json";
      // One file past the bound alone is refused by readJson, as any file is.
      if (size <= bound && (sums[kind] += size) > bound) throw tooMany();
      document = await readJson(ref, limit, reading);
      // Standard input has no size until read: its document's JSON text stands for it.
      if (ref === "-" && (sums[kind] += JSON.stringify(document).length) > bound) throw tooMany();
      byFile.set(real, document);
    }
    const keys = keysOf(ref, document, dialect);
    for (const key of keys) {
      const owner = owners.get(key);
      if (owner !== undefined) throw new UsageError(`-r ${printable(ref)} and -r ${printable(owner)} both name ${printable(key)}`);
      owners.set(key, ref);
      schemas[key] = document;
    }
    files.push({ path: ref, document, keys });
  }
  return { schemas, files };
}

/** The -r arguments as the files they name (expandInstances), each a path its URL can be made from. */
async function expandedRefs(refs: readonly string[]): Promise<string[]> {
  const paths: string[] = [];
  for (const found of await expandInstances(refs, false)) {
    if ("problem" in found) throw found.problem;
    // A name that is not UTF-8 has no file: URL that the $refs of a JSON document could spell.
    if (typeof found.path !== "string") throw new InputError(label(found.path), `${label(found.path)}: a -r file's name must be UTF-8`);
    paths.push(found.path);
  }
  return paths;
}
