// The command line under hostile files (issue 17, section 6): each reproduction, and the bounded
// behaviour that replaced it. Run against the built CLI (spec/cli-harness.ts).
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { lineColumn, nestingOffset } from "../src/cli/json-position.js";
import { printable } from "../src/cli/printable.js";
import { CLI, dir, file, noStack, run, runEnv, type Run } from "./cli-harness.js";

const GOOD = file("good.json", { name: "Ada" });
const OPEN = file("open.json", {});
/** A heap far smaller than the old line/column search needed for the big files here (it spread the text into an array). */
const SMALL_HEAP = ["--max-old-space-size=128"];
/** Characters a terminal acts on, that no printed line may hold (colour is off in these runs). */
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

function assertPrintable(r: Run): void {
  assert.not.match(r.stdout, RAW_CONTROL, "standard output holds a raw control character");
  assert.not.match(r.stderr, RAW_CONTROL, "standard error holds a raw control character");
}

// 1. A large single-line bad file: the position search is one pass by index, with no array of characters.

test("a 32 MB single-line bad JSON file: its line and column, under a 128 MB heap", () => {
  const n = 32 * 1024 * 1024;
  file("long.json", `{"k": "${"a".repeat(n)}\u0001"}`);
  const r = run(["validate", OPEN, "long.json"], { node: SMALL_HEAP });
  assert.is(r.status, 2, r.stderr.slice(0, 500));
  assert.is(r.stderr, `long.json:1:${n + 8}: invalid JSON: bad control character in string literal\n`);
  noStack(r);
  file("long-lines.json", `[${'"x",\n'.repeat(1_000_000)}"\u00e9\ud83d\ude00", x]`);
  const lines = run(["validate", OPEN, "long-lines.json"], { node: SMALL_HEAP });
  assert.is(lines.stderr, 'long-lines.json:1000001:7: invalid JSON: unexpected character "x"\n');
});

test("nesting deeper than 1,000,000 levels is refused before JSON.parse, with where", () => {
  file("brackets.json", "[".repeat(3_000_000));
  const r = run(["validate", OPEN, "brackets.json"], { node: SMALL_HEAP });
  assert.is(r.status, 2, r.stderr.slice(0, 500));
  assert.is(r.stderr, "brackets.json:1:1000001: nested deeper than 1000000 levels, the most read\n");
  assert.is(nestingOffset('[{"[[[[": ["\\"[["]}]', 3), -1, "brackets in strings do not count");
  assert.is(nestingOffset('[{"[[[[": ["\\"[["]}]', 2), 10);
  assert.is(nestingOffset("[[[]]]", 2), 2);
});

test("lineColumn: the same line and column as spreading the text, without doing it", () => {
  const reference = (text: string, offset: number) => {
    let line = 1;
    let start = 0;
    for (let i = 0; i < offset && i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
        line++;
        start = i + 1;
      }
    }
    return { line, column: [...text.slice(start, offset)].length + 1 };
  };
  const pieces = fc.constantFrom("a", "\n", "\r", "\r\n", "\ud83d\ude00", "\ud83d", "\ude00", "é");
  const texts = fc.array(pieces, { maxLength: 30 }).map((p) => p.join(""));
  fc.assert(
    fc.property(texts, fc.nat(), (text, at) => {
      const offset = at % (text.length + 2);
      assert.equal(lineColumn(text, offset), reference(text, offset));
    }),
    { numRuns: 3000 },
  );
});

// 2. The output is bounded: so many error lines, so many characters a location or a message.

