// The format checkers (src/formats/), each on the suite's optional/format/ cases (draft 2020-12) and
// on hand-written ones: called directly, and through compile() with the `formats` option, where
// a non-string instance always passes and a format without a checker is an annotation.
// spec/suite.spec.ts runs optional/format/ through compile() too, in every draft's dialect.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { formats } from "../src/formats/index.js";
import { compile, type Validator } from "../src/index.js";
import { fastest } from "./helpers/timing.js";

/** `{ format }` compiled with every checker (one validator per format name). */
const asserting = new Map<string, Validator>();
function assertingFormat(format: string): Validator {
  let v = asserting.get(format);
  if (v === undefined) asserting.set(format, (v = compile({ $schema: "https://json-schema.org/draft/2020-12/schema", format }, { formats, cache: false })));
  return v;
}

// The official suite's format tests, relative to the repository root (run specs from there).
const SUITE_DIR = path.resolve(process.cwd(), "JSON-Schema-Test-Suite/tests/draft2020-12/optional/format");
// The suite's own example of a format nobody knows: it must be absent from formats, so it passes.
const UNKNOWN_FORMAT = "unknown";

/**
 * Suite cases we knowingly get wrong, keyed "file.json: description", with the reason. Each one is
 * asserted to still fail, so a fix shows up here and its entry must go. Keep this list short.
 */
const KNOWN_GAPS: ReadonlyMap<string, string> = new Map<string, string>([]);

interface SuiteCase {
  key: string;
  format: string;
  data: unknown;
  valid: boolean;
}

function loadSuite(): SuiteCase[] {
  if (!existsSync(SUITE_DIR)) {
    throw new Error(`JSON Schema Test Suite not found at ${SUITE_DIR}; run the specs from the repository root.`);
  }
  const cases: SuiteCase[] = [];
  for (const file of readdirSync(SUITE_DIR).filter((f) => f.endsWith(".json")).sort()) {
    const groups = JSON.parse(readFileSync(path.join(SUITE_DIR, file), "utf8")) as {
      schema: { format: string };
      tests: { description: string; data: unknown; valid: boolean }[];
    }[];
    for (const group of groups) {
      for (const t of group.tests) cases.push({ key: `${file}: ${t.description}`, format: group.schema.format, data: t.data, valid: t.valid });
    }
  }
  return cases;
}

const all = loadSuite();
/** The cases a checker is called on: strings (a checker is never given anything else). */
const suite = all.filter((c): c is SuiteCase & { data: string } => typeof c.data === "string");

test("the suite folder yields string cases for every known format", () => {
  const covered = new Set(suite.map((c) => c.format));
  for (const name of Object.keys(formats)) assert.ok(covered.has(name), `no suite case for ${name}`);
  assert.ok(suite.length > 600, `only ${suite.length} string cases found`);
});

test("every KNOWN_GAPS entry names a suite case", () => {
  const keys = new Set(suite.map((c) => c.key));
  for (const key of KNOWN_GAPS.keys()) assert.ok(keys.has(key), `stale KNOWN_GAPS entry: ${key}`);
});

for (const c of suite) {
  test(`suite ${c.key} ${JSON.stringify(c.data)}`, () => {
    if (c.format === UNKNOWN_FORMAT) {
      assert.not.ok(Object.hasOwn(formats, c.format), "the suite's unknown format must stay unknown");
      assert.ok(c.valid, "an unknown format always passes");
      assert.ok(assertingFormat(c.format).isValid(c.data), "an unknown format passes through compile()");
      return;
    }
    const check = (Object.hasOwn(formats, c.format) ? formats[c.format] : undefined);
    if (check === undefined) assert.unreachable(`format ${c.format} is missing from formats`);
    const gap = KNOWN_GAPS.get(c.key);
    const v = assertingFormat(c.format);
    if (gap !== undefined) {
      assert.is.not(check!(c.data), c.valid, `known gap now passes, remove it from KNOWN_GAPS (${gap})`);
      assert.is.not(v.isValid(c.data), c.valid, `known gap now passes through compile(), remove it from KNOWN_GAPS (${gap})`);
    } else {
      assert.is(check!(c.data), c.valid, `${c.format}(${JSON.stringify(c.data)}) should be ${c.valid}`);
      assert.is(v.isValid(c.data), c.valid, `compile({ format: ${JSON.stringify(c.format)} }, { formats }) on ${JSON.stringify(c.data)} should be ${c.valid}`);
      assert.is(v.validate(c.data).valid, c.valid, "validate disagrees with isValid");
    }
  });
}

