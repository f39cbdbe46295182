// The command line stays bounded whatever the files: --output json whatever the size of the
// errors, patterns in time linear in the tree, suite folders that hold other than suite files,
// directories that cannot be read, and standard input asked for twice.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { printableJson } from "../src/cli/printable.js";
import { matchesSegment } from "../src/cli/instances.js";
import type { Io } from "../src/cli/io.js";
import { printJsonReport } from "../src/cli/validate.js";
import { ResultSpool } from "../src/cli/result-spool.js";
import { assertOutput, CLI, dir, file, run, runEnv } from "./cli-harness.js";

file("af.schema.json", { additionalProperties: false });
file("obj.schema.json", { type: "object" });
file("empty.json", {});

test("validate -o json: a first error longer than 1 MiB (a 3 MB key) is cut in the middle, and the result says truncated", () => {
  const key = "k".repeat(3_000_000);
  file("hugekey.json", { [key]: 1, b: 2 });
  const r = run(["validate", "-o", "json", "af.schema.json", "hugekey.json", "empty.json"]);
  assert.is(r.status, 1, r.stderr);
  assert.ok(r.stdout.length < 200_000, `${r.stdout.length} characters`);
  const out = JSON.parse(r.stdout) as { results: { file: string; errors?: { keyword: string; params: { additionalProperty: string } }[]; truncated?: true }[] };
  const [huge, empty] = out.results;
  assert.is(huge!.truncated, true);
  assert.is(huge!.errors!.length, 1);
  const cut = huge!.errors![0]!.params.additionalProperty;
  assert.ok(cut.length <= 64 * 1024 && /^k+…k+$/.test(cut), cut.slice(0, 20));
  assert.equal(empty, { file: "empty.json", valid: true });
  // A long enum's values are left out of the params, where a cut would change them.
  file("enum.schema.json", { enum: Array.from({ length: 200_000 }, (_, i) => `value${i}`) });
  const listed = JSON.parse(run(["validate", "-o", "json", "enum.schema.json", "empty.json"]).stdout) as { results: { errors: { params: object }[]; truncated?: true }[] };
  assert.equal([listed.results[0]!.errors[0]!.params, listed.results[0]!.truncated], [{}, true]);
  // The 1 MiB is of the JSON as printed: a key of a million zero-width spaces is 1,000,000
  // characters of JSON.stringify but six million printed (each one \u200b); it was not cut.
  file("zero-width.json", { ["\u200b".repeat(1_000_000)]: 0 });
  const printed = run(["validate", "-o", "json", "af.schema.json", "zero-width.json"]);
  assert.ok(printed.stdout.length < 500_000, `${printed.stdout.length} characters`);
  const zw = JSON.parse(printed.stdout) as { results: { errors: { params: { additionalProperty: string } }[]; truncated?: true }[] };
  assert.is(zw.results[0]!.truncated, true);
  assert.ok(zw.results[0]!.errors[0]!.params.additionalProperty.length <= 64 * 1024);
});

/** The spools' folders in the temporary directory. */
function leftInTmp(): string[] {
  return readdirSync(tmpdir()).filter((name) => /^schemagate-[^-]{6}$/.test(name)).sort();
}

/** A ResultSpool holding `texts` (in memory, or in its file past `budget` characters). */
function spooled(texts: readonly string[], budget?: number): ResultSpool {
  const spool = new ResultSpool(budget);
  for (const text of texts) spool.push(text);
  return spool;
}

