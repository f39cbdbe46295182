// The command-line features ajv-cli users expect: -q, directories and patterns as instances,
// -r/--ref, `schemagate test`, YAML files, and suite's message outside the repository.
import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { assertOutput, dir, file, noStack, run } from "./cli-harness.js";

file("tiny.json", {});
file("person.json", { type: "object", properties: { name: { type: "string" } }, required: ["name"] });
mkdirSync(join(dir, "data/sub"), { recursive: true });
mkdirSync(join(dir, "data/empty"), { recursive: true });
mkdirSync(join(dir, "refs/sub"), { recursive: true });
mkdirSync(join(dir, "literal"), { recursive: true });
file("data/a.json", { name: "Ada" });
file("data/b.json", { name: 1 });
file("data/c.json", { name: "Cy" });
file("data/notes.txt", "not json");
file("data/.hidden.json", "not json either");
file("data/sub/d.json", { name: "Dee" });
file("data/sub/e.json", {});

test("-q/--quiet: only the failures are printed; the exit status is unchanged", () => {
  assertOutput(run(["validate", "-q", "person.json", "data/a.json", "data/b.json", "data/c.json"]), 1, [
    "data/b.json: invalid (1 error)",
    "  /name: must be string, but is 1 [/properties/name/type]",
  ]);
  assertOutput(run(["validate", "--quiet", "person.json", "data/a.json", "data/c.json"]), 0, []);
  const missing = run(["validate", "-q", "person.json", "data/a.json", "data/missing.json"]);
  assertOutput(missing, 2, []);
  assert.is(missing.stderr, "data/missing.json: cannot read: no such file\n");
  const json = JSON.parse(run(["validate", "-q", "-o", "json", "person.json", "data/a.json", "data/b.json"]).stdout) as { valid: boolean; results: { file: string }[] };
  assert.is(json.valid, false);
  assert.equal(json.results.map((r) => r.file), ["data/b.json"]);
});

test("a directory: its .json files, sorted, regular files only; -R goes into subdirectories", () => {
  if (process.platform !== "win32") execFileSync("mkfifo", [join(dir, "data/sub/pipe.json")]);
  assertOutput(run(["validate", "person.json", "data"]), 1, [
    "data/a.json: valid",
    "data/b.json: invalid (1 error)",
    "  /name: must be string, but is 1 [/properties/name/type]",
    "data/c.json: valid",
  ]);
  assertOutput(run(["validate", "-q", "-R", "person.json", "data"], { timeout: 10_000 }), 1, [
    "data/b.json: invalid (1 error)",
    "  /name: must be string, but is 1 [/properties/name/type]",
    'data/sub/e.json: invalid (1 error)',
    '  (root): must have required property "name" [/required]',
  ]);
  const empty = run(["validate", "person.json", "data/empty"]);
  assertOutput(empty, 2, []);
  assert.is(empty.stderr, "data/empty: no .json file in the directory (-R reads its subdirectories too)\n");
});

test("patterns: *, ? and ** expanded by the command, sorted; no match is an error (exit 2)", () => {
  const names = (args: string[]) => run(["validate", "person.json", ...args]).stdout.split("\n").filter((l) => /^\S+: (in)?valid/.test(l)).map((l) => l.split(":")[0]);
  assert.equal(names(["data/*.json"]), ["data/a.json", "data/b.json", "data/c.json"]);
  assert.equal(names(["data/?.json"]), ["data/a.json", "data/b.json", "data/c.json"]);
  assert.equal(names(["data/[ab].json"]), []);
  assert.equal(names(["data/**/*.json"]), ["data/a.json", "data/b.json", "data/c.json", "data/sub/d.json", "data/sub/e.json"]);
  assert.equal(names(["data/**"]), ["data/a.json", "data/b.json", "data/c.json", "data/sub/d.json", "data/sub/e.json"]);
  assert.equal(names(["**/d.json"]), ["data/sub/d.json"]);
  assert.equal(names([join(dir, "data/s*/d.json")]), [join(dir, "data/sub/d.json")]);
  const none = run(["validate", "person.json", "data/*.yaml", "data/a.json"]);
  assert.is(none.status, 2);
  assert.is(none.stderr, "data/*.yaml: no file matches the pattern\n");
  assert.is(none.stdout, "data/a.json: valid\n");
  // A name that exists as written is that file.
  file("literal/star*.json", { name: "literal" });
  file("literal/start.json", { name: "not this one" });
  assertOutput(run(["validate", "person.json", "literal/star*.json"]), 0, ["literal/star*.json: valid"]);
});

