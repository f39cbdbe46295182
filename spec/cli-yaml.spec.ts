// YAML files through the optional `yaml` peer package. The real package is not a dependency of
// this repository, so a stand-in with the same entries (`parseDocument` and `parse`, errors with
// `linePos`, the node predicates) is put where the spawned CLI looks for it: the wiring is tested,
// not the YAML parser. With the real package installed in node_modules, the last specs also run
// the repository's dist/cli.js on it.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { parseArgs } from "../src/cli/args.js";
import { MAX_FILE_SIZE, MAX_YAML_SIZE, READ_OPTIONS, readJson, readOptionsOf } from "../src/cli/read-json.js";
import { assertOutput, CLI, dir, file, ROOT, run } from "./cli-harness.js";

const stand = join(dirname(dirname(CLI)), "node_modules", "yaml");
mkdirSync(stand, { recursive: true });
writeFileSync(join(stand, "package.json"), JSON.stringify({ name: "yaml", type: "module", exports: "./index.js" }));
// "key: value" lines, values read as JSON (or kept as text); "!" anywhere but in "!custom" is a
// syntax error at its line and column, worded as the real package words it. As the real one
// does, values come from toJS(), and "!custom" (a tag it cannot resolve) makes a warning that
// quotes the raw line, written with process.emitWarning unless logLevel is "error" or "silent".
// "#js BODY" makes toJS() return what BODY returns: the values the real package can make (a
// cycle through an alias, a Set for !!set, a Date...). "#deep" is the error it reports for
// nesting past the call stack.
writeFileSync(
  join(stand, "index.js"),
  `const KIND = Symbol("kind");
const node = (kind, props) => ({ [KIND]: kind, ...props });
export const isAlias = (n) => n?.[KIND] === "alias";
export const isMap = (n) => n?.[KIND] === "map";
export const isCollection = (n) => n?.[KIND] === "map" || n?.[KIND] === "seq";
export const isPair = (n) => n?.[KIND] === "pair";
const quiet = (options) => options?.logLevel === "error" || options?.logLevel === "silent";
const at = (message, line, col) => Object.assign(new Error(message + " at line " + line + ", column " + col + ":\\n\\n  snippet\\n  ^\\n"), { linePos: [{ line, col }] });
export function parseDocument(text, options) {
  const lines = text.split("\\n");
  const errors = [];
  const bad = lines.findIndex((l) => l.replaceAll("!custom", "").includes("!"));
  if (bad >= 0) errors.push(at("Unexpected flow-map-end token", bad + 1, lines[bad].indexOf("!") + 1));
  if (lines.includes("#deep")) errors.push(at("Maximum call stack size exceeded", 1, 789));
  const custom = lines.find((l) => l.includes("!custom"));
  const warnings = custom === undefined ? [] : [new Error("Unresolved tag: !custom at line 1, column 4:\\n\\n" + custom + "\\n")];
  const js = lines.find((l) => l.startsWith("#js "));
  const items = [];
  let offset = 0;
  for (const line of lines) {
    if (line.trim() && !line.startsWith("#")) {
      const [k, v] = line.split(/:\\s*/);
      const text = v.replace("!custom ", "");
      // A plain number is read as the package reads it (Number: "1e-400" is 0; YAML 1.1's "_" between digits left out), with its source text.
      const digits = text.replace(/_/g, "");
      const value = /^[-+]?\\.?\\d/.test(digits) && !Number.isNaN(Number(digits)) ? Number(digits) : text;
      items.push(node("pair", { key: node("scalar", { value: k, range: [offset, offset + k.length] }), value: node("scalar", { value, source: text, range: [offset + line.indexOf(v), offset + line.length] }) }));
    }
    offset += line.length + 1;
  }
  const contents = items.length === 0 && js === undefined ? null : node("map", { items });
  const toJS = () => {
    if (custom !== undefined && !quiet(options)) process.emitWarning("Keys with collection values will be stringified: " + custom);
    if (js !== undefined) return new Function(js.slice(4))();
    if (contents === null) return null;
    const out = {};
    for (const { key, value } of items) {
      try { out[key.value] = JSON.parse(value.value); } catch { out[key.value] = value.value; }
    }
    return out;
  };
  return { contents, errors, warnings, toJS };
}
export function parse(text, options) {
  const doc = parseDocument(text, options);
  if (!quiet(options)) for (const warning of doc.warnings) process.emitWarning(warning);
  if (doc.errors.length > 0) throw doc.errors[0];
  return doc.toJS(options);
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

test("with the yaml package: a number read as 0 that is not 0 (1e-400) is refused with its place, as in JSON, exit 2", () => {
  file("tiny.yaml", 'name: "x"\nage: -1.5e-400\n');
  file("tiny11.yaml", 'name: "x"\nage: 0_1.0e-400\n'); // YAML 1.1 digits
  file("zeros.yaml", 'name: "x"\na: 0.0\nb: 0e5\nc: -0\nd: 0x0\n');
  const near = "nearer 0 than the least number read, about 5e-324 (a double): it would read as 0";
  const r = run(["validate", "person.yaml", "tiny.yaml", "zeros.yaml"]);
  assertOutput(r, 2, ["zeros.yaml: valid"]);
  assert.is(r.stderr, `tiny.yaml:2:6: number out of range: -1.5e-400 is ${near}\n`);
  assert.is(run(["validate", "--redact", "person.yaml", "tiny.yaml"]).stderr, `tiny.yaml:2:6: number out of range: a number is ${near}\n`);
  assert.is(run(["validate", "person.yaml", "tiny11.yaml"]).stderr, `tiny11.yaml:2:6: number out of range: 0_1.0e-400 is ${near}\n`);
  writeFileSync(join(dir, "tiny.json"), '{"name": "x", "age": -1.5e-400}');
  assert.is(run(["validate", "person.yaml", "tiny.json"]).stderr, `tiny.json:1:22: number out of range: -1.5e-400 is ${near}\n`);
});

file("any.schema.json", {});
/** A run that a loop or a memory blow-up ends quickly: a small heap, a short timeout. */
const bounded = (args: string[]) => run(args, { node: ["--max-old-space-size=256"], timeout: 20_000 });

test("a YAML alias that contains itself is refused, naming the file and the place (exit 2), in every command", () => {
  file("selfref.yaml", "#js const a = []; a.push(a); return { a };\n");
  file("mapcyc.yaml", "#js const a = { k: 1 }; a.b = { c: a }; return { a };\n");
  const cycle = "a YAML alias refers to a node that contains it (the data would be infinite)";
  const r = bounded(["validate", "any.schema.json", "selfref.yaml", "mapcyc.yaml"]);
  assertOutput(r, 2, []);
  assert.is(r.stderr, `selfref.yaml: /a/0: ${cycle}\nmapcyc.yaml: /a/b/c: ${cycle}\n`);
  assert.is(bounded(["check", "selfref.yaml"]).stderr, `selfref.yaml: /a/0: ${cycle}\n`);
  assert.is(bounded(["test", "any.schema.json", "selfref.yaml", "--valid"]).stderr, `selfref.yaml: /a/0: ${cycle}\n`);
  const refs = bounded(["validate", "-r", "selfref.yaml", "any.schema.json", "person.yaml"]);
  assert.is(refs.status, 2);
  assert.is(refs.stderr, `selfref.yaml: /a/0: ${cycle}\n`);
  const json = JSON.parse(bounded(["validate", "-o", "json", "any.schema.json", "selfref.yaml"]).stdout) as { results: { problem: string }[] };
  assert.is(json.results[0]!.problem, `selfref.yaml: /a/0: ${cycle}`);
});

test("an alias shared many times is walked once: 99 uses of a 1,000,000-item list cost about one", () => {
  file("once.yaml", "#js const big = new Array(1e6).fill(1); return { a: [big] };\n");
  file("shared.yaml", "#js const big = new Array(1e6).fill(1); return { a: new Array(99).fill(big) };\n");
  const time = (name: string) => {
    const start = performance.now();
    assertOutput(bounded(["validate", "any.schema.json", name]), 0, [`${name}: valid`]);
    return performance.now() - start;
  };
  const once = time("once.yaml");
  const shared = time("shared.yaml");
  assert.ok(shared < 3 * once + 1000, `99 uses: ${Math.round(shared)} ms, one: ${Math.round(once)} ms`);
});

test("values YAML has and JSON has not (!!set, !!omap, !!binary, !!timestamp) are refused with their place, exit 2", () => {
  file("set.yaml", '#js return { s: new Set(["a", "b"]) };\n');
  file("omap.yaml", "#js return { o: [1, new Map([['a', 1]])] };\n");
  file("binary.yaml", '#js return { b: new Uint8Array([104, 105]) };\n');
  file("date.yaml", '#js return { e: new Date("2001-12-14") };\n');
  file("undefined.yaml", "#js return { u: undefined };\n");
  const r = run(["validate", "any.schema.json", "set.yaml", "omap.yaml", "binary.yaml", "date.yaml", "undefined.yaml"]);
  assertOutput(r, 2, []);
  assert.is(
    r.stderr,
    [
      "set.yaml: /s: a set (!!set) is not JSON data",
      "omap.yaml: /o/1: an ordered map (!!omap) is not JSON data",
      "binary.yaml: /b: binary data (!!binary) is not JSON data",
      "date.yaml: /e: a timestamp (!!timestamp) is not JSON data",
      "undefined.yaml: /u: a undefined is not JSON data",
      "",
    ].join("\n"),
  );
});

test("an empty YAML file is refused as an empty JSON file is (exit 2), and so is one of comments only", () => {
  file("empty.yaml", "");
  file("comments.yaml", "# nothing here\n");
  const r = run(["validate", "any.schema.json", "empty.yaml", "comments.yaml"]);
  assertOutput(r, 2, []);
  assert.is(r.stderr, "empty.yaml:1:1: invalid YAML: the file is empty\ncomments.yaml:1:1: invalid YAML: the file holds no value, only comments\n");
  file("null.yaml", "#js return null;\n"); // "~" or "null": a value
  assertOutput(run(["validate", "any.schema.json", "null.yaml"]), 0, ["null.yaml: valid"]);
});

test("the package's warnings, which quote the file's raw bytes, are never printed (-q and --output json too)", () => {
  file("warn.yaml", "x: !custom bar \u001b[31mRED \u202e evil\n");
  assertOutput(run(["validate", "any.schema.json", "warn.yaml"]), 0, ["warn.yaml: valid"]);
  assert.is(run(["validate", "any.schema.json", "warn.yaml"]).stderr, "");
  assert.is(run(["validate", "-q", "any.schema.json", "warn.yaml"]).stderr, "");
  const json = run(["validate", "-o", "json", "any.schema.json", "warn.yaml"]);
  assert.is(json.stderr, "");
  assert.not.match(json.stdout, /[\u001b\u202e]/);
});

test("a key written twice in a mapping is refused at its place (the package's own check is quadratic, so it is off)", () => {
  file("dup.yaml", "a: 1\nb: 2\na: 3\n");
  const r = run(["validate", "any.schema.json", "dup.yaml"]);
  assertOutput(r, 2, []);
  assert.is(r.stderr, "dup.yaml:3:1: invalid YAML: map keys must be unique\n");
});

test("YAML nested past what the reader takes says so, not 'Maximum call stack size exceeded'", () => {
  file("deep.yaml", "#deep\n");
  file("deeper.yaml", "#js const f = () => f(); return f();\n");
  const r = run(["validate", "any.schema.json", "deep.yaml", "deeper.yaml"]);
  assertOutput(r, 2, []);
  assert.is(r.stderr, "deep.yaml:1:789: invalid YAML: nested too deeply for the YAML reader\ndeeper.yaml: invalid YAML: nested too deeply for the YAML reader\n");
});

test("a YAML file over 256K is refused before it is parsed, naming the limit and --max-yaml-size (exit 2)", () => {
  assert.is(MAX_YAML_SIZE, 256 * 1024);
  const text = (size: number) => "a: 1\n#" + "x".repeat(size - 7) + "\n";
  file("at-limit.yaml", text(MAX_YAML_SIZE));
  file("over-limit.yaml", text(MAX_YAML_SIZE + 1));
  const r = run(["validate", "any.schema.json", "at-limit.yaml", "over-limit.yaml"]);
  assert.is(r.status, 2);
  assert.is(r.stdout, "at-limit.yaml: valid\n");
  assert.is(r.stderr, "over-limit.yaml: cannot read: larger than 256K, the most YAML read (raise it with --max-yaml-size)\n");
  // A smaller --max-file-size holds for YAML too, and JSON files of that size are read as before.
  assert.is(run(["validate", "--max-file-size", "1K", "any.schema.json", "over-limit.yaml"]).stderr, "over-limit.yaml: cannot read: larger than 1K (--max-file-size)\n");
  // --max-yaml-size raises it, for instances, schemas and -r files alike; check takes it too.
  assertOutput(run(["validate", "--max-yaml-size", "512K", "any.schema.json", "over-limit.yaml"]), 0, ["over-limit.yaml: valid"]);
  file("over-limit.schema.yaml", text(MAX_YAML_SIZE + 1).replace("a: 1", "type: object"));
  assert.is(run(["check", "over-limit.schema.yaml"]).status, 2);
  assert.is(run(["check", "--max-yaml-size", "512K", "over-limit.schema.yaml"]).status, 0);
  assert.is(run(["validate", "-r", "over-limit.schema.yaml", "any.schema.json", "at-limit.yaml"]).status, 2);
  file("big.json", JSON.stringify({ a: "x".repeat(MAX_YAML_SIZE) }));
  assertOutput(run(["validate", "any.schema.json", "big.json"]), 0, ["big.json: valid"]);
});

test("--max-yaml-size is read as --max-file-size is, and readJson takes it as an option", async () => {
  const parse = (...argv: string[]) => readOptionsOf(parseArgs(argv, { options: READ_OPTIONS }));
  assert.equal(parse(), { maxYamlSize: MAX_YAML_SIZE, redact: false });
  assert.is(parse("--max-yaml-size", "1M").maxYamlSize, 1024 * 1024);
  assert.is(parse("--max-yaml-size=300k").maxYamlSize, 300 * 1024);
  assert.throws(() => parse("--max-yaml-size", "lots"), /^--max-yaml-size must be a number of bytes, with K, M or G if wanted \(256K\), not "lots"$/);
  assert.throws(() => parse("--max-yaml-size", "0"), /--max-yaml-size must be/);
  const path = file("two-k.yaml", "a: 1\n#" + "x".repeat(2048) + "\n");
  try {
    await readJson(path, MAX_FILE_SIZE, { maxYamlSize: 1024 });
    assert.unreachable("read");
  } catch (error) {
    assert.is((error as Error).message, `${path}: cannot read: larger than 1K, the most YAML read (raise it with --max-yaml-size)`);
  }
});

test("the real yaml package, when installed (skipped when it is not)", () => {
  if (!existsSync(join(ROOT, "node_modules/yaml"))) return;
  const r = spawnSync(process.execPath, [join(ROOT, "dist/cli.js"), "validate", "person.yaml", "ada.yml"], { cwd: dir, encoding: "utf8" });
  assert.is(r.status, 0, r.stderr);
  assert.is(r.stdout, "ada.yml: valid\n");
});


test("the real yaml package, when installed: hostile files are refused quickly, nothing raw reaches stderr", () => {
  if (!existsSync(join(ROOT, "node_modules/yaml"))) return;
  const real = (...args: string[]) => spawnSync(process.execPath, ["--max-old-space-size=256", join(ROOT, "dist/cli.js"), ...args], { cwd: dir, encoding: "utf8", timeout: 20_000 });
  const cases: [string, string, string][] = [
    ["real-selfref.yaml", "a: &x [*x]\n", "real-selfref.yaml: /a/0: a YAML alias refers to a node that contains it (the data would be infinite)\n"],
    ["real-mapcyc.yaml", "a: &a\n  k: 1\n  b: *a\n", "real-mapcyc.yaml: /a/b: a YAML alias refers to a node that contains it (the data would be infinite)\n"],
    ["real-mutual.yaml", "a: &a {b: &b [*a]}\n", "real-mutual.yaml: /a/b/0: a YAML alias refers to a node that contains it (the data would be infinite)\n"],
    ["real-set.yaml", "s: !!set {a, b}\n", "real-set.yaml: /s: a set (!!set) is not JSON data\n"],
    ["real-omap.yaml", "o: !!omap [a: 1, b: 2]\n", "real-omap.yaml: /o: an ordered map (!!omap) is not JSON data\n"],
    ["real-binary.yaml", "b: !!binary aGVsbG8=\n", "real-binary.yaml: /b: binary data (!!binary) is not JSON data\n"],
    ["real-date.yaml", "e: !!timestamp 2001-12-14\n", "real-date.yaml: /e: a timestamp (!!timestamp) is not JSON data\n"],
    ["real-empty.yaml", "", "real-empty.yaml:1:1: invalid YAML: the file is empty\n"],
    ["real-dup.yaml", "a: 1\na: 2\n", "real-dup.yaml:2:1: invalid YAML: map keys must be unique\n"],
    ["real-key.yaml", "? [a, b]\n: 1\n", "real-key.yaml:1:3: invalid YAML: a key that is a list or a mapping has no JSON form\n"],
    ["real-bad.yaml", "a: [\n}\n", "real-bad.yaml:2:1: invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]\n"],
    ["real-deep.yaml", "[".repeat(2000) + "]".repeat(2000) + "\n", "real-deep.yaml:1:789: invalid YAML: nested too deeply for the YAML reader\n"],
    ["real-warn.yaml", "x: !custom bar \u001b[31mRED \u202e evil\n? [\u001b]\n: 1\n", "real-warn.yaml:2:3: invalid YAML: a key that is a list or a mapping has no JSON form\n"],
    ["real-tag.yaml", "%TAG !e! tag:\u001b[31m,2000:\n---\nx: !e!foo bar\n", ""],
  ];
  for (const [name, text, stderr] of cases) {
    file(name, text);
    const r = real("validate", "any.schema.json", name);
    assert.is(r.stderr, stderr, name);
    assert.is(r.status, stderr === "" ? 0 : 2, name);
  }
  // !!pairs may repeat a key; a merge key (<<) is not a repeated key.
  file("real-pairs.yaml", "p: !!pairs [a: 1, a: 2]\nm: &m {a: 1}\nn: {<<: *m, b: 2}\n");
  assert.is(real("validate", "any.schema.json", "real-pairs.yaml").stdout, "real-pairs.yaml: valid\n");
  // 99 aliases of a long list: each use walked once, within the time of one.
  file("real-bomb.yaml", "a: &a [" + "1,".repeat(100_000) + "1]\nb: [" + "*a,".repeat(98) + "*a]\n");
  const start = performance.now();
  assert.is(real("validate", "any.schema.json", "real-bomb.yaml").stdout, "real-bomb.yaml: valid\n");
  assert.ok(performance.now() - start < 10_000);
});

test.run();