test("through compile(): the suite's non-string instances pass every format; without `formats`, format is an annotation", () => {
  const others = all.filter((c) => typeof c.data !== "string");
  assert.ok(others.length > 50, `only ${others.length} non-string cases`);
  for (const c of others) {
    assert.ok(c.valid, `${c.key}: the suite expects a non-string to fail`);
    assert.ok(assertingFormat(c.format).isValid(c.data), `${c.key}: ${JSON.stringify(c.data)} failed format ${c.format}`);
  }
  const names = [...new Set(all.map((c) => c.format))];
  for (const format of names) {
    const annotation = compile({ format }, { cache: false });
    for (const c of all.filter((c) => c.format === format)) assert.ok(annotation.isValid(c.data), `${c.key}: format asserted without the formats option`);
  }
});

// Hand-written cases for what the suite leaves out: [format, data, valid, why].
type UnitCase = [format: string, data: string, valid: boolean, why: string];
const UNIT_CASES: UnitCase[] = [
  ["date-time", "2020-02-29T00:00:00Z", true, "leap day"],
  ["date-time", "2021-02-29T00:00:00Z", false, "no leap day in 2021"],
  ["date-time", "1999-01-01T00:59:60+01:00", true, "leap second seen across midnight in +01:00"],
  ["date-time", "2020-01-01T00:00:00.Z", false, "empty second fraction"],
  ["date-time", "2020-01-01 00:00:00Z", false, "space instead of T"],
  ["date-time", "2020-01-01T00:00Z", false, "seconds are required"],
  ["date", "0000-02-29", true, "year 0 is a leap year (divisible by 400)"],
  ["date", "9999-12-31", true, "largest four-digit year"],
  ["time", "23:59:60.5Z", true, "leap second with a fraction"],
  ["time", "00:00:00+23:59", true, "largest offset"],
  ["time", "00:00:00.Z", false, "empty second fraction"],
  ["time", "00:00:00+0000", false, "offset needs a colon"],
  ["duration", "P0W", true, "zero weeks"],
  ["duration", "P1DT", false, "T without a time element"],
  ["duration", "P1W2D", false, "weeks combine with nothing"],
  ["duration", "p1d", false, "designators are upper-case"],
  ["duration", "P1Y2M3DT4H5M6S7S", false, "a repeated element"],
  ["email", "a@b", true, "single-label domain"],
  ["email", "a@[IPv6:1::2]", true, "IPv6 address literal"],
  ["email", "a@[ipv6:::1]", true, "the IPv6 tag is case-insensitive"],
  // RFC 5321 §4.5.3.1.3: a path of 256 octets with its angle brackets, so 254 for the mailbox.
  ["email", `${"l".repeat(64)}@${"d".repeat(63)}.${"e".repeat(63)}.${"f".repeat(61)}`, true, "254 octets"],
  ["email", `${"l".repeat(64)}@${"d".repeat(63)}.${"e".repeat(63)}.${"f".repeat(62)}`, false, "255 octets"],
  ["idn-email", `${"é".repeat(32)}@${"d".repeat(63)}.${"e".repeat(63)}.${"f".repeat(62)}`, false, "255 octets in UTF-8 (224 characters)"],
  ["email", "a@[IPv6:127.0.0.1]", false, "IPv4 under the IPv6 tag"],
  ["email", "a@[tag:content]", false, "general address literal"],
  ["email", `${"a".repeat(65)}@example.com`, false, "local part over 64 octets"],
  ["email", '"a\\"b"@example.com', true, "quoted-pair in a quoted string"],
  ["email", '"a"b"@example.com', false, "stray quote"],
  ["email", "a@xn--9n2bp8q.xn--9t4b11yi5a", true, "A-labels in the domain"],
  ["email", "a@xn--X", false, "bad A-label in the domain"],
  ["email", "a@example.com.", false, "trailing dot in the domain"],
  ["email", "δοκιμή@example.com", false, "non-ASCII needs idn-email"],
  ["idn-email", "δοκιμή@παράδειγμα.δοκιμή", true, "all-Greek address"],
  ["idn-email", `${"é".repeat(33)}@example.com`, false, "33 x 2 octets is over 64"],
  ["idn-email", "a@[127.0.0.1]", true, "address literal"],
  ["idn-email", "\ud800@example.com", false, "lone surrogate is not UTF-8"],
  ["idn-email", "a@-x.com", false, "domain label starting with a hyphen"],
  ["hostname", "r3---sn-ab5l6nzr.googlevideo.com", true, "non-xn labels may have -- at 3-4"],
  ["hostname", "XN--9N2BP8Q.xn--9t4b11yi5a", true, "A-labels are case-insensitive"],
  ["hostname", "xn--bcher-kva.example", true, "bücher.example"],
  ["hostname", "xn--ls8h.la", false, "emoji are DISALLOWED in IDNA2008"],
  ["hostname", "127.0.0.1", true, "all-numeric labels are RFC 1123 hostnames"],
  ["hostname", "a.b-.c", false, "label ending with a hyphen"],
  ["hostname", `${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(61)}`, true, "253 characters"],
  ["hostname", `${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(62)}`, false, "254 characters"],
  ["hostname", "bücher.example", false, "U-labels need idn-hostname"],
  ["hostname", "foo.xn--zz.example", false, "an A-label after plain labels is checked as one"],
  ["hostname", "abxn--c.example", true, "xn-- inside a label makes no A-label"],
  ["hostname", "1abc.xn--mgbh0fb", false, "an Arabic A-label makes a Bidi domain name: a plain label starting with a digit breaks the Bidi Rule"],
  ["hostname", "abc.xn--mgbh0fb", true, "a plain label starting with a letter beside an Arabic A-label"],
  ["idn-hostname", "bücher.example", true, "U-label"],
  ["idn-hostname", "Bücher.example", true, "ASCII case does not matter"],
  ["idn-hostname", "BÜCHER.example", false, "non-ASCII capitals are DISALLOWED"],
  ["idn-hostname", "bu\u0308cher.example", true, "checked in NFC"],
  ["idn-hostname", "\u212aelvin", false, "KELVIN SIGN is DISALLOWED, though NFC makes it K"],
  ["idn-hostname", "r3---sn-ab5l6nzr.googlevideo.com", true, "every hostname is an idn-hostname"],
  ["idn-hostname", "äb--c", false, "U-label with -- at 3-4"],
  ["idn-hostname", "ﬀ", false, "compatibility ligature is Unstable"],
  ["idn-hostname", "a\u1100", false, "conjoining Hangul jamo are DISALLOWED"],
  ["idn-hostname", "\u1100\u1161", false, "jamo are DISALLOWED as written, though NFC composes them"],
  ["idn-hostname", "\u212aelvin\u00fc", false, "KELVIN SIGN beside other non-ASCII"],
  ["idn-hostname", "Ꭰ", true, "Cherokee capitals are the case-folded form"],
  ["idn-hostname", "ꭰ", false, "Cherokee small letters fold to capitals"],
  ["idn-hostname", "ı", true, "dotless i folds to itself"],
  ["idn-hostname", "ab\u200cc", false, "ZWNJ without a context"],
  ["idn-hostname", "a\u200d", false, "ZWJ without a virama"],
  ["idn-hostname", "אב.com", true, "Bidi name with an LTR label"],
  ["idn-hostname", "אב.1com", false, "Bidi name with a digit-first label"],
  ["idn-hostname", "א-ב", true, "hyphen inside an RTL label"],
  ["idn-hostname", "ab.א1", true, "RTL label ending in a European digit"],
  ["idn-hostname", "ab.1א", false, "RTL letter after a leading digit"],
  ["idn-hostname", "xn--bcher-kva", true, "A-label"],
  ["idn-hostname", "xn--bcher-kva-", false, "A-label with trailing hyphen"],
  ["ipv4", "192.168.01.1", false, "leading zero (octal in some parsers)"],
  ["ipv4", "0.0.0.00", false, "double zero"],
  ["ipv6", "1:2:3:4:5:6:7::", true, ":: for one group"],
  ["ipv6", "::1:2:3:4:5:6:7", true, ":: for one leading group"],
  ["ipv6", "1:2:3:4:5:6::7:8", false, "8 explicit groups plus ::"],
  ["ipv6", "1::1.2.3.4", true, "IPv4 tail after ::"],
  ["ipv6", "1.2.3.4::", false, "IPv4 must come last"],
  ["ipv6", "FFFF::", true, "upper-case hex"],
  ["uri", "http://example.com:/", true, "empty port"],
  ["uri", "http://[v1.x]", true, "IPvFuture"],
  ["uri", "http://[v.x]", false, "IPvFuture needs a version"],
  ["uri", "http://a:80:80", false, "two ports"],
  ["uri", "a+b-c.d:x", true, "scheme with + - ."],
  ["uri", "http://例え.jp", false, "IRI, not URI"],
  ["uri", "http://example.com/#a#b", false, "# inside a fragment"],
  ["uri", "http://%zz", false, "bad percent-encoding in the host"],
  ["uri-reference", "a:b", true, "a URI"],
  ["uri-reference", "../x?y#z", true, "relative path"],
  ["uri-reference", "%41", true, "percent-encoded first segment"],
  ["iri", "http://例え.jp/パス?q=値#frag", true, "IRI everywhere"],
  ["iri", "http://example.com/\ue000", false, "private use outside the query"],
  ["iri", "http://example.com/?\ue000", true, "private use in the query"],
  ["iri", "http://example.com/\ufffe", false, "non-character"],
  ["iri-reference", "ñ", true, "relative IRI"],
  // RFC 3987 §4.1: no bidirectional formatting characters, though ucschar holds them.
  ["iri", "https://example.com/invoice\u202efdp.exe", false, "RLO (shows the path reversed)"],
  ["iri", "https://example.com/a\u200fb", false, "RLM"],
  ["iri-reference", "a\u202ab", false, "LRE"],
  ["iri-reference", "a\u200eb", false, "LRM"],
  ["iri-reference", "ñ:x", false, "a scheme is ASCII, so this is a colon in the first segment"],
  ["uri-template", "{+path}/here", true, "reserved expansion"],
  ["uri-template", "{x}{y}", true, "adjacent expressions"],
  ["uri-template", "{?x,y,z*}", true, "query expansion with explode"],
  ["uri-template", "{", false, "unclosed expression"],
  ["uri-template", "{a b}", false, "space in a variable name"],
  ["uri-template", "{a.}", false, "trailing dot in a variable name"],
  ["uri-template", "{a*:1}", false, "two modifiers"],
  ["uri-template", "%zz", false, "bad percent-encoding"],
  ["uuid", "2EB8AA08-AA98-11EA-B4AA-73B441D16380 ", false, "trailing space"],
  ["uuid", "{2eb8aa08-aa98-11ea-b4aa-73b441d16380}", false, "braces"],
  ["json-pointer", "/\ud800", true, "lone surrogate in a reference token"],
  ["json-pointer", "~0", false, "no leading slash"],
  ["json-pointer", "/~01", true, "~0 then a literal 1"],
  ["relative-json-pointer", "0", true, "the instance itself"],
  ["relative-json-pointer", "1#", true, "name of the parent"],
  ["relative-json-pointer", "#", false, "missing prefix"],
  // 2020-12 cites draft-bhutton-relative-json-pointer-00, whose grammar has an index manipulation
  // (this case once said it had none; "0-1" was refused).
  ["relative-json-pointer", "0-1", true, "index manipulation, before a JSON Pointer"],
  ["relative-json-pointer", "2+10/foo", true, "index manipulation, then a reference token"],
  ["relative-json-pointer", "0+1#", false, "no index manipulation before #"],
  ["relative-json-pointer", "0+01", false, "the manipulation's integer has no leading zero"],
  ["relative-json-pointer", "0+/a", false, "a sign without an integer"],
  ["regex", "\\p{L}+", true, "property escape (u flag)"],
  ["regex", "\\p{Foo}", false, "unknown property"],
  ["regex", "a{2,1}", false, "quantifier range out of order"],
  ["regex", "[z-a]", false, "class range out of order"],
  ["regex", "\\1", false, "backreference to no group (u flag)"],
  ["regex", "{", false, "lone brace (u flag)"],
  ["regex", "\\u{1F600}", true, "code point escape"],
];

