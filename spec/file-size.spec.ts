// Issue 18: no TypeScript file under src/ over 400 lines (embedded metaschemas and data tables
// included), so each stays one idea a reader can hold.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const LIMIT = 400;

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? tsFiles(path) : entry.name.endsWith(".ts") ? [path] : [];
  });
}

test(`every .ts file under src has at most ${LIMIT} lines`, () => {
  const files = tsFiles(join(process.cwd(), "src"));
  assert.ok(files.length > 100, `${files.length} files`);
  const over = files.map((file) => [file, readFileSync(file, "utf8").split("\n").length - 1] as const).filter(([, lines]) => lines > LIMIT);
  assert.equal(over.map(([file, lines]) => `${file.slice(process.cwd().length + 1)}: ${lines} lines`), []);
});

test.run();
