// The command line as users meet it: dist/cli.js, built once here, spawned with real files.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { lineColumn, syntaxErrorOffset } from "../src/cli/json-position.js";
import { assertOutput, CLI, dir, file, noStack, ROOT, run } from "./cli-harness.js";

const SCHEMA = file("schema.json", {
  type: "object",
  properties: {
    name: { type: "string", minLength: 1 },
    age: { type: "integer", minimum: 0 },
    contact: { anyOf: [{ type: "string" }, { type: "object", required: ["phone"] }] },
  },
  required: ["name"],
  additionalProperties: false,
});
const GOOD = file("good.json", { name: "Ada", age: 36 });
const BAD = file("bad.json", { name: "Ada", age: -1, contact: { email: "x" } });

test("validate: a valid instance exits 0", () => {
  const r = run(["validate", SCHEMA, GOOD]);
  assert.is(r.status, 0);
  assert.is(r.stdout, `${GOOD}: valid\n`);
  assert.is(r.stderr, "");
});

test("validate: an invalid instance exits 1 and lists every error with its schema location", () => {
  const r = run(["validate", "schema.json", "good.json", "bad.json"]);
  assert.is(r.status, 1);
  assert.is(
    r.stdout,
    [
      "good.json: valid",
      "bad.json: invalid (4 errors)",
      "  /age: must be >= 0, but is -1 [/properties/age/minimum]",
      "  /contact: must be string, but is an object [/properties/contact/anyOf/0/type]",
      '  /contact: must have required property "phone" [/properties/contact/anyOf/1/required]',
      "  /contact: must match at least one schema in anyOf, but matches none of its 2 [/properties/contact/anyOf]",
      "",
    ].join("\n"),
  );
});

test("validate --output compact: the closest anyOf branch only, one line per error", () => {
  const r = run(["validate", "--output", "compact", "schema.json", "bad.json"]);
  assert.is(r.status, 1);
  assert.is(
    r.stdout,
    ["bad.json: invalid", "  /age: must be >= 0, but is -1", '  /contact: must have required property "phone" (closest of 2 anyOf branches)', ""].join("\n"),
  );
});

test("validate --output json: one machine-readable document for all instances", () => {
  const r = run(["validate", "-o", "json", "schema.json", "good.json", "bad.json"]);
  assert.is(r.status, 1);
  const out = JSON.parse(r.stdout) as { valid: boolean; results: { file: string; valid: boolean; errors?: { keyword: string }[] }[] };
  assert.is(out.valid, false);
  assert.equal(
    out.results.map((x) => [x.file, x.valid, x.errors?.length ?? 0]),
    [
      ["good.json", true, 0],
      ["bad.json", false, 4],
    ],
  );
  assert.is(out.results[1]!.errors![0]!.keyword, "minimum");
});

test("validate --output detailed: the error tree, indented", () => {
  const r = run(["validate", "--output=detailed", "schema.json", "bad.json"]);
  assert.is(r.status, 1);
  assert.match(r.stdout, /^bad\.json: invalid\n/);
  assert.match(r.stdout, /\n {2}\/age: must be >= 0, but is -1 \[\/properties\/age\/minimum\]\n/);
  assert.match(r.stdout, /\n {4}\/contact: must have required property "phone" \[\/properties\/contact\/anyOf\/1\/required\]\n/);
});

test("validate --output detailed: a tree the format collapses to one unit or one branch is printed too", () => {
  file("detail-one.json", { name: "" });
  file("detail-root.json", '"x"');
  file("detail-branch.json", { name: "Ada", contact: {} });
  assertOutput(run(["validate", "-o", "detailed", "schema.json", "detail-one.json", "detail-root.json", "detail-branch.json", "good.json"]), 1, [
    "detail-one.json: invalid",
    "  /name: must have at least 1 character, but has 0 [/properties/name/minLength]",
    "detail-root.json: invalid",
    '  (root): must be object, but is "x" [/type]',
    "detail-branch.json: invalid",
    "  /contact: [/properties/contact]",
    "    /contact: must be string, but is an object [/properties/contact/anyOf/0/type]",
    '    /contact: must have required property "phone" [/properties/contact/anyOf/1/required]',
    "    /contact: must match at least one schema in anyOf, but matches none of its 2 [/properties/contact/anyOf]",
    "good.json: valid",
  ]);
  const falseSchema = file("false.json", "false");
  assert.is(run(["validate", "-o", "detailed", falseSchema, "good.json"]).stdout, "good.json: invalid\n  (root): no value is allowed here (the schema is false) [(schema root)]\n");
});

