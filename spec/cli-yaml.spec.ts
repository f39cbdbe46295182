// YAML files through the optional `yaml` peer package. The real package is not a dependency of
// this repository, so a stand-in with the same entry (`parse`, errors with `linePos`) is put
// where the spawned CLI looks for it: the wiring is tested, not the YAML parser. With the
// real package installed in node_modules, the last spec also runs the repository's dist/cli.js.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { assertOutput, CLI, dir, file, ROOT, run } from "./cli-harness.js";

const stand = join(dirname(dirname(CLI)), "node_modules", "yaml");
mkdirSync(stand, { recursive: true });
writeFileSync(join(stand, "package.json"), JSON.stringify({ name: "yaml", type: "module", exports: "./index.js" }));
// "key: value" lines, values read as JSON; "!" anywhere is a syntax error at its line and column.
writeFileSync(
  join(stand, "index.js"),
  `export function parse(text) {
  const lines = text.split("\\n");
  const bad = lines.findIndex((l) => l.includes("!"));
  if (bad >= 0) throw Object.assign(new Error("Unexpected flow-map-end token\\n\\n  at line"), { linePos: [{ line: bad + 1, col: lines[bad].indexOf("!") + 1 }] });
  const out = {};
  for (const line of lines) if (line.trim()) { const [k, v] = line.split(/:\\s*/); out[k] = JSON.parse(v); }
  return out;
}
`,
);

file("person.yaml", 'type: "object"\nrequired: ["name"]\n');
file("ada.yml", 'name: "Ada"\n');
file("nameless.yaml", "age: 3\n");
file("broken.yaml", 'name: "x"\nage: !\n');

test("with the yaml package: .yaml and .yml schemas and instances are read", () => {
  assertOutput(run(["validate", "person.yaml", "ada.yml", "nameless.yaml"]), 1, ["ada.yml: valid", "nameless.yaml: invalid (1 error)", '  (root): must have required property "name" [/required]']);
  assertOutput(run(["check", "person.yaml"]), 0, ["person.yaml: ok (2020-12)"]);
  assertOutput(run(["test", "person.yaml", "*.yml", "--valid"]), 0, ["ada.yml: valid, as expected"]);
});

test("with the yaml package: a syntax error names its line and column, exit 2", () => {
  const r = run(["validate", "person.yaml", "broken.yaml"]);
  assertOutput(r, 2, []);
  assert.is(r.stderr, "broken.yaml:2:6: invalid YAML: Unexpected flow-map-end token\n");
});

test("with the yaml package: a number JSON has not (.inf, 1e400) is refused with its place, exit 2", () => {
  file("infinite.yaml", 'name: "x"\nage: 1e400\n');
  const r = run(["validate", "person.yaml", "infinite.yaml"]);
  assertOutput(r, 2, []);
  assert.is(r.stderr, "infinite.yaml: /age: Infinity is not a JSON number\n");
  writeFileSync(join(dir, "latin1.yaml"), Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x3a, 0x20, 0x22, 0xe9, 0x22, 0x0a]));
  assert.is(run(["validate", "person.yaml", "latin1.yaml"]).stderr, "latin1.yaml:1:8: invalid YAML: not UTF-8: byte 0xE9 at offset 7\n");
});

test("the real yaml package, when installed (skipped when it is not)", () => {
  if (!existsSync(join(ROOT, "node_modules/yaml"))) return;
  const r = spawnSync(process.execPath, [join(ROOT, "dist/cli.js"), "validate", "person.yaml", "ada.yml"], { cwd: dir, encoding: "utf8" });
  assert.is(r.status, 0, r.stderr);
  assert.is(r.stdout, "ada.yml: valid\n");
});

test.run();