for (const [format, data, valid, why] of UNIT_CASES) {
  test(`unit ${format} ${JSON.stringify(data)} (${why})`, () => {
    const check = (Object.hasOwn(formats, format) ? formats[format] : undefined);
    if (check === undefined) assert.unreachable(`format ${format} is missing from formats`);
    assert.is(check!(data), valid);
    assert.is(assertingFormat(format).isValid(data), valid, "through compile()");
  });
}

test("formats holds exactly the 19 formats of 2020-12", () => {
  assert.equal(
    [...Object.keys(formats)].sort(),
    [
      "date", "date-time", "duration", "email", "hostname", "idn-email", "idn-hostname", "ipv4", "ipv6", "iri",
      "iri-reference", "json-pointer", "regex", "relative-json-pointer", "time", "uri", "uri-reference",
      "uri-template", "uuid",
    ],
  );
  assert.not.ok(Object.hasOwn(formats, "color"));
});

test("every format stays fast on long hostile strings", () => {
  // Guards against super-linear regular expressions: each input is 100k characters.
  const inputs = [
    "a".repeat(1e5) + "!",
    "1".repeat(1e5) + "x",
    "/".repeat(1e5) + "~",
    "%41".repeat(33334) + "%",
    `P${"9".repeat(1e5)}`,
    `{${"a".repeat(1e5)}`,
    "a.".repeat(5e4),
    `"${"\\a".repeat(5e4)}`,
  ];
  const started = Date.now();
  for (const check of Object.values(formats)) for (const input of inputs) check(input);
  const elapsed = Date.now() - started;
  assert.ok(elapsed < 2000, `took ${elapsed} ms`);
});

