// The instance arguments of `validate` and `test`, expanded by the command line itself (the same
// on every shell, and on Windows): a directory is every .json file in it (with -R, in its
// subdirectories too), and a pattern with *, ? or ** is the files it matches. Either is sorted,
// and holds only regular files (symbolic links to them included); names starting with "." are
// left out unless the pattern spells the dot. A name that exists as written is a file, whatever
// its characters. A pattern or a directory that yields no file is a problem (exit status 2).
// Only an argument that is "-" itself is standard input.
import type { Dirent } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { printable } from "./printable.js";
import { InputError } from "./read-json.js";

/** A file to read, or why an argument gave none. */
export type Instance = { readonly path: string } | { readonly problem: InputError };

const GLOB = /[*?]/;

/** Each argument as the files it names, in order; "-" (standard input) stays as it is. */
export async function expandInstances(args: readonly string[], recursive: boolean): Promise<Instance[]> {
  const instances: Instance[] = [];
  for (const arg of args) {
    if (arg === "-") {
      instances.push({ path: arg });
      continue;
    }
    const kind = await stat(arg).then(
      (stats) => (stats.isDirectory() ? "directory" : "file"),
      () => (GLOB.test(arg) ? "pattern" : "file"),
    );
    if (kind === "file") {
      instances.push({ path: arg });
      continue;
    }
    const found = kind === "directory" ? await inDirectory(arg, recursive) : await matching(arg);
    if (found.length === 0) {
      const why = kind === "directory" ? `no .json file in the directory${recursive ? " or below it" : " (-R reads its subdirectories too)"}` : "no file matches the pattern";
      instances.push({ problem: new InputError(arg, `${printable(arg)}: ${why}`) });
    }
    // Only a literal "-" argument is standard input: a file of that name found here is "./-".
    for (const path of found.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) instances.push({ path: path === "-" ? "./-" : path });
  }
  return instances;
}

/** The entries of `dir` not starting with "." (unless `dots`); none when it cannot be read. */
async function entries(dir: string, dots = false): Promise<Dirent[]> {
  const all = await readdir(dir === "" ? "." : dir, { withFileTypes: true }).catch(() => []);
  return all.filter((e) => dots || !e.name.startsWith("."));
}

/** A regular file, or a symbolic link to one. */
async function isRegular(path: string, entry: Dirent): Promise<boolean> {
  if (entry.isFile()) return true;
  return entry.isSymbolicLink() && (await stat(path).then((s) => s.isFile(), () => false));
}

/** The .json files of `dir`, and with `recursive` of its subdirectories (not through symbolic links). */
async function inDirectory(dir: string, recursive: boolean): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await entries(dir)) {
    const path = join(dir, entry.name);
    if (recursive && entry.isDirectory()) found.push(...(await inDirectory(path, true)));
    else if (entry.name.endsWith(".json") && (await isRegular(path, entry))) found.push(path);
  }
  return found;
}

/** One path segment of a pattern as a regular expression: * any characters, ? one. */
function segmentRegex(segment: string): RegExp {
  const body = [...segment].map((c) => (c === "*" ? "[^/]*" : c === "?" ? "[^/]" : c.replace(/[\\^$.|+()[\]{}]/g, "\\$&"))).join("");
  return new RegExp(`^${body}$`, "u");
}

/** The regular files that `pattern` matches: * and ? within a segment, ** any number of directories. */
async function matching(pattern: string): Promise<string[]> {
  const segments = pattern.split("/");
  if (segments[segments.length - 1] === "**") segments.push("*");
  // The folder the pattern starts from: its segments before the first one with a wildcard.
  const first = segments.findIndex((s) => GLOB.test(s));
  const base = segments.slice(0, first).join("/") || (pattern.startsWith("/") ? "/" : "");
  const found = new Set<string>();
  const walk = async (dir: string, i: number): Promise<void> => {
    const segment = segments[i]!;
    const last = i === segments.length - 1;
    if (segment === "**") {
      await walk(dir, i + 1);
      for (const entry of await entries(dir)) if (entry.isDirectory()) await walk(join(dir, entry.name), i);
      return;
    }
    const regex = segmentRegex(segment);
    for (const entry of await entries(dir, segment.startsWith("."))) {
      if (!regex.test(entry.name)) continue;
      const path = dir === "" ? entry.name : join(dir, entry.name);
      if (last ? await isRegular(path, entry) : entry.isDirectory()) {
        if (last) found.add(path);
        else await walk(path, i + 1);
      }
    }
  };
  await walk(base, first);
  return [...found];
}