test("a symbolic link to a file is read; a link to a directory is not followed by -R", () => {
  if (process.platform === "win32") return;
  mkdirSync(join(dir, "linked"));
  symlinkSync(join(dir, "data/a.json"), join(dir, "linked/to-a.json"));
  symlinkSync(join(dir, "linked"), join(dir, "linked/loop"));
  assertOutput(run(["validate", "-R", "person.json", "linked"], { timeout: 10_000 }), 0, ["linked/to-a.json: valid"]);
});

test("-r/--ref: documents that $ref names by file name or by $id; implies --refs document", () => {
  file("refs/main.json", { type: "object", properties: { a: { $ref: "other.json" }, b: { $ref: "https://example.com/defs#/$defs/n" }, c: { $ref: "sub/deep.json" } } });
  file("refs/other.json", { type: "string" });
  file("refs/defs.json", { $id: "https://example.com/defs", $defs: { n: { type: "number" } } });
  file("refs/sub/deep.json", { type: "boolean" });
  file("refs/ok.json", { a: "x", b: 1, c: true });
  file("refs/bad.json", { a: 1, b: "x", c: 0 });
  const refs = ["-r", "refs/other.json", "--ref", "refs/defs.json", "--ref=refs/sub/deep.json"];
  assertOutput(run(["validate", ...refs, "refs/main.json", "refs/ok.json"]), 0, ["refs/ok.json: valid"]);
  const bad = run(["validate", "-o", "compact", ...refs, "refs/main.json", "refs/bad.json"]);
  assertOutput(bad, 1, ["refs/bad.json: invalid", "  /a: must be string, but is 1", '  /b: must be number, but is "x"', "  /c: must be boolean, but is 0"]);
  // A file outside the schema's folder, and a main schema whose $id is its file: URL.
  mkdirSync(join(dir, "refs2"));
  file("refs2/up.json", { $ref: "../refs/other.json" });
  file("refs2/url.json", { $id: pathToFileURL(join(dir, "refs2/url.json")).href, $ref: "../refs/other.json" });
  file("refs2/s.json", "1");
  for (const main of ["refs2/up.json", "refs2/url.json"]) {
    assertOutput(run(["validate", "-o", "compact", "-r", "refs/other.json", main, "refs2/s.json"]), 1, ["refs2/s.json: invalid", "  (root): must be string, but is 1"]);
  }
  // Without -r: refused as today.
  const without = run(["check", "refs/main.json"]);
  assert.is(without.status, 1);
  assert.match(without.stdout, /external-ref/);
  const check = run(["check", "-r", "refs/other.json", "-r", "refs/defs.json", "-r", "refs/sub/deep.json", "refs/main.json"]);
  assertOutput(check, 0, ["refs/main.json: ok (2020-12)"]);
  // A -r file missing from the list: the ref is unresolved (the schema is refused, exit 2).
  const partial = run(["validate", "-r", "refs/other.json", "refs/main.json", "refs/ok.json"]);
  assert.is(partial.status, 2);
  assert.match(partial.stderr, /^refs\/main\.json: unresolved-ref: cannot resolve \$ref "https:\/\/example\.com\/defs#\/\$defs\/n"/);
  assert.is(run(["validate", "-r", "refs/other.json", "--refs", "fragment", "refs/main.json", "refs/ok.json"]).status, 2);
});

