// File names as the command line meets them: names that are not UTF-8 (a Latin-1 "café.json"),
// which Node's string paths cannot name, found by a directory or a pattern and read by their
// bytes; and names in --output json, escaped once, at the JSON level.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { nameOfBytes } from "../src/cli/utf8.js";
import { assertOutput, CLI, dir, file, run, runEnv } from "./cli-harness.js";

file("obj.schema.json", { type: "object" });

/** Writes `content` to the file of these bytes in dir (`parts`: text or bytes, joined); false where the file system takes only UTF-8 names. */
function byteFile(parts: (string | number[])[], content: string): boolean {
  const path = Buffer.concat([Buffer.from(dir + "/"), ...parts.map((p) => (typeof p === "string" ? Buffer.from(p) : Buffer.from(p)))]);
  try {
    mkdirSync(Buffer.concat([path.subarray(0, path.lastIndexOf(0x2f))]), { recursive: true });
    writeFileSync(path, content);
    return true;
  } catch (error) {
    if (["EILSEQ", "EINVAL"].includes((error as NodeJS.ErrnoException).code ?? "")) return false;
    throw error;
  }
}

test("nameOfBytes: UTF-8 as it is, each other byte written \\xHH", () => {
  assert.is(nameOfBytes(Buffer.from("café.json")), "café.json");
  assert.is(nameOfBytes(Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x2e, 0x6a])), "caf\\xE9.j");
  assert.is(nameOfBytes(Buffer.from([0xff, 0xfe, 0x61, 0xc3])), "\\xFF\\xFEa\\xC3"); // a sequence cut short too
  assert.is(nameOfBytes(Buffer.from([0xe2, 0x82, 0x41, 0xe2, 0x82, 0xac])), "\\xE2\\x82A€");
});

test("a directory, -R and a pattern read files whose names are not UTF-8, and name them with \\xHH (no 'no such file', exit 0)", () => {
  const made =
    byteFile(["latin/caf", [0xe9], ".json"], "{}") &&
    byteFile(["latin/bad", [0xe9], ".json"], "[1]") &&
    byteFile(["latin/d", [0xff], "/deep", [0xe9], ".json"], "{}") &&
    byteFile(["latin/\u001b[31m", [0xe9], "\u202e.json"], "{}");
  if (!made) return; // a file system of UTF-8 names only (macOS): no such file can exist
  file("latin/ok.json", {});
  const expected = ["latin/\\u001b[31m\\xE9\\u202e.json: valid", "latin/bad\\xE9.json: invalid (1 error)", "  (root): must be object, but is an array [/type]", "latin/caf\\xE9.json: valid", "latin/ok.json: valid"];
  assertOutput(run(["validate", "obj.schema.json", "latin"]), 1, expected);
  assertOutput(run(["validate", "obj.schema.json", "latin/*.json"]), 1, expected);
  // "?" matches the byte that is not UTF-8 (read as U+FFFD); a folder of such a name is walked.
  assertOutput(run(["validate", "obj.schema.json", "latin/caf?.json"]), 0, ["latin/caf\\xE9.json: valid"]);
  assertOutput(run(["validate", "-q", "-R", "obj.schema.json", "latin"]), 1, expected.slice(1, 3));
  assertOutput(run(["validate", "obj.schema.json", "latin/**/deep*.json"]), 0, ["latin/d\\xFF/deep\\xE9.json: valid"]);
  assertOutput(run(["test", "--valid", "-q", "obj.schema.json", "latin/*/*.json"]), 0, []);
  const json = JSON.parse(run(["validate", "-o", "json", "obj.schema.json", "latin/caf*.json"]).stdout) as { results: unknown[] };
  assert.equal(json.results, [{ file: "latin/caf\\xE9.json", valid: true }]);
  // A problem in such a file names it the same way.
  byteFile(["latin2/caf", [0xe9], ".json"], "{,}");
  const broken = run(["validate", "obj.schema.json", "latin2"]);
  assertOutput(broken, 2, []);
  assert.is(broken.stderr, "latin2/caf\\xE9.json:1:2: invalid JSON: expected property name or '}'\n");
  // Regression: named as an argument, its bytes reach the program as "caf\uFFFD.json" (Node's
  // decoding): "no such file", or a file really called so was read in its place. Where the system
  // shows the arguments' bytes (Linux), such an argument is refused, saying how to name the file.
  if (process.platform !== "linux") return;
  file("latin/caf\ufffd.json", "[1]"); // the name Node would make of it, a real file
  const named = spawnSync("sh", ["-c", `"${process.execPath}" "${CLI}" validate obj.schema.json "$(printf 'latin/caf\\351.json')"`], { cwd: dir, env: runEnv(), encoding: "utf8" });
  assert.is(named.status, 2, named.stdout);
  assert.is(named.stdout, "");
  assert.match(named.stderr, 'the argument "latin/caf\\xE9.json" is not UTF-8');
  assert.match(named.stderr, "name it by a pattern");
  // A name that is UTF-8, U+FFFD and all, is that file.
  assertOutput(run(["validate", "obj.schema.json", "latin/caf\ufffd.json"]), 1, ["latin/caf\ufffd.json: invalid (1 error)", "  (root): must be object, but is an array [/type]"]);
});

test("--output json: a problem's text is escaped once, as the file name is (it was escaped twice: \\\\u001b)", () => {
  const pattern = "no\u001b[31mpe/*.json";
  const r = run(["validate", "-o", "json", "obj.schema.json", pattern]);
  assert.is(r.status, 2);
  assert.not.match(r.stdout, /\u001b/);
  assert.equal((JSON.parse(r.stdout) as { results: unknown[] }).results, [{ file: pattern, valid: false, problem: `${pattern}: no file matches the pattern` }]);
  file("bad\u001b[31m\u202e.json", "{,}");
  const syntax = JSON.parse(run(["validate", "-o", "json", "obj.schema.json", "bad\u001b[31m\u202e.json"]).stdout) as { results: { problem: string }[] };
  assert.is(syntax.results[0]!.problem, "bad\u001b[31m\u202e.json:1:2: invalid JSON: expected property name or '}'");
  const schema = run(["validate", "-o", "json", "no\u001bschema.json", "x.json"]);
  assert.not.match(schema.stdout, /\u001b/);
  assert.equal(JSON.parse(schema.stdout), { valid: false, schema: { file: "no\u001bschema.json", problem: "no\u001bschema.json: cannot read: no such file" } });
  // The text output still escapes them.
  assert.is(run(["validate", "obj.schema.json", pattern]).stderr, "no\\u001b[31mpe/*.json: no file matches the pattern\n");
  // A refused schema's message too (it was escaped twice: the SchemaError's message is escaped
  // already), as its schemaLocation beside it is.
  file("esc.schema.json", { properties: { "a\u001b[31m": { type: "x" } } });
  const refused = run(["validate", "-o", "json", "esc.schema.json", "x.json"]);
  assert.not.match(refused.stdout, /\u001b|\\\\u001b/);
  const said = (JSON.parse(refused.stdout) as { schema: { schemaLocation: string; message: string } }).schema;
  assert.is(said.schemaLocation, "/properties/a\u001b[31m/type");
  assert.ok(said.message.endsWith(" at /properties/a\u001b[31m/type"), said.message);
});

test.run();
