// The instance arguments of `validate` and `test`, expanded by the command line itself (the same
// on every shell, and on Windows): a directory is every .json file in it (with -R, in its
// subdirectories too), and a pattern with *, ? or ** is the files it matches. Either is sorted,
// and holds only regular files (symbolic links to them included); names starting with "." are
// left out unless the pattern spells the dot. A name that exists as written is a file, whatever
// its characters. A pattern or a directory that yields no file is a problem (exit status 2), and
// so is a directory on the way that cannot be read.
// Only an argument that is "-" itself is standard input.
import type { Dirent } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { printable } from "./printable.js";
import { InputError, unreadable } from "./read-json.js";

/** A file to read, or why an argument gave none. */
export type Instance = { readonly path: string } | { readonly problem: InputError };

const GLOB = /[*?]/;

/** What one argument yields: its files and its unreadable directories, each under its path (they are sorted together). */
interface Found {
  readonly files: string[];
  readonly problems: Map<string, InputError>;
}

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
    const found: Found = { files: [], problems: new Map() };
    if (kind === "directory") await inDirectory(arg, recursive, found);
    else await matching(arg, found);
    if (found.files.length === 0 && found.problems.size === 0) {
      const why = kind === "directory" ? `no .json file in the directory${recursive ? " or below it" : " (-R reads its subdirectories too)"}` : "no file matches the pattern";
      instances.push({ problem: new InputError(arg, `${printable(arg)}: ${why}`) });
    }
    // Only a literal "-" argument is standard input: a file of that name found here is "./-".
    const listed: { at: string; instance: Instance }[] = found.files.map((path) => ({ at: path, instance: { path: path === "-" ? "./-" : path } }));
    for (const [at, problem] of found.problems) listed.push({ at, instance: { problem } });
    for (const { instance } of listed.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))) instances.push(instance);
  }
  return instances;
}

/**
 * The entries of `dir` not starting with "." (unless `dots`). A directory that cannot be listed
 * is a problem in `found`; one that has gone (or is no directory) since it was seen has none.
 */
async function entries(dir: string, found: Found, dots = false): Promise<Dirent[]> {
  try {
    const all = await readdir(dir === "" ? "." : dir, { withFileTypes: true });
    return all.filter((e) => dots || !e.name.startsWith("."));
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code !== "ENOENT" && code !== "ENOTDIR") {
      const name = dir === "" ? "." : dir;
      found.problems.set(name, new InputError(name, `${printable(name)}: cannot read: ${printable(unreadable(error))}`));
    }
    return [];
  }
}

/** A regular file, or a symbolic link to one. */
async function isRegular(path: string, entry: Dirent): Promise<boolean> {
  if (entry.isFile()) return true;
  return entry.isSymbolicLink() && (await stat(path).then((s) => s.isFile(), () => false));
}

/** The .json files of `dir`, and with `recursive` of its subdirectories (not through symbolic links). */
async function inDirectory(dir: string, recursive: boolean, found: Found): Promise<void> {
  for (const entry of await entries(dir, found)) {
    const path = join(dir, entry.name);
    if (recursive && entry.isDirectory()) await inDirectory(path, true, found);
    else if (entry.name.endsWith(".json") && (await isRegular(path, entry))) found.files.push(path);
  }
}

/**
 * Whether `name` matches the pattern segment (* any characters, ? one), both as code points:
 * the two-pointer match, which returns to the last * only, in at most length × length steps
 * (a RegExp backtracks through every * at once: "*a*a*a*a*b" against a long name of a's).
 */
export function matchesSegment(segment: readonly string[], name: readonly string[]): boolean {
  let p = 0;
  let n = 0;
  let star = -1; // the last * met, and the name's position it now stands for the text up to
  let resume = 0;
  while (n < name.length) {
    if (p < segment.length && segment[p] !== "*" && (segment[p] === "?" || segment[p] === name[n])) {
      p++;
      n++;
    } else if (p < segment.length && segment[p] === "*") {
      star = p++;
      resume = n;
    } else if (star >= 0) {
      p = star + 1;
      n = ++resume;
    } else return false;
  }
  while (segment[p] === "*") p++;
  return p === segment.length;
}

/** The regular files that `pattern` matches: * and ? within a segment, ** any number of directories. */
async function matching(pattern: string, found: Found): Promise<void> {
  // "**/**" matches what "**" does: one is kept, as every one would walk the tree again.
  const segments = pattern.split("/").filter((s, i, all) => s !== "**" || all[i - 1] !== "**");
  if (segments[segments.length - 1] === "**") segments.push("*");
  const points = segments.map((s) => [...s]);
  // The folder the pattern starts from: its segments before the first one with a wildcard.
  const first = segments.findIndex((s) => GLOB.test(s));
  const base = segments.slice(0, first).join("/") || (pattern.startsWith("/") ? "/" : "");
  const files = new Set<string>();
  // Each folder is walked once for each segment: linear in the tree, whatever the pattern.
  const walked = new Set<string>();
  const walk = async (dir: string, i: number): Promise<void> => {
    const key = `${i}/${dir}`;
    if (walked.has(key)) return;
    walked.add(key);
    const segment = segments[i]!;
    const last = i === segments.length - 1;
    if (segment === "**") {
      await walk(dir, i + 1);
      for (const entry of await entries(dir, found)) if (entry.isDirectory()) await walk(join(dir, entry.name), i);
      return;
    }
    for (const entry of await entries(dir, found, segment.startsWith("."))) {
      if (!matchesSegment(points[i]!, [...entry.name])) continue;
      const path = dir === "" ? entry.name : join(dir, entry.name);
      if (last ? await isRegular(path, entry) : entry.isDirectory()) {
        if (last) files.add(path);
        else await walk(path, i + 1);
      }
    }
  };
  await walk(base, first);
  found.files.push(...files);
}
