import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { DRAFT_2020_12, METASCHEMAS_2020_12 } from "../src/metaschema/draft2020-12.js";

// The official documents live outside the repository, next to it.
const REFERENCE_DIR = path.resolve(process.cwd(), "../shared/metaschemas/draft2020-12");

interface ReferenceDoc {
  file: string;
  doc: { $id: string } & Record<string, unknown>;
}

/** Every *.json file under REFERENCE_DIR (recursively), parsed. */
function loadReferenceDocs(): ReferenceDoc[] {
  if (!existsSync(REFERENCE_DIR) || !statSync(REFERENCE_DIR).isDirectory()) {
    throw new Error(
      `Reference metaschemas not found at ${REFERENCE_DIR}. ` +
        "Run the specs from the repository root, with the shared metaschemas " +
        "folder at ../shared/metaschemas/draft2020-12.",
    );
  }
  const docs: ReferenceDoc[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
      } else if (entry.name.endsWith(".json")) {
        const file = path.relative(REFERENCE_DIR, full);
        const doc = JSON.parse(readFileSync(full, "utf8")) as ReferenceDoc["doc"];
        if (typeof doc.$id !== "string") throw new Error(`${file} has no string $id`);
        docs.push({ file, doc });
      }
    }
  };
  walk(REFERENCE_DIR);
  return docs;
}

let cached: ReferenceDoc[] | undefined;
const referenceDocs = (): ReferenceDoc[] => (cached ??= loadReferenceDocs());

test("the reference folder holds the 9 official 2020-12 documents", () => {
  const docs = referenceDocs();
  assert.equal(
    docs.map((d) => d.file.split(path.sep).join("/")),
    [
      "meta/applicator.json",
      "meta/content.json",
      "meta/core.json",
      "meta/format-annotation.json",
      "meta/format-assertion.json",
      "meta/meta-data.json",
      "meta/unevaluated.json",
      "meta/validation.json",
      "schema.json",
    ],
  );
  assert.is(new Set(docs.map((d) => d.doc.$id)).size, 9, "reference $ids are distinct");
});

test("METASCHEMAS_2020_12 has exactly 9 entries", () => {
  assert.is(Object.keys(METASCHEMAS_2020_12).length, 9);
});

test("DRAFT_2020_12 names the top-level metaschema", () => {
  assert.is(DRAFT_2020_12, "https://json-schema.org/draft/2020-12/schema");
  assert.ok(DRAFT_2020_12 in METASCHEMAS_2020_12);
});

test("every embedded metaschema deep-equals its official document", () => {
  for (const { file, doc } of referenceDocs()) {
    const embedded = METASCHEMAS_2020_12[doc.$id];
    assert.ok(embedded !== undefined, `no embedded metaschema for ${doc.$id} (${file})`);
    assert.equal(embedded, doc, `${file} (${doc.$id})`);
  }
});

test("embedded metaschemas keep the official key order", () => {
  const keyPaths = (value: unknown, at = ""): string[] => {
    if (value === null || typeof value !== "object") return [];
    return Object.entries(value).flatMap(([k, v]) => [`${at}/${k}`, ...keyPaths(v, `${at}/${k}`)]);
  };
  for (const { file, doc } of referenceDocs()) {
    assert.equal(keyPaths(METASCHEMAS_2020_12[doc.$id]), keyPaths(doc), `key order of ${file}`);
  }
});

test.run();