// Regression (red-team probe of the CLI): --output json held every result's text in memory until
// "valid" was known, so 3,000 results of 1.4 MB each ran the heap out ("FATAL ERROR … heap out of
// memory", exit 134, nothing printed). Past a budget they wait in a temporary file.
test("validate -o json: results past the memory budget wait in a file and come back whole, in order", () => {
  // Multi-byte characters, line breaks, and results that straddle the 1 MiB reads.
  const texts = Array.from({ length: 40 }, (_, i) => printableJson({ file: `f${i}.json`, valid: i % 2 === 0, note: "é😀\n".repeat(i * 4_000) }));
  for (const budget of [0, 1_000_000, Infinity]) {
    const before = leftInTmp();
    const spool = spooled(texts, budget);
    try {
      assert.is(spool.count, texts.length);
      assert.is(spool.spooled, budget !== Infinity);
      // The file left its folder as it was opened, so that an interrupted run (Ctrl-C, a kill)
      // leaves nothing behind in the temporary directory (it left 115 MB there).
      if (process.platform !== "win32") {
        assert.is(spool.folder, undefined);
        assert.equal(leftInTmp(), before);
      }
      assert.equal([...spool.texts()], texts, `budget ${budget}`);
      assert.equal([...spool.texts()], texts, "read again");
    } finally {
      spool.dispose();
    }
  }
  // Through printJsonReport: the same document, whichever way the results waited.
  const printed: string[] = [];
  const io = { print: (text: string) => printed.push(text), closed: false } as unknown as Io;
  const spool = spooled(texts.slice(0, 5), 0);
  printJsonReport({ valid: false, dialect: "2020-12" }, spool, io);
  spool.dispose();
  assert.is(printed.join("\n"), printableJson({ valid: false, dialect: "2020-12", results: texts.slice(0, 5).map((t) => JSON.parse(t) as unknown) }));
});

test("validate -o json: written a result at a time, as printableJson writes the whole", () => {
  const printed: string[] = [];
  const io = { print: (text: string) => printed.push(text), closed: false } as unknown as Io;
  const results = [{ file: "a.json", valid: true }, { file: "b\u2028.json", valid: false, errors: [{ error: "x\ny" }] }];
  printJsonReport({ valid: false, dialect: "2020-12" }, spooled(results.map((r) => printableJson(r))), io);
  assert.is(printed.join("\n"), printableJson({ valid: false, dialect: "2020-12", results }));
  // No write holds more than one result: the whole may be longer than V8's longest string.
  assert.ok(Math.max(...printed.map((p) => p.length)) < 2 * printableJson(results[1]).length);
  printed.length = 0;
  printJsonReport({ valid: true, dialect: "draft-07" }, spooled([]), io);
  assert.equal(printed, [printableJson({ valid: true, dialect: "draft-07", results: [] })]);
  // Through the command line: the same text, byte for byte, as the whole document would be.
  file("bad.json", { a: 1, "\u001b[31m": 2 });
  for (const args of [["af.schema.json", "empty.json", "bad.json", "missing.json"], ["-q", "af.schema.json", "empty.json"], ["af.schema.json", "bad.json"]]) {
    const r = run(["validate", "-o", "json", ...args]);
    assert.is(r.stdout, printableJson(JSON.parse(r.stdout)) + "\n");
  }
});

test("patterns: repeated ** and many * in a segment take time linear in the tree", () => {
  const chain = (root: string, depth: number) => {
    const deepest = join(root, ...Array<string>(depth).fill("d"));
    mkdirSync(join(dir, deepest), { recursive: true });
    file(join(deepest, "x.json"), {});
    return join(deepest, "x.json");
  };
  const d40 = chain("d40", 40);
  assertOutput(run(["validate", "obj.schema.json", "d40/**/**/**/**/*.json"], { timeout: 10_000 }), 0, [`${d40}: valid`]);
  const deep = chain("deep", 600);
  for (const pattern of ["deep/**/**/**/*.json", "deep/**/d/**/d/**/*.json"]) {
    assertOutput(run(["validate", "obj.schema.json", pattern], { timeout: 10_000 }), 0, [`${deep}: valid`]);
  }
  mkdirSync(join(dir, "long"));
  file(`long/${"a".repeat(240)}.json`, {});
  const many = run(["validate", "obj.schema.json", "long/*a*a*a*a*a*a*b*.json"], { timeout: 10_000 });
  assertOutput(many, 2, []);
  assert.is(many.stderr, "long/*a*a*a*a*a*a*b*.json: no file matches the pattern\n");
  assertOutput(run(["validate", "obj.schema.json", "long/*a*a*a*a*a*a*.json"], { timeout: 10_000 }), 0, [`long/${"a".repeat(240)}.json: valid`]);
});

