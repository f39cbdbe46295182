// The instance arguments of `validate` and `test`, expanded by the command line itself (the same
// on every shell, and on Windows): a directory is every .json file in it (with -R, in its
// subdirectories too), and a pattern with *, ? or ** is the files it matches. Either is sorted,
// and holds only regular files (symbolic links to them included); names starting with "." are
// left out unless the pattern spells the dot. A name that exists as written is a file, whatever
// its characters. A pattern or a directory that yields no file is a problem (exit status 2), and
// so is a directory on the way that cannot be read.
// Only an argument that is "-" itself is standard input. Directories are listed as bytes: a name
// that is not UTF-8 ("caf\xE9.json", from a Latin-1 system) is read by its bytes, and printed
// with the bad bytes written "\xE9" (Node's string paths would name another file, or none).
import type { Dirent } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join, sep } from "node:path";
import { InputError, label, unreadable, type FsPath } from "./read-json.js";

/** A file to read, or why an argument gave none. */
export type Instance = { readonly path: FsPath } | { readonly problem: InputError };

/** An entry of a directory: its name as text to match (U+FFFD for bytes that are not UTF-8), and its path. */
interface Entry {
  readonly name: string;
  readonly path: FsPath;
  readonly dirent: Dirent<Buffer>;
}

const LOSSY = new TextDecoder("utf-8", { ignoreBOM: true });
const STRICT = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
/** Bytes read as Latin-1 are one character each, so path.join (which acts on "/" and "." only) keeps them as they are. */
const asLatin1 = (path: FsPath): string => (typeof path === "string" ? Buffer.from(path) : path).toString("latin1");

/**
 * `name` in the folder `dir` as the kernel listed it: path.join removes "link/.." as text, which
 * names another folder than the one listed when `link` is a symbolic link (its target's parent),
 * so another file of the same name was read; with a ".." in it, `dir` is kept as written.
 */
function inFolder(dir: string, name: string): string {
  if (!/(^|[\\/])\.\.([\\/]|$)/.test(dir)) return join(dir, name);
  return /[\\/]$/.test(dir) ? dir + name : dir + sep + name;
}

/**
 * A directory entry with its path in `dir` (`dir` "" for the current folder): a string while
 * every name on the way is UTF-8, the bytes once one is not.
 */
function entryOf(dir: FsPath, dirent: Dirent<Buffer>): Entry {
  const bytes = dirent.name;
  let text: string | undefined;
  try {
    text = STRICT.decode(bytes);
  } catch {
    text = undefined;
  }
  if (typeof dir === "string" && text !== undefined) return { name: text, path: dir === "" ? text : inFolder(dir, text), dirent };
  const path = dir === "" ? bytes : Buffer.from(inFolder(asLatin1(dir), asLatin1(bytes)), "latin1");
  return { name: text ?? LOSSY.decode(bytes), path, dirent };
}
/** How a path is named in messages and sorted: as it is, or with "\xE9" for the bytes that are not UTF-8. */
const shown = (path: FsPath): string => (typeof path === "string" ? path : label(path));
/** A key for a path in a Set: a Buffer's starts with NUL, which no string path holds. */
const keyOf = (path: FsPath): string => (typeof path === "string" ? path : `\0${asLatin1(path)}`);

const GLOB = /[*?]/;

/** What one argument yields: its files and its unreadable directories, each under its path (they are sorted together). */
interface Found {
  readonly files: FsPath[];
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
      instances.push({ problem: new InputError(arg, `${arg}: ${why}`) });
    }
    // Only a literal "-" argument is standard input: a file of that name found here is "./-".
    const listed: { at: string; instance: Instance }[] = found.files.map((path) => ({ at: shown(path), instance: { path: path === "-" ? "./-" : path } }));
    for (const [at, problem] of found.problems) listed.push({ at, instance: { problem } });
    for (const { instance } of listed.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))) instances.push(instance);
  }
  return instances;
}

/**
 * The entries of `dir` not starting with "." (unless `dots`). A directory that cannot be listed
 * is a problem in `found`; one that has gone (or is no directory) since it was seen has none.
 */
async function entries(dir: FsPath, found: Found, dots = false): Promise<Entry[]> {
  try {
    const all = await readdir(dir === "" ? "." : dir, { withFileTypes: true, encoding: "buffer" });
    return all.filter((e) => dots || e.name[0] !== 0x2e).map((dirent) => entryOf(dir, dirent));
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code !== "ENOENT" && code !== "ENOTDIR") {
      const name = dir === "" ? "." : shown(dir);
      found.problems.set(name, new InputError(name, `${name}: cannot read: ${unreadable(error)}`));
    }
    return [];
  }
}

/** A regular file, or a symbolic link to one. */
async function isRegular({ path, dirent }: Entry): Promise<boolean> {
  if (dirent.isFile()) return true;
  return dirent.isSymbolicLink() && (await stat(path).then((s) => s.isFile(), () => false));
}

async function isFolder({ path, dirent }: Entry): Promise<boolean> {
  if (dirent.isDirectory()) return true;
  return dirent.isSymbolicLink() && (await stat(path).then((s) => s.isDirectory(), () => false));
}

/** The .json files of `dir`, and with `recursive` of its subdirectories (not through symbolic links). */
async function inDirectory(dir: FsPath, recursive: boolean, found: Found): Promise<void> {
  for (const entry of await entries(dir, found)) {
    if (recursive && entry.dirent.isDirectory()) await inDirectory(entry.path, true, found);
    else if (entry.name.endsWith(".json") && (await isRegular(entry))) found.files.push(entry.path);
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
  const files = new Map<string, FsPath>();
  // Each folder is walked once for each segment: linear in the tree, whatever the pattern.
  const walked = new Set<string>();
  const walk = async (dir: FsPath, i: number): Promise<void> => {
    const key = `${i}/${keyOf(dir)}`;
    if (walked.has(key)) return;
    walked.add(key);
    const segment = segments[i]!;
    const last = i === segments.length - 1;
    if (segment === "") {
      // "a//b", as a shell reads it: the same folder.
      if (!last) await walk(dir, i + 1);
      return;
    }
    if (segment === "." || segment === "..") {
      // No listing holds them: the folder itself or its parent, as written (inFolder).
      const next = dir === "" ? segment : typeof dir === "string" ? `${dir}${sep}${segment}` : Buffer.concat([dir, Buffer.from(sep + segment)]);
      if (!last) await walk(next, i + 1);
      return;
    }
    if (segment === "**") {
      await walk(dir, i + 1);
      for (const entry of await entries(dir, found)) if (entry.dirent.isDirectory()) await walk(entry.path, i);
      return;
    }
    for (const entry of await entries(dir, found, segment.startsWith("."))) {
      if (!matchesSegment(points[i]!, [...entry.name])) continue;
      // A folder a link names is entered, as a shell does for `*` (one segment: no loop); `**` enters none.
      if (last ? await isRegular(entry) : await isFolder(entry)) {
        if (last) files.set(keyOf(entry.path), entry.path);
        else await walk(entry.path, i + 1);
      }
    }
  };
  await walk(base, first);
  found.files.push(...files.values());
}