test("validate: standard input with -", () => {
  const valid = run(["validate", "schema.json", "-"], { input: '{"name": "Ada"}' });
  assert.is(valid.status, 0);
  assert.is(valid.stdout, "<stdin>: valid\n");
  const invalid = run(["validate", "-o", "compact", "schema.json", "-"], { input: '{"name": 1}' });
  assert.is(invalid.status, 1);
  assert.is(invalid.stdout, "<stdin>: invalid\n  /name: must be string, but is 1\n");
  const schemaFromStdin = run(["validate", "-", "good.json"], { input: readFileSync(SCHEMA, "utf8") });
  assert.is(schemaFromStdin.status, 0);
  const broken = run(["validate", "schema.json", "-"], { input: "[1,\n 2,\n]" });
  assert.is(broken.status, 2);
  assert.is(broken.stderr, "<stdin>:3:1: invalid JSON: unexpected character \"]\"\n");
});

test("validate: a schema the metaschema refuses exits 2 and says what is wrong where", () => {
  file("bad-schema.json", { type: "strin", properties: { a: { minLength: -1 } } });
  const r = run(["validate", "bad-schema.json", "good.json"]);
  assert.is(r.status, 2);
  assert.is(r.stdout, "");
  assert.is(
    r.stderr,
    [
      "bad-schema.json: invalid-schema: the schema does not conform to the 2020-12 metaschema",
      "  /properties/a/minLength: must be >= 0, but is -1",
      '  /type: must be one of "array", "boolean", "integer", "null", "number", "object", "string", but is "strin" (closest of 2 anyOf branches)',
      "",
    ].join("\n"),
  );
  noStack(r);
});

test("validate: a schema the gate refuses exits 2 without a stack trace", () => {
  file("external.json", { $ref: "https://example.com/other.json" });
  const r = run(["validate", "external.json", "good.json"]);
  assert.is(r.status, 2);
  assert.match(r.stderr, /^external\.json: external-ref: \$ref "https:\/\/example\.com\/other\.json" leaves the document.* at \/\$ref\n$/);
  noStack(r);
  const json = run(["validate", "-o", "json", "external.json", "good.json"]);
  assert.is(json.status, 2);
  assert.is((JSON.parse(json.stdout) as { schema: { code: string } }).schema.code, "external-ref");
  file("deep-schema.json", "[".repeat(100) + "]".repeat(100));
  const deep = run(["validate", "deep-schema.json", "good.json"]);
  assert.is(deep.status, 2);
  assert.match(deep.stderr, /^deep-schema\.json: depth: /);
  noStack(deep);
});

test("validate --refs document, --format assert", () => {
  file("embedded.json", { $defs: { a: { $id: "https://example.com/a", type: "string" } }, $ref: "https://example.com/a" });
  file("string.json", '"x"');
  assert.is(run(["validate", "embedded.json", "string.json"]).status, 2);
  assert.is(run(["validate", "--refs", "document", "embedded.json", "string.json"]).status, 0);
  file("email.json", { format: "email" });
  assert.is(run(["validate", "email.json", "string.json"]).status, 0);
  const asserted = run(["validate", "--format", "assert", "-o", "compact", "email.json", "string.json"]);
  assert.is(asserted.status, 1, asserted.stderr);
  assert.is(asserted.stdout, 'string.json: invalid\n  (root): must match format "email", but is "x"\n');
});

