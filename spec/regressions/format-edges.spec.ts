// Regressions found by a probe of the format checkers (RFC grammars, against reference
// implementations): email address literals follow RFC 5321's own grammar (§4.1.3), not the
// ipv4/ipv6 formats'; the one letter of Joining_Type T is transparent for ZWNJ (RFC 5892 A.1).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { formats } from "../../src/formats/index.js";
import { buildSync } from "esbuild";
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

test("email address literals: Snum may have leading zeros; '::' stands for at least two groups", () => {
  const cases: [string, boolean][] = [
    ["a@[01.2.3.4]", true], ["a@[001.002.003.004]", true], ["a@[256.1.1.1]", false], ["a@[1.2.3]", false],
    ["a@[IPv6:1:2:3:4:5:6:7:8]", true], ["a@[IPv6:::]", true], ["a@[IPv6:1:2:3::4:5:6]", true], ["a@[ipv6:::1]", true],
    // six groups at most beside "::", four beside "::" and an IPv4 tail
    ["a@[IPv6:1:2:3:4:5:6:7::]", false], ["a@[IPv6:1::3:4:5:6:7:8]", false], ["a@[IPv6:::2:3:4:5:6:7:8]", false], ["a@[IPv6:1:2:3::4:5:6:7]", false],
    ["a@[IPv6:::1.2.3.4]", true], ["a@[IPv6:1:2:3:4:5:6:1.2.3.4]", true], ["a@[IPv6:::2:3:4:5:1.2.3.4]", true], ["a@[IPv6:1::01.2.3.4]", true],
    ["a@[IPv6:1:2:3:4:5::1.2.3.4]", false], ["a@[IPv6:1:2::3:4:5:1.2.3.4]", false], ["a@[IPv6:1.2.3.4]", false], ["a@[IPv6:1:2:3:4:5:6:7:1.2.3.4]", false],
    ["a@[IPv6::1]", false], ["a@[IPv6:1:::2]", false], ["a@[IPv6:12345::]", false],
  ];
  for (const [address, valid] of cases) {
    assert.is(formats.email!(address), valid, address);
    assert.is(formats["idn-email"]!(address.replace("a@", "é@")), valid, address);
  }
});

test("idn-hostname: U+1E94B (a letter of Joining_Type T) is transparent around a ZWNJ", () => {
  for (const label of ["\u{1E922}\u{1E94B}\u200C\u{1E922}", "\u{1E922}\u200C\u{1E94B}\u{1E922}", "\u0620\u{1E94B}\u200C\u0644"]) {
    assert.ok(formats["idn-hostname"]!(label), JSON.stringify(label));
    assert.ok(formats["idn-email"]!(`x@${label}`), JSON.stringify(label));
  }
  for (const alabel of ["xn--0ug1411pba6n", "xn--fgb6er65gy713b"]) assert.ok(formats.hostname!(alabel), alabel);
  assert.not.ok(formats["idn-hostname"]!("\u{1E922}\u200C")); // still needs joining letters on both sides
});

// format "regex" checks the syntax of data without a tree, but each top-level `|` still kept an
// object and an array, and each open group a frame: 60-116 bytes a character, so 2 MB of "|"
// killed a process under a 128 MB heap (a fatal out-of-memory; the CLI reads 64 MB files).
test("format regex: megabytes of alternatives and open groups fit in a small heap", () => {
  const bundle = join(mkdtempSync(join(tmpdir(), "sg-regex-")), "formats.mjs");
  buildSync({ entryPoints: [join(process.cwd(), "src/formats/index.ts")], bundle: true, format: "esm", platform: "node", outfile: bundle, logLevel: "silent" });
  const script = `import { formats } from ${JSON.stringify(bundle)};
    const verdicts = ["|".repeat(8e6), "(?:".repeat(1e6) + ")".repeat(1e6), "(?=|".repeat(1e6) + ")".repeat(1e6), "(?<a>x)" + "\\k<a>".repeat(1e6)].map((s) => formats.regex(s));
    console.log(JSON.stringify(verdicts));`;
  const run = spawnSync(process.execPath, ["--max-old-space-size=64", "--input-type=module", "-e", script], { encoding: "utf8", timeout: 60_000 });
  assert.is(run.stdout.trim(), "[true,true,true,true]", run.stderr.slice(0, 300));
});

// idn-hostname derived the IDNA property (NFKC, case folds, four RegExp tests) of every code point
// of a label before its length was known, and again for each check: a label longer than an
// A-label can hold cost about 1 us a code point (500 labels of 2,021 code points: 0.7 s), and a
// 254-character name about 200 us a check. Such a label is refused after NFC now, and the
// properties are kept per code point (4,096 of them).
test("idn-hostname: hopeless long labels are refused before their code points are looked up", () => {
  const check = formats["idn-hostname"]!;
  assert.not.ok(check("\u4e00".repeat(2020) + "x"));
  // The verdicts at the A-label's bound of 63 octets are the old ones.
  assert.ok(check("\u00e4".repeat(57)));
  assert.not.ok(check("\u00e4".repeat(58)));
  assert.ok(check("a\u0301".repeat(57))); // 114 code points as written, 57 in NFC
  assert.not.ok(check("a\u0301".repeat(58)));
  const labels = Array.from({ length: 500 }, (_, i) => "\u4e00".repeat(2020) + i);
  const name = Array.from({ length: 5 }, () => "\u00e4".repeat(50)).join(".").slice(0, 254);
  check(name);
  const started = performance.now();
  for (const label of labels) check(label);
  for (let i = 0; i < 1000; i++) check(name);
  const elapsed = performance.now() - started;
  assert.ok(elapsed < 300, `${elapsed.toFixed(0)} ms`);
});

test.run();
