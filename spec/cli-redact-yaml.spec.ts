// --redact over YAML files, and YAML syntax errors without it. The real `yaml` package quotes the
// file in its messages ("Block scalar header includes extra characters: |hunter2"), with no length
// cap; a stand-in that does the same (and sets the package's error codes) is put where the spawned
// CLI looks for it, as spec/cli-yaml.spec.ts does. With the real package installed in
// node_modules, the last spec runs the repository's dist/cli.js on it.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { assertOutput, CLI, dir, file, ROOT, run } from "./cli-harness.js";

const stand = join(dirname(dirname(CLI)), "node_modules", "yaml");
mkdirSync(stand, { recursive: true });
writeFileSync(join(stand, "package.json"), JSON.stringify({ name: "yaml", type: "module", exports: "./index.js" }));
// "#code NAME" on a line: a syntax error at 1:12 with that code ("#code": none), quoting the first
// line whole as the real package quotes a block scalar header. "#alias": toJS() throws the
// package's ReferenceError, which names the alias. Anything else: the empty mapping.
writeFileSync(
  join(stand, "index.js"),
  `export const isAlias = () => false;
export const isMap = (n) => n?.kind === "map";
export const isCollection = isMap;
export const isPair = (n) => n?.kind === "pair";
export function parseDocument(text) {
  const first = text.split("\\n")[0];
  const code = /^#code ?(\\S*)$/m.exec(text);
  const contents = { kind: "map", items: [] };
  if (code !== null) {
    const message = "Block scalar header includes extra characters: " + first + " at line 1, column 12:\\n\\n" + first + "\\n           ^\\n";
    return { contents, errors: [{ message, code: code[1] || undefined, linePos: [{ line: 1, col: 12 }] }], toJS: () => ({}) };
  }
  if (/^#alias$/m.test(text)) {
    return { contents, errors: [], toJS: () => { throw new ReferenceError("Unresolved alias (the anchor must be set before the alias): " + first); } };
  }
  return { contents, errors: [], toJS: () => ({}) };
}
`,
);

const SECRET = "hunter2-TOP-SECRET";
file("any.schema.json", {});
file("ok.yaml", "a: 1\n");
file("bs.yaml", `password: |${SECRET}\n#code UNEXPECTED_TOKEN\n`);
file("tag.yaml", `a: !${SECRET}!x 1\n#code TAG_RESOLVE_FAILED\n`);
file("nocode.yaml", `a: ${SECRET}\n#code\n`);
file("proto.yaml", `a: ${SECRET}\n#code constructor\n`); // no code of the package: not looked up on Object.prototype
file("alias.yaml", `${SECRET}\n#alias\n`);

const REDACTED = [
  "bs.yaml:1:12: invalid YAML: unexpected token",
  "tag.yaml:1:12: invalid YAML: a tag that cannot be resolved",
  "nocode.yaml:1:12: invalid YAML: syntax error",
  "proto.yaml:1:12: invalid YAML: syntax error",
  "alias.yaml: invalid YAML: Unresolved alias (the anchor must be set before the alias)",
];
const FILES = ["bs.yaml", "tag.yaml", "nocode.yaml", "proto.yaml", "alias.yaml"];

test("--redact: a YAML syntax error quotes none of the file's text, only its position and the reason in words", () => {
  const r = run(["validate", "--redact", "any.schema.json", ...FILES, "ok.yaml"]);
  assertOutput(r, 2, ["ok.yaml: valid"]);
  assert.is(r.stderr, [...REDACTED, ""].join("\n"));
  const json = run(["validate", "--redact", "-o", "json", "any.schema.json", ...FILES]);
  assert.not.ok(json.stdout.includes(SECRET), json.stdout);
  const results = (JSON.parse(json.stdout) as { results: { problem: string }[] }).results;
  assert.equal(results.map((result) => result.problem), REDACTED);
  // test takes --redact too; the schema and the -r files are read under it as the instances are.
  const tested = run(["test", "--redact", "--valid", "any.schema.json", ...FILES]);
  assert.is(tested.stderr, [...REDACTED, ""].join("\n"));
  assert.is(run(["validate", "--redact", "bs.yaml", "ok.yaml"]).stderr, `${REDACTED[0]}\n`);
  assert.is(run(["validate", "--redact", "-r", "bs.yaml", "any.schema.json", "ok.yaml"]).stderr, `${REDACTED[0]}\n`);
});