// 250 levels (within maxDataDepth), each a 4,000-character key: 1 MB, and 251 errors whose
// locations would grow to 1 MB each; validate() cuts the list once its locations and messages
// reach 4,000,000 characters (limits.ts MAX_OUTPUT_TEXT), at 46 errors. With 100-character keys
// the 251 errors stay within that, and the CLI's own bounds show.
const DEEP_SCHEMA = file("deep-schema.json", { $defs: { n: { type: "object", additionalProperties: { $ref: "#/$defs/n" }, maxProperties: 0 } }, $ref: "#/$defs/n" });
const KEY = "k".repeat(4000);
file("deep.json", `${`{"${KEY}":`.repeat(250)}1${"}".repeat(250)}`);
file("deep-100.json", `${`{"${"k".repeat(100)}":`.repeat(250)}1${"}".repeat(250)}`);

/** `validate` of one of the deep files: its heading, so many error lines and the last line; no line, nor the whole, long. */
function printed(name: string, heading: string, errorLines: number, last: string): string[] {
  const r = run(["validate", DEEP_SCHEMA, name]);
  assert.is(r.status, 1, r.stderr);
  const lines = r.stdout.trimEnd().split("\n");
  assert.is(lines[0], `${name}: ${heading}`);
  assert.is(lines.length, 1 + errorLines + 1);
  assert.is(lines[errorLines + 1], last);
  assert.ok(r.stdout.length < 100_000, `${r.stdout.length} characters printed`);
  for (const line of lines) assert.ok(line.length <= 2 + 200 + 2 + 400 + 3 + 200, `a line of ${line.length} characters`);
  return lines;
}

test("a 1 MB instance 250 levels deep: the list is cut by its text, and the lines shortened (was 350 MB at 1,000 levels)", () => {
  printed("deep.json", "invalid (46+ errors)", 46, "  … the list was cut at 46 errors");
});

test("a list the output's bound cut is said so in compact and detailed too, down to no unit at all", () => {
  // detailed printed "invalid" and its lines, with no word that the list was cut.
  const r = run(["validate", "-o", "detailed", DEEP_SCHEMA, "deep.json"]);
  assert.is(r.status, 1, r.stderr);
  assert.match(r.stdout, /\n {2}… the list was cut at 46 errors\n$/);
  // One unit whose keyword location alone passes the bound: none is listed.
  const key = "k".repeat(4_000_001);
  file("one-long.schema.json", { type: "object", properties: { [key]: { type: "string" } } });
  file("one-long.json", { [key]: 1 });
  for (const output of ["basic", "compact", "detailed"]) {
    const r = run(["validate", "-o", output, "one-long.schema.json", "one-long.json"]);
    assert.is(r.status, 1, r.stderr);
    assert.ok(r.stdout.endsWith("\n  … the list was cut at 0 errors\n"), `${output}: ${r.stdout.slice(0, 200)}`);
  }
});

// path.join removed "link/.." as text: the kernel listed the link target's parent, and a file of
// the same name in the current folder was read instead (valid, exit 0, for an invalid file).
test("a folder or pattern with .. after a symbolic link reads the files the kernel listed there", () => {
  if (process.platform === "win32") return;
  mkdirSync(join(dir, "dotdot/elsewhere/inner"), { recursive: true });
  symlinkSync("elsewhere/inner", join(dir, "dotdot/link"));
  file("dotdot/s.json", { properties: { a: { type: "integer" } } });
  file("dotdot/elsewhere/data.json", { a: "not an integer" });
  file("dotdot/data.json", { a: 1 });
  for (const argument of ["dotdot/link/..", "dotdot/link/../*.json"]) {
    const r = run(["validate", "dotdot/s.json", argument]);
    assert.is(r.status, 1, argument);
    assert.ok(r.stdout.startsWith("dotdot/link/../data.json: invalid (1 error)"), r.stdout);
  }
  // A . or .. after a wildcard, as a shell expands it (it matched nothing: no listing holds them).
  const after = run(["validate", "dotdot/s.json", "dotdot/elsewhere/*/../*.json"]);
  assert.is(after.status, 1, after.stderr);
  assert.ok(after.stdout.startsWith("dotdot/elsewhere/inner/../data.json: invalid (1 error)"), after.stdout);
  // A `*` segment enters a folder a link names, as a shell does (it found nothing there), and "//" is one folder.
  for (const pattern of ["dotdot/l*/../*.json", "dotdot/l*//../*.json"]) {
    const linked = run(["validate", "dotdot/s.json", pattern]);
    assert.is(linked.status, 1, `${pattern}: ${linked.stderr}`);
    assert.match(linked.stdout, /^dotdot\/link\/+\.\.\/data\.json: invalid \(1 error\)/, pattern);
  }
});

test("an instance 250 levels deep with 251 errors: at most 100 error lines, each shortened", () => {
  const lines = printed("deep-100.json", "invalid (251 errors)", 100, "  … and 151 more (--max-errors N prints more)");
  // A location is shortened in the middle: its start and its end (the last key) stay.
  assert.match(lines[3]!, new RegExp(`^ {2}/k{99}…k{99}: must have at most 0 properties, but has 1 \\[/\\$ref(/additionalProperties/\\$ref)+/maxProperties\\]$`));
  assert.match(lines[101 - 1]!, /\[\/\$ref\/additionalProperties\/\$ref\/additionalProperties[^\]…]*…[^\]…]*\/\$ref\/maxProperties\]$/);
});