test("-r/--ref: each file is read under the same rules as the schema", () => {
  const missing = run(["validate", "-r", "refs/nowhere.json", "refs/main.json", "refs/ok.json"]);
  assertOutput(missing, 2, []);
  assert.is(missing.stderr, "refs/nowhere.json: cannot read: no such file\n");
  // A directory is its .json files, as an instance argument is (not those of its subdirectories).
  const folder = run(["validate", "-r", "refs", "refs/main.json", "refs/ok.json"]);
  assert.is(folder.status, 2);
  assert.match(folder.stderr, /^refs\/main\.json: unresolved-ref: cannot resolve \$ref "sub\/deep\.json"/);
  assertOutput(run(["validate", "-r", "refs", "-r", "refs/sub", "refs/main.json", "refs/ok.json"]), 0, ["refs/ok.json: valid"]);
  const big = run(["validate", "--max-file-size", "20", "-r", "refs/defs.json", "tiny.json", "data/a.json"]);
  assert.is(big.stderr, "refs/defs.json: cannot read: larger than 20 bytes (--max-file-size)\n");
  const json = JSON.parse(run(["validate", "-o", "json", "-r", "refs/nowhere.json", "refs/main.json", "refs/ok.json"]).stdout) as unknown;
  assert.equal(json, { valid: false, schema: { file: "refs/nowhere.json", problem: "refs/nowhere.json: cannot read: no such file" } });
  file("refs/twin.json", { $id: "https://example.com/defs" });
  const twins = run(["validate", "-r", "refs/defs.json", "-r", "refs/twin.json", "refs/main.json", "refs/ok.json"]);
  assert.is(twins.status, 2);
  assert.match(twins.stderr, /both name https:\/\/example\.com\/defs/);
  noStack(twins);
});

test("schemagate test: exit 0 when every verdict is as expected, 1 naming the others, 2 for usage", () => {
  assertOutput(run(["test", "person.json", "data/a.json", "data/c.json", "--valid"]), 0, ["data/a.json: valid, as expected", "data/c.json: valid, as expected"]);
  assertOutput(run(["test", "person.json", "data/*.json", "--valid"]), 1, [
    "data/a.json: valid, as expected",
    "data/b.json: invalid, expected valid",
    "  /name: must be string, but is 1",
    "data/c.json: valid, as expected",
  ]);
  assertOutput(run(["test", "-q", "person.json", "data", "--invalid"]), 1, ["data/a.json: valid, expected invalid", "data/c.json: valid, expected invalid"]);
  assertOutput(run(["test", "--invalid", "person.json", "data/b.json", "data/sub/e.json"]), 0, ["data/b.json: invalid, as expected", "data/sub/e.json: invalid, as expected"]);
  for (const args of [["test", "person.json", "data/a.json"], ["test", "person.json", "data/a.json", "--valid", "--invalid"], ["test", "person.json", "--valid"]]) {
    const r = run(args);
    assert.is(r.status, 2, args.join(" "));
    assert.match(r.stderr, /^schemagate test: .+\n\(see schemagate test --help\)\n$/);
  }
  const unreadable = run(["test", "person.json", "data/a.json", "data/missing.json", "--valid"]);
  assert.is(unreadable.status, 2);
  assert.is(unreadable.stderr, "data/missing.json: cannot read: no such file\n");
  assert.is(run(["test", "nowhere.json", "data/a.json", "--valid"]).status, 2);
  assert.match(run(["test", "--help"]).stdout, /^usage: schemagate test <schema> <instance …> --valid\|--invalid/);
});

test("YAML without the yaml package: a clear message, exit 2", () => {
  // The spawned CLI is a copy outside the repository: it never finds the yaml package
  // (spec/cli-yaml.spec.ts gives its copy a stand-in).
  file("data.yaml", "name: Ada\n");
  file("schema.yml", "type: object\n");
  const instance = run(["validate", "person.json", "data.yaml"]);
  assertOutput(instance, 2, []);
  assert.is(instance.stderr, "data.yaml: cannot read: install the yaml package to read .yaml files (npm install yaml)\n");
  const schema = run(["check", "schema.yml"]);
  assert.is(schema.status, 2);
  assert.is(schema.stderr, "schema.yml: cannot read: install the yaml package to read .yaml files (npm install yaml)\n");
});

test("suite outside the repository says how to get the suite", () => {
  const r = run(["suite", "--suite-dir", join(dir, "no-suite")]);
  assert.is(r.status, 2);
  assert.match(r.stderr, /git clone --depth 1 https:\/\/github\.com\/json-schema-org\/JSON-Schema-Test-Suite\n/);
  assert.match(r.stderr, /schemagate suite --suite-dir JSON-Schema-Test-Suite/);
});

test("help texts name the new options", () => {
  const help = run(["validate", "--help"]).stdout;
  for (const option of ["-q, --quiet", "-R, --recursive", "-r, --ref FILE", "'data/**/*.json'"]) assert.ok(help.includes(option), option);
  assert.match(run(["--help"]).stdout, /test <schema> <instance …> --valid\|--invalid/);
  assert.match(run(["check", "--help"]).stdout, /-r, --ref FILE/);
});

test.run();
