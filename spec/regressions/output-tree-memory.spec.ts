// Regression: detailed and verbose kept a branch (an object, a Map and an array) per step of every
// unit's keyword location, and each unit kept a copy of the `$ref` frames above it, frames made
// anew for every item. A chain of 1,000 `$ref`s under `items` over 1,000 items (a 30 KB schema
// and 2 KB of data) cost about 450 MB per call and killed a process under a 256 MB heap, for a
// result of 4 MB. The tree keeps chains of steps now, split where units part, and the crossings
// are shared by the units below them.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildSync } from "esbuild";
import { compile } from "../../src/index.js";

const chain = (length: number) => {
  const $defs: Record<string, unknown> = {};
  for (let i = 0; i < length; i++) $defs[`d${i}`] = { $ref: `#/$defs/d${i + 1}` };
  $defs[`d${length}`] = { type: "string" };
  return { items: { $ref: "#/$defs/d0" }, $defs };
};

test("detailed and verbose over a long $ref chain per item fit in a small heap", () => {
  const bundle = join(mkdtempSync(join(tmpdir(), "sg-tree-")), "index.mjs");
  buildSync({ entryPoints: [join(process.cwd(), "src/index.ts")], bundle: true, format: "esm", platform: "node", outfile: bundle, logLevel: "silent" });
  const script = `import { compile } from ${JSON.stringify(bundle)};
    const schema = ${JSON.stringify(chain(1000))};
    const v = compile(schema);
    const data = Array(1000).fill(1);
    const detailed = v.validate(data, { output: "detailed" });
    const verbose = v.validate(data, { output: "verbose" });
    // The root collapses to the node at /items (verbose too: its whole tree would repeat more
    // than the output's bound of location text), and the items' units are below it.
    console.log(JSON.stringify([detailed.valid, detailed.truncated, detailed.keywordLocation, detailed.errors.length, verbose.valid, verbose.truncated, verbose.keywordLocation, verbose.errors.length]));`;
  const run = spawnSync(process.execPath, ["--max-old-space-size=64", "--input-type=module", "-e", script], { encoding: "utf8", timeout: 120_000 });
  const lines = run.stdout.trim().split("\n");
  const seen = JSON.parse(lines[lines.length - 1] || "null") as unknown[] | null;
  assert.ok(seen !== null, run.stderr.slice(0, 300));
  const [detailedValid, detailedCut, detailedAt, detailedItems, verboseValid, verboseCut, verboseAt, verboseItems] = seen!;
  assert.equal([detailedValid, detailedCut, detailedAt, verboseValid, verboseCut, verboseAt], [false, true, "/items", false, true, "/items"]);
  // The items' units, cut by the output's text bound, and the same ones in both.
  assert.ok((detailedItems as number) > 100 && (detailedItems as number) < 1000, String(detailedItems));
  assert.is(verboseItems, detailedItems);
});

test("a chain's nodes: verbose keeps a node per step, detailed collapses them, both locate each step", () => {
  const v = compile(chain(3));
  const verbose = v.validate([1, "a", 2], { output: "verbose" });
  const path = (node: { keywordLocation: string; instanceLocation: string; absoluteKeywordLocation?: string; errors?: unknown[] }): string[] => {
    const steps: string[] = [];
    for (let n = node; n !== undefined; n = n.errors?.[0] as typeof node) steps.push(`${n.keywordLocation} ${n.instanceLocation} ${n.absoluteKeywordLocation ?? ""}`);
    return steps;
  };
  const items = (verbose.errors![0] as { errors: object[] }).errors; // below the root and /items
  assert.is(items.length, 2); // item 0 and item 2; item 1 is valid
  assert.equal(path(items[1] as never), [
    "/items/$ref /2 #/items/$ref",
    "/items/$ref/$ref /2 #/$defs/d0/$ref",
    "/items/$ref/$ref/$ref /2 #/$defs/d1/$ref",
    "/items/$ref/$ref/$ref/$ref /2 #/$defs/d2/$ref",
    "/items/$ref/$ref/$ref/$ref/type /2 #/$defs/d3/type",
  ]);
  const detailed = v.validate([1, "a", 2], { output: "detailed" });
  assert.is(detailed.keywordLocation, "/items"); // the root, with one child, collapses too
  const leaves = detailed.errors as { keywordLocation: string; instanceLocation: string }[];
  assert.equal(
    leaves.map((n) => `${n.keywordLocation} ${n.instanceLocation}`),
    ["/items/$ref/$ref/$ref/$ref/type /0", "/items/$ref/$ref/$ref/$ref/type /2"],
  );
});

test("units that part inside a chain split it where they part", () => {
  // Two units under one chain of in-place steps that part after the second: the shared steps are
  // one node each in verbose, and the node where they part has both below it.
  const schema = { allOf: [{ allOf: [{ allOf: [{ type: "string" }, { minimum: 5 }] }] }] };
  const verbose = compile(schema).validate(1, { output: "verbose", maxErrors: Infinity });
  const locations: string[] = [];
  const walk = (node: { keywordLocation: string; errors?: unknown[] }): void => {
    locations.push(`${node.keywordLocation}:${node.errors?.length ?? "leaf"}`);
    for (const child of node.errors ?? []) walk(child as typeof node);
  };
  walk(verbose as never);
  assert.equal(locations, [":1", "/allOf/0:1", "/allOf/0/allOf/0:2", "/allOf/0/allOf/0/allOf/0:1", "/allOf/0/allOf/0/allOf/0/type:leaf", "/allOf/0/allOf/0/allOf/1:1", "/allOf/0/allOf/0/allOf/1/minimum:leaf"]);
});

test.run();