test("--max-errors N: so many lines in basic, compact and detailed; json keeps them whole within 1 MiB", () => {
  const three = run(["validate", "--max-errors", "3", DEEP_SCHEMA, "deep-100.json"]);
  assert.is(three.stdout.trimEnd().split("\n").length, 1 + 3 + 1);
  assert.match(three.stdout, /\n {2}… and 248 more \(--max-errors N prints more\)\n$/);
  assert.is(run(["validate", "--max-errors=0", DEEP_SCHEMA, "deep-100.json"]).stdout, "deep-100.json: invalid (251 errors)\n  … and 251 more (--max-errors N prints more)\n");
  // The 1 MB one: what validate() recorded before its text cut the list, and a "+".
  assert.match(run(["validate", "--max-errors", "3", DEEP_SCHEMA, "deep.json"]).stdout, /\n {2}… and 43\+ more \(--max-errors N prints more\)\n$/);
  assert.is(run(["validate", "--max-errors=0", DEEP_SCHEMA, "deep.json"]).stdout, "deep.json: invalid (46+ errors)\n  … and 46+ more (--max-errors N prints more)\n");
  const compact = run(["validate", "-o", "compact", DEEP_SCHEMA, "deep-100.json"]);
  assert.is(compact.stdout.trimEnd().split("\n").length, 1 + 20 + 1, "compact: 20 by default");
  assert.ok(compact.stdout.length < 20_000, `compact: ${compact.stdout.length} characters`);
  const detailed = run(["validate", "-o", "detailed", DEEP_SCHEMA, "deep-100.json"]);
  const tree = detailed.stdout.trimEnd().split("\n");
  assert.is(tree.length, 1 + 100 + 1);
  assert.match(tree[101]!, /^ {2}… and \d+ more \(--max-errors N prints more\)$/);
  assert.ok(detailed.stdout.length < 100_000, `detailed: ${detailed.stdout.length} characters`);
  const cutTree = run(["validate", "-o", "detailed", DEEP_SCHEMA, "deep.json"]).stdout;
  assert.ok(cutTree.trimEnd().split("\n").length < 100 && cutTree.length < 100_000, `detailed, 1 MB: ${cutTree.length} characters`);
  const cutCompact = run(["validate", "-o", "compact", DEEP_SCHEMA, "deep.json"]).stdout;
  assert.ok(cutCompact.trimEnd().split("\n").length === 1 + 20 + 1 && cutCompact.length < 20_000, `compact, 1 MB: ${cutCompact.length} characters`);
  const json = run(["validate", "-o", "json", DEEP_SCHEMA, "deep.json"]);
  assert.ok(json.stdout.length < 3 * 1024 * 1024, `json: ${json.stdout.length} characters`);
  const result = (JSON.parse(json.stdout) as { results: { errors: { instanceLocation: string }[]; truncated?: true }[] }).results[0]!;
  assert.is(result.truncated, true);
  assert.ok(result.errors.length > 1 && result.errors.length < 100, `json: ${result.errors.length} errors`);
  assert.is(result.errors[2]!.instanceLocation, `/${KEY}/${KEY}`, "json keeps locations whole");
  const two = JSON.parse(run(["validate", "-o", "json", "--max-errors", "2", DEEP_SCHEMA, "deep.json"]).stdout) as { results: { errors: unknown[] }[] };
  assert.is(two.results[0]!.errors.length, 2);
  for (const bad of ["-1", "x", "1.5"]) {
    const r = run(["validate", "--max-errors", bad, DEEP_SCHEMA, "deep.json"]);
    assert.is(r.status, 2);
    assert.is(r.stderr, `schemagate validate: --max-errors must be a whole number (0 or more), not "${bad}"\n(see schemagate validate --help)\n`);
  }
});

