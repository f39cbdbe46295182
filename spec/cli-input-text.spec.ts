// What the command line reads as a file's text: a file named "-" found by a pattern is a file
// (standard input is only a literal "-" argument), bytes that are not UTF-8 are refused, and so
// is a number beyond the double range. Each gave a wrong verdict before.
import { closeSync, mkdirSync, openSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { assertOutput, dir, file, noStack, run } from "./cli-harness.js";

mkdirSync(join(dir, "dash"));
file("dash/s.schema.json", { type: "object" });
file("dash/-", "1"); // an invalid instance named "-"
file("dash/ok.json", {});

test("a file named '-' found by a pattern is that file, never standard input", () => {
  const lines = ["./-: invalid (1 error)", "  (root): must be object, but is 1 [/type]", "ok.json: valid", "s.schema.json: valid"];
  assertOutput(run(["validate", "s.schema.json", "*"], { cwd: join(dir, "dash"), input: "{}" }), 1, lines);
  assertOutput(run(["validate", "s.schema.json", "./*"], { cwd: join(dir, "dash"), input: "{}" }), 1, lines);
  assertOutput(run(["validate", "dash/s.schema.json", "dash/*"], { input: "{}" }), 1, [
    "dash/-: invalid (1 error)",
    "  (root): must be object, but is 1 [/type]",
    "dash/ok.json: valid",
    "dash/s.schema.json: valid",
  ]);
  const tested = run(["test", "s.schema.json", "?", "--invalid"], { cwd: join(dir, "dash"), input: "{}" });
  assertOutput(tested, 0, ["./-: invalid, as expected"]);
  // Standard input is never opened: an input that never ends does not hold the command up.
  const tty = openSync(join(dir, "dash/ok.json"), "r");
  try {
    assert.not.match(run(["validate", "s.schema.json", "*"], { cwd: join(dir, "dash"), stdin: tty }).stdout, /<stdin>/);
  } finally {
    closeSync(tty);
  }
  // A literal "-" still reads standard input.
  assertOutput(run(["validate", "s.schema.json", "-"], { cwd: join(dir, "dash"), input: "{}" }), 0, ["<stdin>: valid"]);
});

/** Writes raw bytes to `name` in dir. */
function bytes(name: string, ...parts: (string | number[])[]): string {
  const path = join(dir, name);
  writeFileSync(path, Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "utf8") : Buffer.from(p)))));
  return path;
}