test("validate: invalid JSON gives the file, line and column; other files still run", () => {
  file("broken.json", '{\n  "name": "Ada",\n  "age": 36,\n}\n');
  const r = run(["validate", "schema.json", "broken.json", "good.json"]);
  assert.is(r.status, 2);
  assert.is(r.stderr, "broken.json:4:1: invalid JSON: expected double-quoted property name\n");
  assert.is(r.stdout, "good.json: valid\n");
  noStack(r);
  file("not-json.txt", "name: Ada\n");
  const yaml = run(["validate", "not-json.txt", "good.json"]);
  assert.is(yaml.status, 2);
  assert.is(yaml.stderr, 'not-json.txt:1:2: invalid JSON: unexpected character "a"\n');
  file("empty.json", "");
  assert.is(run(["check", "empty.json"]).stderr, "empty.json:1:1: invalid JSON: the file is empty\n");
});

test("validate: a missing file exits 2", () => {
  const r = run(["validate", "schema.json", "missing.json"]);
  assert.is(r.status, 2);
  assert.is(r.stderr, "missing.json: cannot read: no such file\n");
  const schema = run(["validate", "nowhere.json", "good.json"]);
  assert.is(schema.status, 2);
  assert.is(schema.stderr, "nowhere.json: cannot read: no such file\n");
  mkdirSync(join(dir, "no-json"), { recursive: true });
  const directory = run(["validate", "schema.json", "no-json"]);
  assert.is(directory.status, 2);
  assert.is(directory.stderr, "no-json: no .json file in the directory (-R reads its subdirectories too)\n");
});

test("validate: bad usage exits 2 with a pointer to --help", () => {
  for (const args of [["validate"], ["validate", "schema.json"], ["validate", "--output", "xml", "schema.json", "good.json"], ["validate", "--nope", "schema.json", "good.json"], ["validate", "-", "-"]]) {
    const r = run(args);
    assert.is(r.status, 2, args.join(" "));
    assert.match(r.stderr, /^schemagate validate: .+\n\(see schemagate validate --help\)\n$/);
  }
  const unknown = run(["frobnicate"]);
  assert.is(unknown.status, 2);
  assert.is(unknown.stderr, 'schemagate: unknown command "frobnicate"\n(see schemagate --help)\n');
  const bare = run([]);
  assert.is(bare.status, 2);
  assert.match(bare.stderr, /^usage: schemagate <command>/);
});

test("check: accepted, refused (1) and unreadable (2)", () => {
  file("regex.json", { pattern: "(" });
  const ok = run(["check", "schema.json", "good.json"]);
  assert.is(ok.status, 0);
  assert.is(ok.stdout, "schema.json: ok (2020-12)\ngood.json: ok (2020-12)\n");
  const refused = run(["check", "schema.json", "regex.json", "bad-schema.json"]);
  assert.is(refused.status, 1);
  assert.match(refused.stdout, /^schema\.json: ok \(2020-12\)\nregex\.json: invalid-regex: invalid regular expression "\(" .* at \/pattern\nbad-schema\.json: invalid-schema: /);
  assert.match(refused.stdout, /\n {2}\/properties\/a\/minLength: must be >= 0, but is -1\n/);
  noStack(refused);
  const unreadable = run(["check", "regex.json", "missing.json"]);
  assert.is(unreadable.status, 2);
  assert.is(unreadable.stderr, "missing.json: cannot read: no such file\n");
  assert.is(run(["check"]).status, 2);
  assert.is(run(["check", "--refs", "document", "embedded.json"]).status, 0);
});

// A draft-07 schema: definitions, array-form items with additionalItems, a $ref whose sibling is ignored.
const DRAFT_07 = {
  definitions: { n: { type: "integer" } },
  items: [{ $ref: "#/definitions/n", type: "string" }],
  additionalItems: false,
};
file("d7.schema.json", { $schema: "http://json-schema.org/draft-07/schema#", ...DRAFT_07 });
file("d7-bare.schema.json", DRAFT_07);
file("d7-good.json", [1]);
file("d7-bad.json", ["x", 2]);
const D7_BAD = [
  "d7-good.json: valid",
  "d7-bad.json: invalid (2 errors)",
  '  /0: must be integer, but is "x" [/items/0/$ref/type]',
  "  /1: no value is allowed here (the schema is false) [/additionalItems]",
  "",
].join("\n");