test("without --redact, the YAML reader's message is kept, its first line only", () => {
  const r = run(["validate", "any.schema.json", "bs.yaml", "alias.yaml"]);
  assert.is(r.status, 2);
  assert.is(
    r.stderr,
    `bs.yaml:1:12: invalid YAML: Block scalar header includes extra characters: password: |${SECRET}\n` +
      `alias.yaml: invalid YAML: Unresolved alias (the anchor must be set before the alias): ${SECRET}\n`,
  );
});

test("without --redact, the YAML reader's message is cut in the middle to 400 characters and escaped (a 250 KB header gave a 250 KB line)", () => {
  file("long.yaml", `password: |${"S".repeat(250_000)}END\n#code UNEXPECTED_TOKEN\n`);
  file("esc.yaml", "a: \u001b[31mRED\u202e\n#code UNEXPECTED_TOKEN\n");
  const r = run(["validate", "any.schema.json", "long.yaml", "esc.yaml"]);
  assert.is(r.status, 2);
  const [long, esc] = r.stderr.split("\n");
  assert.ok(long!.length <= "long.yaml:1:12: invalid YAML: ".length + 400, `${long!.length} characters`);
  assert.match(long!, /^long\.yaml:1:12: invalid YAML: Block scalar header includes extra characters: password: \|S+…S+END$/);
  assert.is(esc, "esc.yaml:1:12: invalid YAML: Block scalar header includes extra characters: a: \\u001b[31mRED\\u202e");
  const json = JSON.parse(run(["validate", "-o", "json", "any.schema.json", "long.yaml"]).stdout) as { results: { problem: string }[] };
  assert.ok(json.results[0]!.problem.length <= 440, `${json.results[0]!.problem.length} characters`);
});

test("test --redact leaves the values out of the closest errors, as validate --redact does", () => {
  file("pw.schema.json", { properties: { password: { minLength: 20, pattern: "^[A-Z]" }, pin: { const: 1234 } } });
  file("user.json", { password: "secret-pw", pin: 9999 });
  const plain = run(["test", "--valid", "pw.schema.json", "user.json"]);
  assert.ok(plain.stdout.includes('"secret-pw"'), plain.stdout);
  assertOutput(run(["test", "--redact", "--valid", "pw.schema.json", "user.json"]), 1, [
    "user.json: invalid, expected valid",
    "  /password: must have at least 20 characters, but has 9",
    "  /password: must match the pattern /^[A-Z]/u, but is a string (value hidden)",
    "  /pin: must be equal to 1234, but is a number (value hidden)",
  ]);
  assert.match(run(["test", "--help"]).stdout, /\n {2}--redact {18}leave the instances' values out of messages/);
});

test("the real yaml package, when installed: --redact quotes nothing of a syntax error (skipped when it is not)", () => {
  if (!existsSync(join(ROOT, "node_modules/yaml"))) return;
  const real = (...args: string[]) => spawnSync(process.execPath, [join(ROOT, "dist/cli.js"), ...args], { cwd: dir, encoding: "utf8", timeout: 20_000 });
  const cases: [string, string, string][] = [
    ["real-bs.yaml", `password: |${SECRET}\n  x\n`, "real-bs.yaml:1:12: invalid YAML: unexpected token\n"],
    ["real-tag.yaml", `a: !${SECRET}!x 1\n`, "real-tag.yaml:1:4: invalid YAML: a tag that cannot be resolved\n"],
    ["real-alias.yaml", `a: *${SECRET}\n`, "real-alias.yaml: invalid YAML: Unresolved alias (the anchor must be set before the alias)\n"],
  ];
  for (const [name, text, stderr] of cases) {
    file(name, text);
    const r = real("validate", "--redact", "any.schema.json", name);
    assert.is(r.stderr, stderr, name);
    assert.is(r.status, 2, name);
  }
});

test.run();
