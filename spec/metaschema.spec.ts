import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { DRAFT_04, metaschemasDraft04 } from "../src/metaschema/draft04.js";
import { DRAFT_06, metaschemasDraft06 } from "../src/metaschema/draft06.js";
import { DRAFT_07, metaschemasDraft07 } from "../src/metaschema/draft07.js";
import { DRAFT_2019_09, metaschemas2019_09 } from "../src/metaschema/draft2019-09.js";
import { DRAFT_2020_12, metaschemas2020_12 } from "../src/metaschema/draft2020-12.js";

// The official documents live outside the repository, next to it.
const REFERENCE_ROOT = path.resolve(process.cwd(), "../shared/metaschemas");

interface Dialect {
  name: string;
  /** A folder or a single file under REFERENCE_ROOT. */
  reference: string;
  /** The *.json files the reference holds (relative to the folder; a single file by its name). */
  files: string[];
  /** Which of `files` is the top-level metaschema. */
  top: string;
  record: Readonly<Record<string, object>>;
  uri: string;
  expectedUri: string;
}

const DIALECTS: Dialect[] = [
  {
    name: "draft-04",
    reference: "draft4.json",
    files: ["draft4.json"],
    top: "draft4.json",
    record: metaschemasDraft04(),
    uri: DRAFT_04,
    expectedUri: "http://json-schema.org/draft-04/schema",
  },
  {
    name: "draft-06",
    reference: "draft6.json",
    files: ["draft6.json"],
    top: "draft6.json",
    record: metaschemasDraft06(),
    uri: DRAFT_06,
    expectedUri: "http://json-schema.org/draft-06/schema",
  },
  {
    name: "draft-07",
    reference: "draft7.json",
    files: ["draft7.json"],
    top: "draft7.json",
    record: metaschemasDraft07(),
    uri: DRAFT_07,
    expectedUri: "http://json-schema.org/draft-07/schema",
  },
  {
    name: "2019-09",
    reference: "draft2019-09",
    files: [
      "meta/applicator.json",
      "meta/content.json",
      "meta/core.json",
      "meta/format.json",
      "meta/meta-data.json",
      "meta/validation.json",
      "schema.json",
    ],
    top: "schema.json",
    record: metaschemas2019_09(),
    uri: DRAFT_2019_09,
    expectedUri: "https://json-schema.org/draft/2019-09/schema",
  },
  {
    name: "2020-12",
    reference: "draft2020-12",
    files: [
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
    top: "schema.json",
    record: metaschemas2020_12(),
    uri: DRAFT_2020_12,
    expectedUri: "https://json-schema.org/draft/2020-12/schema",
  },
];

interface ReferenceDoc {
  /** Path relative to the reference folder, with "/" separators (a single file: its name). */
  file: string;
  /** The document's id (`id` in draft-04, `$id` after) without an empty trailing fragment. */
  key: string;
  doc: Record<string, unknown>;
}

function readReferenceDoc(full: string, file: string): ReferenceDoc {
  const doc = JSON.parse(readFileSync(full, "utf8")) as Record<string, unknown>;
  const id = "$id" in doc ? doc.$id : doc.id;
  if (typeof id !== "string") throw new Error(`${file} has no string $id or id`);
  return { file, key: id.replace(/#$/, ""), doc };
}

/** The reference file, or every *.json file under the reference folder (recursively), parsed. */
function loadReferenceDocs(reference: string): ReferenceDoc[] {
  const root = path.join(REFERENCE_ROOT, reference);
  if (!existsSync(root)) {
    throw new Error(
      `Reference metaschemas not found at ${root}. ` +
        "Run the specs from the repository root, with the shared metaschemas " +
        `folder at ../shared/metaschemas (holding ${reference}).`,
    );
  }
  if (!statSync(root).isDirectory()) return [readReferenceDoc(root, path.basename(root))];
  const docs: ReferenceDoc[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
      } else if (entry.name.endsWith(".json")) {
        docs.push(readReferenceDoc(full, path.relative(root, full).split(path.sep).join("/")));
      }
    }
  };
  walk(root);
  return docs;
}

/** Every key of `value`, nested, as a path, in the order the object lists them. */
const keyPaths = (value: unknown, at = ""): string[] => {
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) => [`${at}/${k}`, ...keyPaths(v, `${at}/${k}`)]);
};

function checkDialect(d: Dialect): void {
  let cached: ReferenceDoc[] | undefined;
  const referenceDocs = (): ReferenceDoc[] => (cached ??= loadReferenceDocs(d.reference));
  const count = d.files.length;

  test(`the reference holds the ${count} official ${d.name} document(s)`, () => {
    const docs = referenceDocs();
    assert.equal(docs.map((r) => r.file), d.files);
    assert.is(new Set(docs.map((r) => r.key)).size, count, "reference ids are distinct");
  });

  test(`the ${d.name} record has exactly ${count} entries`, () => {
    assert.is(Object.keys(d.record).length, count);
  });

  test(`the ${d.name} URI constant names the top-level metaschema`, () => {
    assert.is(d.uri, d.expectedUri);
    assert.ok(d.uri in d.record);
    assert.is(referenceDocs().find((r) => r.file === d.top)?.key, d.uri);
  });

  test(`every embedded ${d.name} metaschema deep-equals its official document`, () => {
    for (const { file, key, doc } of referenceDocs()) {
      const embedded = d.record[key];
      assert.ok(embedded !== undefined, `no embedded metaschema for ${key} (${file})`);
      assert.equal(embedded, doc, `${file} (${key})`);
    }
  });

  test(`embedded ${d.name} metaschemas keep the official key order`, () => {
    for (const { file, key, doc } of referenceDocs()) {
      assert.equal(keyPaths(d.record[key]), keyPaths(doc), `key order of ${file}`);
    }
  });
}

for (const dialect of DIALECTS) checkDialect(dialect);

test.run();