test("the checkers answer on strings of nine million characters (none throws)", () => {
  // Written as ^(?:A|B)*$, seven checkers overflowed V8's regex backtrack stack past about 8.4
  // million repetitions: the RangeError came out of compile()'s validators as a "$depth" unit and
  // ended evaluation, so {anyOf: [{format}, {type: "string"}]} was false for a string.
  const body = "a".repeat(9_000_000);
  const long: Record<string, string> = {
    uri: `http://e.test/${body}`,
    "uri-reference": body,
    iri: `http://e.test/${body}`,
    "iri-reference": body,
    "uri-template": `{x}${body}{y}`,
    "json-pointer": `/${body}`,
    "relative-json-pointer": `0/${body}`,
  };
  for (const [name, value] of Object.entries(long)) {
    const bad = value + (name.endsWith("pointer") ? "~" : "%"); // an escape left unfinished
    assert.equal([formats[name]!(value), formats[name]!(bad)], [true, false], name);
    const either = compile({ anyOf: [{ format: name }, { type: "string" }] }, { formats, cache: false });
    assert.equal(either.validate(bad), { valid: true }, name);
    assert.equal(compile({ not: { format: name } }, { formats, cache: false }).isValid(value), false, name);
  }
});

test("a checker's answer that is not a boolean fails the validation, saying so; it never passes", () => {
  // Taken for its truth, an async checker's Promise passed every string, as did "false" and {}.
  const thenThrows = Object.defineProperty({}, "then", { get: () => { throw new Error("read"); } });
  for (const [answer, named] of [[Promise.resolve(false), "an object"], ["false", "a string"], [{}, "an object"], [null, "null"], [1, "a number"], [undefined, "undefined"], [thenThrows, "an object"]] as const) {
    const v = compile({ format: "f" }, { formats: { f: () => answer as never }, cache: false });
    assert.is(v.isValid("x"), false, String(answer));
    const result = v.validate("x");
    assert.ok(!result.valid && result.errors.length === 1 && result.errors[0]!.keyword === "$data", String(answer));
    assert.ok(!result.valid && result.errors[0]!.error.startsWith(`a format checker failed: the checker of format "f" returned ${named}, not a boolean`), result.valid ? "" : result.errors[0]!.error);
    // Not the data's words: redact keeps them (they name the schema's format and the answer's kind).
    const redacted = v.validate("x", { redact: true });
    assert.ok(!redacted.valid && redacted.errors[0]!.error.startsWith(`a format checker failed: the checker of format "f" returned ${named}`), redacted.valid ? "" : redacted.errors[0]!.error);
  }
  // Long strings (their verdicts kept for the call) are held to it too.
  const long = compile({ format: "f" }, { formats: { f: (async () => true) as never }, cache: false });
  assert.is(long.isValid("x".repeat(1_000)), false);
  const yes = compile({ format: "f" }, { formats: { f: () => true }, cache: false });
  assert.is(yes.isValid("x"), true);
});