// 3. Control characters from files are printed as escapes: one error is one line, no terminal codes.

const FORGED = "x\nforged.json: valid\u001b[31m\u009b2J\u2028\u202e";
const FORGED_SHOWN = "x\\nforged.json: valid\\u001b[31m\\u009b2J\\u2028\\u202e";

test("keys, messages, $ref values and schema locations: escaped in every text output", () => {
  const schema = file("forge-schema.json", {
    properties: { [FORGED]: { $ref: `#/$defs/${FORGED}` } },
    $defs: { [FORGED]: { type: "string" } },
    additionalProperties: { additionalProperties: false },
  });
  file("forge.json", { [FORGED]: 1, other: { [FORGED]: 2 } });
  const expected = [
    `  /${FORGED_SHOWN}: must be string, but is 1 [/properties/${FORGED_SHOWN}/$ref/type]`,
    `  /other: must not have property "${FORGED_SHOWN}" (additionalProperties is false) [/additionalProperties/additionalProperties]`,
  ];
  const basic = run(["validate", schema, "forge.json"]);
  assert.is(basic.stdout, ["forge.json: invalid (2 errors)", ...expected, ""].join("\n"));
  const compact = run(["validate", "-o", "compact", schema, "forge.json"]);
  assert.is(compact.stdout, ["forge.json: invalid", ...expected.map((line) => line.replace(/ \[[^\]]*\]$/, "")), ""].join("\n"));
  const detailed = run(["validate", "-o", "detailed", schema, "forge.json"]);
  assert.ok(detailed.stdout.includes(`/${FORGED_SHOWN}: must be string, but is 1 [/properties/${FORGED_SHOWN}/$ref/type]\n`), detailed.stdout);
  for (const r of [basic, compact, detailed]) {
    assert.is(r.status, 1, r.stderr);
    assertPrintable(r);
  }
  // A location whose escapes make it longer than the 200 characters shown: the basic and compact
  // lines cut it the same way, before escaping, never inside an escape.
  const escapes = "\u001b".repeat(150);
  file("escapes.json", { [escapes]: 1 });
  const escapesSchema = file("escapes-schema.json", { additionalProperties: { type: "string" } });
  const shownLocation = `/${"\\u001b".repeat(150)}`;
  assert.ok(run(["validate", escapesSchema, "escapes.json"]).stdout.includes(`  ${shownLocation}: must be string, but is 1 [`));
  assert.is(run(["validate", "-o", "compact", escapesSchema, "escapes.json"]).stdout, `escapes.json: invalid\n  ${shownLocation}: must be string, but is 1\n`);
  // JSON stays JSON: the same text once parsed, and nothing a terminal acts on left raw.
  const json = run(["validate", "-o", "json", schema, "forge.json"]);
  assertPrintable(json);
  const out = JSON.parse(json.stdout) as { results: { errors: { instanceLocation: string }[] }[] };
  assert.is(out.results[0]!.errors[0]!.instanceLocation, `/${FORGED}`);
});

test("a refused schema ($ref out of the document, metaschema), check and file names: escaped", () => {
  file("forge-ref.json", { $ref: `https://example.com/${FORGED}` });
  const refused = run(["validate", "forge-ref.json", GOOD]);
  assert.is(refused.status, 2);
  assert.ok(refused.stderr.startsWith(`forge-ref.json: external-ref: $ref "https://example.com/${FORGED_SHOWN}" leaves the document`), refused.stderr);
  assert.is(refused.stderr.split("\n").length, 2);
  file("forge-meta.json", { properties: { [FORGED]: { minLength: -1 } } });
  const meta = run(["check", "forge-meta.json"]);
  assert.is(meta.status, 1);
  assert.is(meta.stdout.split("\n")[1], `  /properties/${FORGED_SHOWN}/minLength: must be >= 0, but is -1`);
  const name = "evil\nok.json: valid\u001b[0m.json";
  writeFileSync(join(dir, name), "{}");
  const names = run(["check", name, "missing\u001b.json"]);
  assert.is(names.stdout, "evil\\nok.json: valid\\u001b[0m.json: ok (2020-12)\n");
  assert.is(names.stderr, "missing\\u001b.json: cannot read: no such file\n");
  file("bad-syntax.json", "[1,\u009b]");
  assert.is(run(["validate", OPEN, "bad-syntax.json"]).stderr, 'bad-syntax.json:1:4: invalid JSON: unexpected character "\\u009b"\n');
  for (const r of [refused, meta, names, run(["validate", "-o", "json", "forge-ref.json", GOOD])]) assertPrintable(r);
});

