// The package version, read at run time from the package.json next to dist/ (so an installed
// package reports its own version; nothing is baked in at build time).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The "version" of the nearest schemagate package.json above this file, or "unknown". */
export function packageVersion(from: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(from));
  for (let up = 0; up < 4; up++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: unknown; version?: unknown };
      if (pkg.name === "schemagate" && typeof pkg.version === "string") return pkg.version;
    } catch {
      // no package.json here (or not readable): look one level up
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return "unknown";
}
