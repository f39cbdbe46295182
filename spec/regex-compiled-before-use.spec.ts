// V8 compiles a RegExp on its first test of a string width and again, to native code, on a later
// test, and it aborts the process when it compiles with the stack nearly spent (src/regex/
// compiled-now.ts). So the library's own RegExps a validation tests are compiled before any
// validation: by the first compile, and by schemagate/formats as it loads. A child process run
// with V8's --trace-regexp-tier-up prints a line for each compile: validating adds none.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, type Validator } from "../src/index.js";
import { formats } from "../src/formats/index.js";

const SCHEMA = {
  type: "object",
  properties: {
    ...Object.fromEntries(Object.keys(formats).map((name) => [name, { format: name }])),
    "a/b~c": { type: "string", pattern: "^[a-z]+$" },
    count: { type: "integer", minimum: 0 },
  },
  required: ["count"],
  additionalProperties: false,
};

/** Values of each width for each property: a valid one and an invalid one. */
function instances(wide: string): unknown[] {
  const valid = {
    "date-time": "2024-02-29T12:00:00Z",
    date: "2024-02-29",
    time: "12:00:00+01:00",
    duration: "P1Y2M3DT4H",
    email: "a.b@example.com",
    "idn-email": "\u00e9t\u00e9@\u4f8b\u3048.\u30c6\u30b9\u30c8",
    hostname: "example.com",
    // Greek (keraia), Hebrew (geresh), katakana middle dot, a ZWNJ after a virama: each rule's RegExp.
    "idn-hostname": "\u03b1\u0375\u03b2.\u05d0\u05f3.\u30a2\u30fb\u30a4.\u0915\u094d\u200c\u0937",
    ipv4: "192.168.0.1",
    ipv6: "::ffff:192.168.0.1",
    uri: "https://example.com/a%20b?q#f",
    "uri-reference": "../a/b",
    iri: `https://example.com/${wide}`,
    "iri-reference": `a/${wide}`,
    "uri-template": "/users/{id}{?q*}",
    uuid: "123e4567-e89b-12d3-a456-426614174000",
    "json-pointer": "/a~1b/0",
    "relative-json-pointer": "1/a",
    regex: "^(?<year>\\d{4})-\\p{L}+\\u{1F600}\\x41\\cJ[a-z]{2,3}$",
    "a/b~c": "abc",
    count: 1,
  };
  const invalid = Object.fromEntries(Object.keys(valid).map((name) => [name, `${wide}\u{1F600}not ${name} %zz ~2 (`]));
  // A quantifier's digits past the parser's 64-character window (its long-braces RegExp).
  const longBraces = { ...valid, regex: `a{${"1".repeat(70)}}${wide}` };
  return [valid, { ...invalid, count: -1, [`extra ${wide}`]: [wide, { [wide]: null }] }, { ...valid, date: `2024-02-3${wide}` }, longBraces];
}

/** In the child process: compile the schema, then (unless `compileOnly`) validate instances of both string widths every way. */
function run(compileOnly: boolean): void {
  const v: Validator = compile(SCHEMA, { formats }); // typed: assert narrows (TS2775)
  const other = compile({ type: "array", items: { type: "string", minLength: 2 } });
  // On V8, with a \p class: a string V8 runs out of backtrack stack on goes to the VM, which
  // asks that class's own RegExp.
  const property = compile({ type: "string", pattern: "^(?:a\\p{Lu}|b)*$" });
  if (compileOnly) return;
  property.isValid("b".repeat(3_000_000));
  property.isValid("b".repeat(3_000_000) + "\u0100");
  for (const wide of ["x", "\u0100", "\u{1F600}"]) {
    for (const instance of instances(wide)) {
      for (let i = 0; i < 3; i++) {
        v.isValid(instance);
        for (const output of ["flag", "basic", "detailed", "verbose"] as const) v.validate(instance, { output });
        v.validate(instance, { allErrors: false });
        other.validate([wide, 1]);
        try {
          v.assert(instance);
        } catch (error) {
          void (error as Error).message;
        }
        void v["~standard"].validate(instance);
      }
    }
  }
}

if (process.argv[2] === "--compile-only" || process.argv[2] === "--compile-and-validate") {
  run(process.argv[2] === "--compile-only");
  process.exit(0);
}

const compiles = (how: string): number => {
  const child = spawnSync(process.execPath, ["--trace-regexp-tier-up", fileURLToPath(import.meta.url), how], { encoding: "utf8", timeout: 60_000 });
  assert.is(child.status, 0, child.stderr.slice(0, 300));
  return child.stdout.split("\n").filter((line) => / (bytecode|native code) size: /.test(line)).length;
};

test("validating, the errors and messages included, has V8 compile none of the library's RegExps", () => {
  const atCompile = compiles("--compile-only");
  assert.ok(atCompile > 0, "the trace shows the compiles");
  assert.is(compiles("--compile-and-validate"), atCompile);
});

test("the schema and instances are what the child validates (each format is checked)", () => {
  const v = compile(SCHEMA, { formats });
  const [valid, invalid, badDate, longBraces] = instances("\u0100");
  assert.equal(Object.keys(formats).filter((name) => !Object.hasOwn(valid as object, name)), [], "a valid value for each format");
  assert.is(v.isValid(valid), true);
  assert.is(v.isValid(longBraces), true);
  const property = compile({ type: "string", pattern: "^(?:a\\p{Lu}|b)*$" });
  assert.is(property.isValid("b".repeat(3_000_000)), true);
  assert.is(property.isValid("b".repeat(3_000_000) + "\u0100"), false);
  const result = v.validate(invalid);
  assert.ok(!result.valid && result.errors.length > 15);
  assert.is(v.isValid(badDate), false);
});

test.run();