test("suite: a suite file's descriptions are escaped too", () => {
  const suite = join(dir, "forge-suite");
  const tests = join(suite, "tests", "draft2020-12");
  mkdirSync(tests, { recursive: true });
  writeFileSync(join(tests, "type.json"), JSON.stringify([{ description: FORGED, schema: { type: "integer" }, tests: [{ description: FORGED, data: 1, valid: false }] }]));
  const r = run(["suite", "--suite-dir", suite, "--draft", "2020-12"]);
  assert.is(r.status, 1);
  assert.ok(r.stdout.includes(`    ✗ ${FORGED_SHOWN} / ${FORGED_SHOWN}: expected invalid, got valid\n`), r.stdout);
  assertPrintable(r);
  assertPrintable(run(["suite", "--suite-dir", suite, "--draft", "2020-12", "--json"]));
});

test("printable: escapes, and a middle cut that keeps surrogate pairs whole", () => {
  assert.is(printable("a\tb\r\n\u0000\u007f\u200e\ufeff"), "a\\tb\\r\\n\\u0000\\u007f\\u200e\\ufeff");
  assert.is(printable("abcdefghij", 5), "ab…ij");
  assert.is(printable("a😀cdefg😀", 5), "a…😀");
  assert.is(printable("😀😀😀😀", 4), "😀…");
  assert.is(printable("short", 5), "short");
});

// 4. Only regular files are read, and no more than --max-file-size (default 64 MiB).

test("a named pipe, a directory or a device: refused at once (exit 2), not waited on", () => {
  if (process.platform === "win32") return;
  const fifo = join(dir, "schema.fifo");
  execFileSync("mkfifo", [fifo]);
  const asSchema = run(["validate", fifo, GOOD], { timeout: 10_000 });
  assert.is(asSchema.status, 2, "a named pipe as the schema is refused, not waited on");
  assert.is(asSchema.stderr, `${fifo}: cannot read: is a named pipe, not a regular file\n`);
  const asInstance = run(["validate", OPEN, "schema.fifo", GOOD], { timeout: 10_000 });
  assert.is(asInstance.status, 2);
  assert.is(asInstance.stderr, "schema.fifo: cannot read: is a named pipe, not a regular file\n");
  assert.is(asInstance.stdout, `${GOOD}: valid\n`);
  const json = run(["validate", "-o", "json", "schema.fifo", GOOD], { timeout: 10_000 });
  assert.equal(JSON.parse(json.stdout), { valid: false, schema: { file: "schema.fifo", problem: "schema.fifo: cannot read: is a named pipe, not a regular file" } });
  const zero = run(["check", "/dev/zero"], { timeout: 10_000 });
  assert.is(zero.status, 2);
  assert.is(zero.stderr, "/dev/zero: cannot read: is a character device, not a regular file\n");
  assert.is(run(["check", "."]).stderr, ".: cannot read: is a directory\n");
  // Regression: a directory given as standard input was read as an empty file.
  const folder = openSync(dir, "r");
  try {
    const stdin = run(["validate", OPEN, "-"], { stdin: folder });
    assert.is(stdin.status, 2);
    assert.is(stdin.stderr, "<stdin>: cannot read: is a directory\n");
  } finally {
    closeSync(folder);
  }
});