test("validate: a draft-07 schema by its $schema, or by --dialect without one", () => {
  const declared = run(["validate", "d7.schema.json", "d7-good.json", "d7-bad.json"]);
  assert.is(declared.status, 1, declared.stderr);
  assert.is(declared.stdout, D7_BAD);
  for (const dialect of ["draft-07", "http://json-schema.org/draft-07/schema#", "https://json-schema.org/draft-07/schema"]) {
    const r = run(["validate", "--dialect", dialect, "d7-bare.schema.json", "d7-good.json", "d7-bad.json"]);
    assert.is(r.status, 1, `${dialect}: ${r.stderr}`);
    assert.is(r.stdout, D7_BAD, dialect);
  }
  // Without $schema or --dialect it is read as 2020-12, where array-form items is not allowed.
  const plain = run(["validate", "d7-bare.schema.json", "d7-good.json"]);
  assert.is(plain.status, 2);
  assert.match(plain.stderr, /^d7-bare\.schema\.json: invalid-schema: the schema does not conform to the 2020-12 metaschema\n {2}\/items: must be object or boolean/);
  // The $schema of the schema wins over --dialect; --output json says which dialect was used.
  const json = run(["validate", "-o", "json", "--dialect", "draft-04", "d7.schema.json", "d7-good.json"]);
  assert.is(json.status, 0, json.stderr);
  assert.is((JSON.parse(json.stdout) as { dialect: string }).dialect, "draft-07");
  const byOption = run(["validate", "-o", "json", "--dialect=2019-09", "schema.json", "good.json"]);
  assert.is((JSON.parse(byOption.stdout) as { dialect: string }).dialect, "2019-09");
});

test("check --dialect: the dialect used, and the metaschema that refused", () => {
  const r = run(["check", "d7.schema.json", "schema.json"]);
  assert.is(r.status, 0, r.stderr);
  assert.is(r.stdout, "d7.schema.json: ok (draft-07)\nschema.json: ok (2020-12)\n");
  assert.is(run(["check", "--dialect", "draft-07", "d7-bare.schema.json"]).stdout, "d7-bare.schema.json: ok (draft-07)\n");
  file("d4-bad.schema.json", { minimum: "0" });
  const refused = run(["check", "--dialect", "draft-04", "d4-bad.schema.json"]);
  assert.is(refused.status, 1);
  assert.is(refused.stdout, 'd4-bad.schema.json: invalid-schema: the schema does not conform to the draft-04 metaschema\n  /minimum: must be number, but is "0"\n');
  file("d3.schema.json", { $schema: "http://json-schema.org/draft-03/schema#" });
  const draft3 = run(["check", "d3.schema.json"]);
  assert.is(draft3.status, 1);
  assert.match(draft3.stdout, /^d3\.schema\.json: unsupported-dialect: unsupported dialect /);
});

test("--dialect: a name compile does not know is bad usage (2)", () => {
  for (const command of [["validate", "schema.json", "good.json"], ["check", "schema.json"]]) {
    for (const dialect of ["draft-03", "draft7", "2020"]) {
      const r = run([command[0]!, "--dialect", dialect, ...command.slice(1)]);
      assert.is(r.status, 2, `${command[0]} ${dialect}`);
      assert.is(r.stdout, "");
      assert.is(
        r.stderr,
        `schemagate ${command[0]}: --dialect must be 2020-12, 2019-09, draft-07, draft-06, draft-04 or one of their metaschema URIs, not "${dialect}"\n(see schemagate ${command[0]} --help)\n`,
      );
    }
  }
});

test("--help on every command, --version from package.json", () => {
  const top = run(["--help"]);
  assert.is(top.status, 0);
  assert.match(top.stdout, /^usage: schemagate <command>/);
  for (const command of ["validate", "check", "suite"]) {
    for (const args of [[command, "--help"], [command, "-h"], ["help", command]]) {
      const r = run(args);
      assert.is(r.status, 0, args.join(" "));
      assert.match(r.stdout, new RegExp(`^usage: schemagate ${command} `));
    }
  }
  const version = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;
  assert.is(run(["--version"]).stdout, `${version}\n`);
  assert.is(run(["-v"]).stdout, `${version}\n`);
});