test("bytes that are not UTF-8 are refused, naming the line, column and byte offset (exit 2)", () => {
  file("fffd.schema.json", { const: "\ufffd" });
  bytes("ff.json", '"', [0xff], '"');
  const ff = run(["validate", "fffd.schema.json", "ff.json"]);
  assertOutput(ff, 2, []);
  assert.is(ff.stderr, "ff.json:1:2: invalid JSON: not UTF-8: byte 0xFF at offset 1\n");
  // A lead byte without its continuation, on line 2 after a two-byte character.
  bytes("cut.json", '{\n  "a": "é', [0xc3], '"}');
  assert.is(run(["validate", "fffd.schema.json", "cut.json"]).stderr, "cut.json:2:10: invalid JSON: not UTF-8: byte 0xC3 at offset 12\n");
  // An encoded surrogate (CESU-8) is not UTF-8 either; a byte order mark is skipped, as before.
  bytes("surrogate.json", '"', [0xed, 0xa0, 0x80], '"');
  assert.is(run(["validate", "fffd.schema.json", "surrogate.json"]).stderr, "surrogate.json:1:2: invalid JSON: not UTF-8: byte 0xED at offset 1\n");
  bytes("bom-bad.json", [0xef, 0xbb, 0xbf], '"', [0xff], '"');
  assert.is(run(["validate", "fffd.schema.json", "bom-bad.json"]).stderr, "bom-bad.json:1:2: invalid JSON: not UTF-8: byte 0xFF at offset 4\n");
  // The schema, a -r file and standard input are read the same way.
  bytes("bad.schema.json", '{"const": "', [0xff], '"}');
  assert.is(run(["check", "bad.schema.json"]).stderr, "bad.schema.json:1:12: invalid JSON: not UTF-8: byte 0xFF at offset 11\n");
  assert.is(run(["validate", "-r", "ff.json", "fffd.schema.json", "cut.json"]).stderr, "ff.json:1:2: invalid JSON: not UTF-8: byte 0xFF at offset 1\n");
  const fd = openSync(join(dir, "ff.json"), "r");
  try {
    assert.is(run(["validate", "fffd.schema.json", "-"], { stdin: fd }).stderr, "<stdin>:1:2: invalid JSON: not UTF-8: byte 0xFF at offset 1\n");
  } finally {
    closeSync(fd);
  }
  noStack(ff);
  // Under --redact the byte is the file's text (0xE4 is "ä" in Latin-1), so it is not named;
  // the position still is. Regression: "byte 0xE4" was printed (text and -o json alike).
  bytes("latin1.json", '{"password": "p', [0xe4], "ssw", [0xf6], 'rt"}');
  const hidden = run(["validate", "--redact", "fffd.schema.json", "latin1.json"]);
  assertOutput(hidden, 2, []);
  assert.is(hidden.stderr, "latin1.json:1:16: invalid JSON: not UTF-8: a byte at offset 15\n");
  assert.not.match(run(["validate", "--redact", "-o", "json", "fffd.schema.json", "latin1.json"]).stdout + run(["validate", "--redact", "-o", "json", "fffd.schema.json", "latin1.json"]).stderr, /0xE4|\u00e4|ä/i);
  assert.is(run(["validate", "fffd.schema.json", "latin1.json"]).stderr, "latin1.json:1:16: invalid JSON: not UTF-8: byte 0xE4 at offset 15\n");
});

test("UTF-8 is read as before: characters of every length, a byte order mark; UTF-16 is refused", () => {
  file("chars.schema.json", { const: "é€😀" });
  bytes("chars.json", '"é€😀"');
  bytes("bom.json", [0xef, 0xbb, 0xbf], '"é€😀"');
  assertOutput(run(["validate", "chars.schema.json", "chars.json", "bom.json"]), 0, ["chars.json: valid", "bom.json: valid"]);
  bytes("utf16.json", [0xff, 0xfe], Buffer.from('"a"', "utf16le").toJSON().data);
  const utf16 = run(["validate", "chars.schema.json", "utf16.json"]);
  assert.is(utf16.status, 2);
  assert.is(utf16.stderr, "utf16.json:1:1: invalid JSON: not UTF-8: byte 0xFF at offset 0 (a UTF-16 file: save it as UTF-8)\n");
});