test("--max-file-size: a file or standard input over it is refused; - still reads standard input", () => {
  file("two-k.json", `[${"1,".repeat(1023)}1]`);
  const big = run(["validate", "--max-file-size", "1K", OPEN, "two-k.json", GOOD]);
  assert.is(big.status, 2);
  assert.is(big.stderr, "two-k.json: cannot read: larger than 1K (--max-file-size)\n");
  assert.is(big.stdout, `${GOOD}: valid\n`);
  assert.is(run(["validate", "--max-file-size=2049", OPEN, "two-k.json"]).status, 0, "a file of exactly the limit is read");
  assert.is(run(["validate", "--max-file-size=2048", OPEN, "two-k.json"]).stderr, "two-k.json: cannot read: larger than 2K (--max-file-size)\n");
  assert.is(run(["check", "--max-file-size", "10", OPEN]).status, 0);
  assert.is(run(["check", "--max-file-size", "1", OPEN]).stderr, `${OPEN}: cannot read: larger than 1 byte (--max-file-size)\n`);
  // Standard input that never ends (/dev/zero) stops at the limit.
  const zero = openSync("/dev/zero", "r");
  try {
    const endless = run(["validate", "--max-file-size", "1M", OPEN, "-"], { stdin: zero, timeout: 10_000 });
    assert.is(endless.status, 2);
    assert.is(endless.stderr, "<stdin>: cannot read: larger than 1M (--max-file-size)\n");
  } finally {
    closeSync(zero);
  }
  const stdin = run(["validate", "--max-file-size", "1K", OPEN, "-"], { input: "[1, 2]" });
  assert.is(stdin.status, 0, stdin.stderr);
  assert.is(stdin.stdout, "<stdin>: valid\n");
  for (const bad of ["0", "1T", "-5", "1.5M", "M"]) {
    const r = run(["validate", "--max-file-size", bad, OPEN, GOOD]);
    assert.is(r.status, 2, bad);
    assert.match(r.stderr, /^schemagate validate: --max-file-size must be a number of bytes, with K, M or G if wanted \(64M\), not ".*"\n/);
  }
});

// 5. A reader that goes away: `schemagate validate … | head`.

test("standard output closed early (| head): a quiet stop, the status so far, no stack trace", async () => {
  const schema = file("integers.json", { items: { type: "integer" } });
  file("strings.json", Array.from({ length: 3000 }, (_, i) => `x${i}`));
  // Some 5 KB of errors an instance (100 lines), 200 instances: far more than a pipe holds.
  const child = spawn(process.execPath, [CLI, "validate", schema, ...Array<string>(200).fill("strings.json")], { cwd: dir, env: runEnv() });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const closed = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  const first = await Promise.race([new Promise<string>((resolve) => child.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString()))), closed.then(() => "")]);
  child.stdout.destroy(); // what head does after its lines
  const status = await closed;
  assert.is(stderr, "", "nothing on standard error");
  assert.match(first, /^strings\.json: invalid \(1000\+ errors\)\n/);
  assert.is(status, 1, "the status of what was done: an invalid instance");
});

// Regression (red-team probe of the CLI): a write error the stream reports after the command has
// returned (standard output a file on a full disk) was named on standard error, but the exit
// status was the command's (0, or 1 for an invalid instance), where the README says it is 2.
test("a write error on standard output (a full disk): named, and the exit status is 2", () => {
  if (!existsSync("/dev/full")) return; // Linux's always-full device
  const schema = file("full.schema.json", { type: "object" });
  file("full-ok.json", {});
  file("full-bad.json", 1);
  for (const args of [["validate", schema, "full-ok.json"], ["validate", "-o", "json", schema, "full-bad.json"], ["check", schema], ["--version"], ["--help"]]) {
    const full = openSync("/dev/full", "w");
    try {
      const r = spawnSync(process.execPath, [CLI, ...args], { cwd: dir, env: runEnv(), stdio: ["ignore", full, "pipe"], encoding: "utf8" });
      assert.is(r.status, 2, args.join(" "));
      assert.is(r.stderr, "schemagate: cannot write to standard output: ENOSPC\n", args.join(" "));
    } finally {
      closeSync(full);
    }
  }
});

test("help names only its commands: `help __proto__` is an unknown command", () => {
  for (const name of ["__proto__", "constructor", "toString"]) {
    const r = run(["help", name]);
    assert.is(r.status, 2, name);
    assert.match(r.stderr, `unknown command "${name}"`);
  }
});

test.run();