test("the bundle stands alone: an installed copy (node_modules/schemagate) runs and knows its version", () => {
  const installed = join(dir, "app", "node_modules", "schemagate");
  mkdirSync(join(installed, "dist"), { recursive: true });
  copyFileSync(CLI, join(installed, "dist", "cli.js"));
  writeFileSync(join(installed, "package.json"), JSON.stringify({ name: "schemagate", version: "9.8.7", bin: { schemagate: "./dist/cli.js" } }));
  const r = spawnSync(process.execPath, [join(installed, "dist", "cli.js"), "--version"], { cwd: tmpdir(), encoding: "utf8" });
  assert.is(r.status, 0);
  assert.is(r.stdout, "9.8.7\n");
  const source = readFileSync(CLI, "utf8");
  assert.ok(source.startsWith("#!/usr/bin/env node\n"), "the bundle starts with a shebang");
  const imports = [...source.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]!);
  assert.equal(imports.filter((name) => !name.startsWith("node:")), [], "the bundle imports only node: built-ins");
});

test("colour: only when asked for (FORCE_COLOR stands in for a terminal), never with NO_COLOR", () => {
  const ESC = "\u001b[";
  assert.not.ok(run(["validate", "schema.json", "bad.json"]).stdout.includes(ESC), "a pipe gets no colour");
  assert.ok(run(["validate", "schema.json", "bad.json"], { env: { FORCE_COLOR: "1" } }).stdout.includes(`${ESC}31minvalid`));
  const off = run(["validate", "schema.json", "bad.json"], { env: { FORCE_COLOR: "1", NO_COLOR: "1" } });
  assert.not.ok(off.stdout.includes(ESC) || off.stderr.includes(ESC), "NO_COLOR wins");
  assert.not.ok(run(["check", "bad-schema.json"], { env: { FORCE_COLOR: "1", NO_COLOR: "1" } }).stdout.includes(ESC));
});

test("a 3 MB document validates, valid and invalid", () => {
  const schema = file("big-schema.json", {
    type: "array",
    items: { type: "object", properties: { id: { type: "integer", minimum: 0 }, tags: { type: "array", items: { type: "string" } } }, required: ["id"] },
  });
  const items = Array.from({ length: 70_000 }, (_, i) => ({ id: i, name: `item ${i}`, tags: ["a", "b", "c"] }));
  const big = file("big.json", JSON.stringify(items));
  assert.ok(readFileSync(big).length > 3_000_000, "the document is over 3 MB");
  const valid = run(["validate", schema, big]);
  assert.is(valid.status, 0);
  assert.is(valid.stdout, `${big}: valid\n`);
  const stdin = run(["validate", schema, "-"], { input: readFileSync(big, "utf8") });
  assert.is(stdin.status, 0);
  for (let i = 0; i < items.length; i += 2) items[i]!.id = -1;
  const bad = file("big-bad.json", JSON.stringify(items));
  const invalid = run(["validate", "-o", "compact", schema, bad]);
  assert.is(invalid.status, 1);
  const lines = invalid.stdout.trimEnd().split("\n");
  assert.is(lines.length, 22);
  assert.is(lines[1], "  /0/id: must be >= 0, but is -1");
  assert.match(lines[21]!, /^ {2}… and \d+\+ more \(--max-errors N prints more\)$/);
  // basic: the first 100 of the 1,000 errors recorded; --max-errors prints more (and records more when asked).
  const basic = run(["validate", schema, bad]);
  assert.is(basic.status, 1);
  assert.match(basic.stdout, /^.*big-bad\.json: invalid \(1000\+ errors\)\n/);
  assert.is(basic.stdout.split("\n").length, 1 + 100 + 1 + 1);
  assert.match(basic.stdout, /\n {2}… and 900\+ more \(--max-errors N prints more\)\n$/);
  const all = run(["validate", "--max-errors", "1000", schema, bad]);
  assert.match(all.stdout, /\n {2}… the list was cut at 1000 errors\n$/);
  const more = run(["validate", "--max-errors", "2000", schema, bad]);
  assert.match(more.stdout, /^.*big-bad\.json: invalid \(2000\+ errors\)\n/);
});