test("patterns: a segment matches as the regular expression it stood for (* any characters, ? one code point)", () => {
  const asRegex = (segment: string) => new RegExp(`^${[...segment].map((c) => (c === "*" ? "[^/]*" : c === "?" ? "[^/]" : c.replace(/[\\^$.|+()[\]{}]/g, "\\$&"))).join("")}$`, "u");
  const letters = ["a", "b", "é", "😀", "."];
  let seed = 7;
  const pick = <T>(from: readonly T[]): T => from[(seed = (seed * 1103515245 + 12345) % 2 ** 31) % from.length]!;
  for (let i = 0; i < 5000; i++) {
    const segment = Array.from({ length: 1 + (i % 6) }, () => pick([...letters, "*", "?"])).join("");
    const name = Array.from({ length: i % 8 }, () => pick(letters)).join("");
    assert.is(matchesSegment([...segment], [...name]), asRegex(segment).test(name), `${segment} / ${name}`);
  }
});

test("a directory that cannot be read is a problem (exit 2), as a file is: by name, -R and pattern", () => {
  if (process.platform === "win32") return; // no mode 000
  // Root reads a directory of mode 000: without its capabilities to, it cannot.
  const asRoot = process.getuid?.() === 0;
  if (asRoot && spawnSync("setpriv", ["--version"]).status !== 0) throw new Error("setpriv is needed to drop root's right to read any directory");
  const runLocked = (args: string[]) => {
    const command = asRoot ? ["setpriv", "--bounding-set", "-dac_override,-dac_read_search", process.execPath] : [process.execPath];
    const r = spawnSync(command[0]!, [...command.slice(1), CLI, ...args], { cwd: dir, env: runEnv(), encoding: "utf8", timeout: 30_000 });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  mkdirSync(join(dir, "perm/locked"), { recursive: true });
  mkdirSync(join(dir, "perm/ok"));
  file("perm/ok/a.json", {});
  file("perm/locked/b.json", {});
  chmodSync(join(dir, "perm/locked"), 0);
  try {
    const named = runLocked(["validate", "obj.schema.json", "perm/locked"]);
    assertOutput(named, 2, []);
    assert.is(named.stderr, "perm/locked: cannot read: permission denied\n");
    for (const args of [["-R", "perm"], ["perm/**/*.json"]]) {
      const r = runLocked(["validate", ...args.slice(0, -1), "obj.schema.json", args.at(-1)!]);
      assertOutput(r, 2, ["perm/ok/a.json: valid"]);
      assert.is(r.stderr, "perm/locked: cannot read: permission denied\n");
    }
    const json = JSON.parse(runLocked(["validate", "-o", "json", "obj.schema.json", "perm/*/*.json"]).stdout) as { results: unknown[] };
    assert.equal(json.results, [{ file: "perm/locked", valid: false, problem: "perm/locked: cannot read: permission denied" }, { file: "perm/ok/a.json", valid: true }]);
  } finally {
    chmodSync(join(dir, "perm/locked"), 0o755);
  }
});

test("suite: only regular files are read, a malformed file is named, and a folder without a case is no pass", () => {
  const tests = join(dir, "s4/tests/draft2020-12");
  mkdirSync(tests, { recursive: true });
  const suite = (timeout = 10_000) => run(["suite", "--suite-dir", "s4", "--draft", "2020-12"], { timeout });
  const empty = suite();
  assertOutput(empty, 2, []);
  assert.is(empty.stderr, `schemagate suite: no test case found in tests/draft2020-12 under ${join(dir, "s4")}\n`);
  if (process.platform !== "win32") {
    const fifo = join(tests, "fifo.json");
    execFileSync("mkfifo", [fifo]);
    symlinkSync("/dev/zero", join(tests, "zero.json"));
    // A writer waiting to open the pipe: it opens only if the suite opens the pipe to read (it did, before its check).
    const marker = join(dir, "s4-fifo-opened");
    const writer = spawn("sh", ["-c", `exec 3>"${fifo}"; echo opened > "${marker}"`], { stdio: "ignore" });
    for (const special of [fifo, join(tests, "zero.json")]) {
      const r = suite(5_000);
      assertOutput(r, 2, []);
      assert.is(r.stderr, `schemagate suite: ${special}: cannot read: not a regular file\n`);
      if (special === fifo) {
        spawnSync("sleep", ["0.2"]);
        writer.kill(); // before the check: a failing one must not leave it waiting
        assert.not.ok(existsSync(marker), "the suite opened the named pipe");
      }
      rmSync(special);
    }
    // A file that says its size is 0 (as /proc's do) is read to its end, within the bound.
    symlinkSync("/proc/self/status", join(tests, "status.json"));
    assert.match(suite().stderr, /status\.json: invalid JSON: /);
    rmSync(join(tests, "status.json"));
    // Every file read is held until the run ends: 43 links to one 1.5 MB file are 64M and more.
    const big = join(dir, "s4-big.json");
    writeFileSync(big, JSON.stringify([{ description: "d", schema: {}, tests: [{ description: "x".repeat(1.5 * 1024 * 1024), data: 1, valid: true }] }]));
    for (let i = 0; i < 43; i++) symlinkSync(big, join(tests, `big${String(i).padStart(2, "0")}.json`));
    assert.match(suite(30_000).stderr, /big42\.json: cannot read: the suite's files read together are larger than 64M\n$/);
    for (let i = 0; i < 43; i++) rmSync(join(tests, `big${String(i).padStart(2, "0")}.json`));
    // A name that is not UTF-8 was read as text, which names no file: "cannot read: no such file".
    const latin1 = Buffer.concat([Buffer.from(tests + "/caf"), Buffer.from([0xe9]), Buffer.from(".json")]);
    writeFileSync(latin1, "[]");
    assert.is(suite().stderr, `schemagate suite: ${tests}/caf\\xE9.json: a suite file's name must be UTF-8\n`);
    rmSync(latin1);
  }
  const bad = join(tests, "bad.json");
  writeFileSync(bad, "not json");
  assert.match(suite().stderr, new RegExp(`^schemagate suite: ${bad}: invalid JSON: Unexpected token`));
  for (const text of ["{}", "[{}]", '[{"description":"d","schema":true,"tests":{}}]']) {
    writeFileSync(bad, text);
    const r = suite();
    assertOutput(r, 2, []);
    assert.is(r.stderr, `schemagate suite: ${bad}: not a suite file: expected [{"description", "schema", "tests": [{"description", "data", "valid"}]}]\n`);
  }
  writeFileSync(bad, JSON.stringify([{ description: "d", schema: true, tests: [{ description: "t", data: 1, valid: true }] }]));
  assert.is(suite().status, 0);
  // A number JSON.parse reads as Infinity makes a file malformed, as validate refuses it: a remote
  // holding one made every case of the draft fail, blamed on the engine (exit 1).
  const remotes = join(dir, "s4/remotes");
  mkdirSync(remotes, { recursive: true });
  writeFileSync(join(remotes, "inf.json"), '{"a": 1e400}');
  const far = suite();
  assertOutput(far, 2, []);
  assert.is(far.stderr, `schemagate suite: ${join(remotes, "inf.json")}:1:7: number out of range: 1e400 is beyond the largest number read, about 1.8e308 (a double)\n`);
  rmSync(remotes, { recursive: true });
  writeFileSync(bad, '[{"description": "d", "schema": true, "tests": [{"description": "t", "data": -2e999, "valid": true}]}]');
  assert.match(suite().stderr, `${bad}:1:78: number out of range: -2e999`);
});

test("standard input can be read only once: -r - with - as the schema or an instance is bad usage", () => {
  for (const args of [["validate", "-r", "-", "obj.schema.json", "-"], ["validate", "-r", "-", "-", "empty.json"], ["check", "-r", "-", "-"], ["check", "-r", "-", "obj.schema.json", "af.schema.json"]]) {
    const r = run(args, { input: '{"type":"string"}' });
    assertOutput(r, 2, []);
    assert.match(r.stderr, /^schemagate (validate|check): standard input \(-\) can be read only once\n/);
  }
  // Once is fine.
  assertOutput(run(["validate", "-r", "-", "obj.schema.json", "empty.json"], { input: '{"type":"string"}' }), 0, ["empty.json: valid"]);
});

test.run();