test("a number beyond the double range is refused with its place (exit 2), never judged as Infinity", () => {
  file("num.schema.json", { type: "number" });
  file("notnum.schema.json", { properties: { n: { not: { type: "number" } } } });
  file("big.json", "1e400");
  file("n.json", '{\n  "n": -1e400}');
  file("digits.json", "1" + "0".repeat(309));
  const big = run(["validate", "num.schema.json", "big.json"]);
  assertOutput(big, 2, []);
  assert.is(big.stderr, "big.json:1:1: number out of range: 1e400 is beyond the largest number read, about 1.8e308 (a double)\n");
  const n = run(["validate", "notnum.schema.json", "n.json"]);
  assertOutput(n, 2, []);
  assert.is(n.stderr, "n.json:2:8: number out of range: -1e400 is beyond the largest number read, about 1.8e308 (a double)\n");
  assert.match(run(["validate", "num.schema.json", "digits.json"]).stderr, /^digits\.json:1:1: number out of range: 1000.*…0+ is beyond/);
  // The schema too: refused as a file, not as a schema.
  file("max.schema.json", '{"maximum": 1e400}');
  const max = run(["check", "max.schema.json"]);
  assertOutput(max, 2, []);
  assert.is(max.stderr, "max.schema.json:1:13: number out of range: 1e400 is beyond the largest number read, about 1.8e308 (a double)\n");
  const json = JSON.parse(run(["validate", "-o", "json", "num.schema.json", "big.json"]).stdout) as { results: { problem: string }[] };
  assert.match(json.results[0]!.problem, /^big\.json:1:1: number out of range/);
  // A number nearer 0 than the least double reads as 0, which a schema judges wrongly (`1e-400`
  // fails exclusiveMinimum 0): refused too. A zero written with a large exponent is 0.
  file("pos.schema.json", { exclusiveMinimum: 0 });
  file("tiny.json", "[1, 1e-400]");
  const tiny = run(["validate", "pos.schema.json", "tiny.json"]);
  assertOutput(tiny, 2, []);
  assert.is(tiny.stderr, "tiny.json:1:5: number out of range: 1e-400 is nearer 0 than the least number read, about 5e-324 (a double): it would read as 0\n");
  // Within the range, and such text in strings and names, are read as before.
  file("near.json", '[1e308, -1.7e308, 0.0001e310, 0e-400, 0.000e999, 2.5e-324, 1e+0300]');
  file("texts.json", '{"1e400": "1e400 e999 ' + "9".repeat(400) + '"}');
  file("any.schema.json", {});
  assertOutput(run(["validate", "any.schema.json", "near.json", "texts.json"]), 0, ["near.json: valid", "texts.json: valid"]);
});

test("a JSON syntax error quotes no text of the file: one character at most, in every file and in --output json", () => {
  file("open.schema.json", {});
  file("secret.json", "password=hunter2-very-secret\n");
  file("tru.json", '{"a": tru, "password": "hunter2"}');
  file("undef.json", '{\n "a": 1,\n "b": undefined_hunter2\n}');
  const r = run(["validate", "open.schema.json", "secret.json", "tru.json", "undef.json"]);
  assertOutput(r, 2, []);
  assert.is(r.stderr, ['secret.json:1:1: invalid JSON: unexpected character "p"', 'tru.json:1:10: invalid JSON: unexpected character ","', 'undef.json:3:7: invalid JSON: unexpected character "u"', ""].join("\n"));
  // With --redact, not even the character: the option reaches the instance, the schema and -r files.
  assert.is(run(["validate", "--redact", "open.schema.json", "secret.json"]).stderr, "secret.json:1:1: invalid JSON: unexpected character\n");
  assert.is(run(["validate", "--redact", "secret.json", "secret.json"]).stderr, "secret.json:1:1: invalid JSON: unexpected character\n");
  assert.is(run(["validate", "--redact", "-r", "tru.json", "open.schema.json", "secret.json"]).stderr, "tru.json:1:10: invalid JSON: unexpected character\n");
  const json = run(["validate", "-o", "json", "open.schema.json", "secret.json"]);
  assert.not.match(json.stdout, /hunter|password/);
  // The schema and a -r file too.
  file("secret.schema.json", "password=hunter2-very-secret\n");
  assert.is(run(["check", "secret.schema.json"]).stderr, 'secret.schema.json:1:1: invalid JSON: unexpected character "p"\n');
  assert.is(run(["validate", "-r", "secret.json", "open.schema.json", "tru.json"]).stderr, 'secret.json:1:1: invalid JSON: unexpected character "p"\n');
});

test("a symbolic link loop is named so, not with Node's ELOOP text", () => {
  mkdirSync(join(dir, "loop"));
  symlinkSync("loop.json", join(dir, "loop/loop.json"));
  file("loop/any.schema.json", {});
  const r = run(["validate", "any.schema.json", "loop.json"], { cwd: join(dir, "loop") });
  assertOutput(r, 2, []);
  assert.is(r.stderr, "loop.json: cannot read: a symbolic link loop\n");
  assert.is(run(["check", "loop.json"], { cwd: join(dir, "loop") }).stderr, "loop.json: cannot read: a symbolic link loop\n");
});

test.run();
