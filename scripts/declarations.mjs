// CommonJS declarations: each x.d.ts under a folder also as x.d.cts, its relative `.js` specifiers
// made `.cjs`. package.json's `require` condition points at them, so CommonJS consumers under
// `--module node16`/`nodenext` get CommonJS declarations (TS1479 otherwise). Used by build.mjs and
// spec/typescript-consumers.spec.ts.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const RELATIVE_JS = /((?:from|import)\s*\(?\s*)(["'])(\.{1,2}\/[^"']*?)\.js\2/g;

/** Writes x.d.cts beside every x.d.ts under `dir`. */
export function commonJsDeclarations(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) commonJsDeclarations(path);
    else if (entry.name.endsWith(".d.ts")) {
      writeFileSync(path.slice(0, -".d.ts".length) + ".d.cts", readFileSync(path, "utf8").replace(RELATIVE_JS, "$1$2$3.cjs$2"));
    }
  }
}