test("regex: a megabyte of class escapes parses about as fast as a megabyte of letters", () => {
  // The check built each class's set: every \S its own complement, then the class's pairs sorted.
  // 1 MB of [^\S\S…] took 8 s and 690 MB (a 256 MB heap ran out and the process aborted). The
  // check now keeps no tree and makes no set.
  const parse = (text: string): number => fastest(() => assert.ok(formats.regex!(text)));
  const letters = parse("a".repeat(1_000_000));
  for (const text of ["[^" + "\\S".repeat(500_000) + "]", "\\S".repeat(500_000), "[" + "\\S\\W\\D".repeat(166_000) + "]", "[" + "\\p{L}".repeat(166_000) + "]"]) {
    const ratio = parse(text) / letters;
    assert.ok(ratio < 5, `${text.slice(0, 8)}…: ${ratio.toFixed(1)} times letters`);
  }
  assert.is(formats.regex!("[^" + "\\S".repeat(500_000)), false, "unterminated, still found");
});

test("pattern: a class of thousands of one escape compiles about as fast as one of letters", () => {
  // Each escape's set was spread into the class's pairs and sorted: 32,000 \S took five times as
  // long as 64,000 letters. (Each call compiles a new pattern: compiled ones are kept.)
  let calls = 0;
  const time = (pattern: string): number => fastest(() => compile({ pattern: pattern + calls++ }, { cache: false }));
  const ratio = time("[^" + "\\S".repeat(32_000) + "]") / time("[^" + "ab".repeat(32_000) + "]");
  assert.ok(ratio < 3, `${ratio.toFixed(1)} times letters`);
  assert.equal([" ", "a"].map((s) => compile({ pattern: "^[^" + "\\S".repeat(32_000) + "]$" }, { cache: false }).isValid(s)), [true, false]);
});

test("regex: a long pattern of letters above ASCII parses about as fast as one of ASCII letters", () => {
  // Each literal above ASCII was a node of its own: 1 MB of "é" took four times as long as 1 MB
  // of "a", mostly allocating and collecting them. Letters met again share their node.
  const parse = (text: string): number => fastest(() => assert.ok(formats.regex!(text)));
  const ascii = parse("a".repeat(500_000));
  for (const text of ["é".repeat(500_000), "éü".repeat(250_000), "😀".repeat(250_000)]) {
    const ratio = parse(text) / ascii;
    assert.ok(ratio < 2.5, `${text.slice(0, 4)}…: ${ratio.toFixed(1)} times "a"`);
  }
});

test.run();