test("deeply nested data gives a result, not a crash", () => {
  file("nested-schema.json", { items: { $ref: "#" } });
  file("nested.json", "[".repeat(100_000) + "]".repeat(100_000));
  const r = run(["validate", "nested-schema.json", "nested.json"]);
  assert.is(r.status, 1, r.stderr);
  assert.match(r.stdout, /nested more than 256 levels deep where the schema recurses \(option maxDataDepth\)/);
  noStack(r);
});

test("suite: --help, and a missing suite exits 2", () => {
  const r = run(["suite", "--suite-dir", join(dir, "no-suite")]);
  assert.is(r.status, 2);
  assert.match(r.stderr, /no tests\/draft2020-12 under /);
  assert.is(run(["suite", "extra"]).status, 2);
  const draft = run(["suite", "--draft", "draft-03"]);
  assert.is(draft.status, 2);
  assert.match(draft.stderr, /^schemagate suite: --draft must be 2020-12, 2019-09, draft-07, draft-06, draft-04 or all, not "draft-03"\n/);
});

const SUITE = join(ROOT, "JSON-Schema-Test-Suite");

interface Totals {
  passed: number;
  failed: number;
}
interface SuiteJson {
  ok: boolean;
  drafts: {
    draft: string;
    folder: string;
    totals: Record<"required" | "optional" | "format", Totals>;
    files: { file: string; kind: string; passed: number; failed: number; failures: { group: string; description: string; problem: string }[]; note?: string }[];
  }[];
}

test("suite --draft draft-04 --json: totals per draft and a row per file", () => {
  const r = run(["suite", "--suite-dir", SUITE, "--draft", "draft-04", "--json"]);
  assert.is(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout) as SuiteJson;
  assert.is(out.ok, true);
  assert.equal(out.drafts.map((d) => [d.draft, d.folder]), [["draft-04", "draft4"]]);
  const [draft4] = out.drafts;
  assert.equal(draft4!.totals, { required: { passed: 618, failed: 0 }, optional: { passed: 99, failed: 1 }, format: { passed: 219, failed: 0 } });
  for (const kind of ["required", "optional", "format"] as const) {
    const rows = draft4!.files.filter((f) => f.kind === kind);
    assert.ok(rows.length > 0, kind);
    assert.is(rows.reduce((n, f) => n + f.passed, 0), draft4!.totals[kind].passed, kind);
  }
  const floats = draft4!.files.find((f) => f.file === "optional/zeroTerminatedFloats.json")!;
  assert.equal([floats.kind, floats.passed, floats.failed, floats.failures[0]!.problem], ["optional", 0, 1, "expected invalid, got valid"]);
  assert.ok(floats.note !== undefined && floats.note.length > 0, "a known limitation is named");
  assert.ok(draft4!.files.some((f) => f.file === "optional/format/ipv4.json" && f.kind === "format"));
});

test("npm run conformance (suite): one row per draft, failures of optional files only, exit 0", () => {
  const r = run(["suite", "--suite-dir", SUITE]);
  assert.is(r.status, 0, r.stderr);
  const rows = r.stdout.split("\n").filter((line) => /^\| (20|draft-)/.test(line));
  assert.equal(rows.map((row) => row.split("|")[1]!.trim()), ["2020-12", "2019-09", "draft-07", "draft-06", "draft-04"]);
  for (const row of rows) {
    const [required, optional, format] = row.split("|").slice(2, 5).map((cell) => cell.trim().split("/").map(Number) as [number, number]);
    assert.ok(required![0] === required![1] && required![1] > 600, row);
    assert.ok(optional![1] > 90 && format![1] > 200, row);
  }
  assert.match(r.stdout, /^\| draft {4}\| required {2}\| optional \| format {2}\|\n\| -{8} \| -{9} \| -{8} \| -{7} \|$/m);
  assert.match(r.stdout, /\| draft-04 \| 618\/618 {3}\| 99\/100 {3}\| 219\/219 \|/);
  assert.match(r.stdout, /\nevery required case passes\n$/);
  // Only the files with failures are listed, under their draft.
  assert.match(r.stdout, /^draft-04, tests\/draft4 +passed {2}failed\n {2}optional\/zeroTerminatedFloats\.json +0 +1\n {4}✗ /m);
  assert.not.match(r.stdout, /additionalProperties\.json/);
});

test("suite: the exit status follows the required cases only; --files lists every file", () => {
  const fake = join(dir, "fake-suite");
  const tests = join(fake, "tests", "draft2020-12");
  mkdirSync(join(tests, "optional", "format"), { recursive: true });
  const group = (valid: boolean, data: unknown = 1) => [{ description: "integers", schema: { type: "integer" }, tests: [{ description: "one", data, valid }] }];
  writeFileSync(join(tests, "type.json"), JSON.stringify(group(true)));
  writeFileSync(join(tests, "optional", "wrong.json"), JSON.stringify(group(false)));
  writeFileSync(join(tests, "optional", "format", "email.json"), JSON.stringify([{ description: "email", schema: { format: "email" }, tests: [{ description: "x", data: "x", valid: false }] }]));
  assertOutput(run(["suite", "--suite-dir", fake, "--draft", "2020-12"]), 0, [
    "2020-12, tests/draft2020-12  passed  failed",
    "  optional/wrong.json             0       1",
    "    ✗ integers / one: expected invalid, got valid",
    "",
    "| draft   | required | optional | format |",
    "| ------- | -------- | -------- | ------ |",
    "| 2020-12 | 1/1      | 0/1      | 1/1    |",
    "every required case passes",
  ]);
  const every = run(["suite", "--suite-dir", fake, "--draft", "2020-12", "--files"]);
  assert.is(every.status, 0);
  assert.match(every.stdout, /\n {2}optional\/format\/email\.json +1 +0\n {2}optional\/wrong\.json +0 +1\n.*\n {2}type\.json +1 +0\n/);
  writeFileSync(join(tests, "type.json"), JSON.stringify(group(true, "1")));
  const required = run(["suite", "--suite-dir", fake, "--draft", "2020-12"]);
  assert.is(required.status, 1);
  assert.match(required.stdout, /\n {4}✗ integers \/ one: expected valid, got invalid\n/);
  assert.match(required.stdout, /\| 2020-12 \| 0\/1 +\| 0\/1 +\| 1\/1 +\|\nrequired cases fail: 2020-12 \(1\)\n$/);
  const json = run(["suite", "--suite-dir", fake, "--draft", "2020-12", "--json"]);
  assert.is(json.status, 1);
  const out = JSON.parse(json.stdout) as SuiteJson;
  assert.is(out.ok, false);
  assert.equal(out.drafts[0]!.totals, { required: { passed: 0, failed: 1 }, optional: { passed: 0, failed: 1 }, format: { passed: 1, failed: 0 } });
  // Every draft by default: a suite without the older folders is not a suite.
  const all = run(["suite", "--suite-dir", fake]);
  assert.is(all.status, 2);
  assert.match(all.stderr, /^schemagate suite: no tests\/draft2019-09 under /);
});

test("json-position: the offset is -1 exactly when JSON.parse accepts the text", () => {
  const accepts = (text: string) => {
    try {
      JSON.parse(text);
      return true;
    } catch {
      return false;
    }
  };
  const near = fc.oneof(
    fc.json().map((t) => t),
    fc.tuple(fc.json(), fc.nat(), fc.constantFrom("", ",", "]", "}", ":", '"', "-", ".", "e", "x", " ", "\\", "\u0001")).map(([t, at, s]) => {
      const i = at % (t.length + 1);
      return t.slice(0, i) + s + t.slice(i + 1);
    }),
  );
  fc.assert(fc.property(near, (text) => (syntaxErrorOffset(text) === -1) === accepts(text)), { numRuns: 3000 });
  for (const [text, offset] of [["[1,2", 4], ["[01]", 2], ["[-]", 2], ["[1.]", 3], ['{"a" 1}', 5], ["[tru]", 4], ["[1] x", 4], ['"abc', 4], ["", 0], ['["\\x"]', 3]] as const) {
    assert.is(syntaxErrorOffset(text), offset, text);
  }
  assert.equal(lineColumn("a\nb\r\ncd\re", 8), { line: 4, column: 1 });
  assert.equal(lineColumn("é😀x", 3), { line: 1, column: 3 });
});

test.run();
