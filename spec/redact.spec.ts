// Issue 19, §6: an option leaves instance values out of messages, for logs that must not echo
// secrets. Every keyword whose message shows the value found is tried with a secret, with and
// without `redact`, in every way errors come out.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, ValidationError, type Validator } from "../src/index.js";
import { formats } from "../src/formats/index.js";
import { file, run } from "./cli-harness.js";

const SECRET = "secret-password-123";
const NUMBER = 987654321.5;

// [name, schema, instance that fails it, what must not appear when redacted]
const CASES: [string, unknown, unknown, string][] = [
  ["const", { const: "x" }, SECRET, SECRET],
  ["enum", { enum: ["a", "b"] }, SECRET, SECRET],
  ["enum of one", { enum: ["a"] }, SECRET, SECRET],
  ["pattern", { pattern: "^[0-9]+$" }, SECRET, SECRET],
  ["format", { format: "email" }, SECRET, SECRET],
  ["type", { type: "number" }, SECRET, SECRET],
  ["minimum", { minimum: 1e12 }, NUMBER, String(NUMBER)],
  ["exclusiveMaximum", { exclusiveMaximum: 1 }, NUMBER, String(NUMBER)],
  ["multipleOf", { multipleOf: 7 }, NUMBER, String(NUMBER)],
  ["nested in properties", { properties: { password: { maxLength: 3, pattern: "^x" } } }, { password: SECRET }, SECRET],
];

function messages(schema: unknown, instance: unknown, redact: boolean): string[] {
  const v: Validator = compile(schema, { formats, cache: false });
  const out: string[] = [];
  const all = v.validate(instance, { redact });
  const first = v.validate(instance, { redact, allErrors: false });
  for (const result of [all, first]) {
    assert.is(result.valid, false);
    if (!result.valid) out.push(...result.errors.map((e) => e.error));
  }
  for (const output of ["basic", "detailed", "verbose"] as const) out.push(JSON.stringify(v.validate(instance, { output, redact })));
  try {
    v.assert(instance, { redact });
    assert.unreachable("assert throws");
  } catch (error) {
    assert.instance(error, ValidationError);
    out.push((error as Error).message);
  }
  return out;
}

for (const [name, schema, instance, secret] of CASES) {
  test(`${name}: the value is shown by default and hidden with redact`, () => {
    assert.ok(messages(schema, instance, false).some((m) => m.includes(secret)), "the default message shows the value (so the test can fail)");
    for (const message of messages(schema, instance, true)) assert.not.ok(message.includes(secret), message);
    const result = compile(schema, { formats, cache: false }).validate(instance, { redact: true });
    if (!result.valid) assert.ok(result.errors.some((e) => /value hidden|an object|an array/.test(e.error)), "says what kind of value was found");
  });
}

test("what the data throws is not repeated in a redacted result (it is otherwise)", () => {
  const v: Validator = compile({ type: "object", properties: { pw: { type: "string" } } });
  const secret = (): object => Object.defineProperty({}, "pw", {
    enumerable: true,
    get: () => {
      throw new Error("bad value hunter2");
    },
  });
  const texts = [
    JSON.stringify(v.validate(secret(), { redact: true })),
    JSON.stringify(v.validate(secret(), { redact: true, allErrors: false })),
    ...(["basic", "detailed", "verbose"] as const).map((output) => JSON.stringify(v.validate(secret(), { output, redact: true }))),
  ];
  try {
    v.assert(secret(), { redact: true });
  } catch (error) {
    texts.push(String((error as Error).message));
  }
  assert.is(texts.length, 6);
  for (const text of texts) {
    assert.not.ok(text.includes("hunter2"), text);
    assert.match(text, "reading the data threw");
  }
  assert.match(JSON.stringify(v.validate(secret())), "hunter2");
});

test("redaction lasts for the call only: the next validate shows values again", () => {
  const v = compile({ const: "x" }, { cache: false });
  const hidden = v.validate(SECRET, { redact: true });
  const shown = v.validate(SECRET);
  assert.ok(!hidden.valid && !hidden.errors[0]!.error.includes(SECRET));
  assert.ok(!shown.valid && shown.errors[0]!.error.includes(SECRET));
  // Params and locations stay: they come from the schema and the instance's structure.
  assert.ok(!hidden.valid && hidden.errors[0]!.keyword === "const" && hidden.errors[0]!.params["allowedValue"] === "x");
});

test("CLI: validate --redact prints the kind of each value, never the value", () => {
  const schema = file("redact-schema.json", { properties: { password: { minLength: 20, pattern: "^[A-Z]" }, pin: { const: 1234 } } });
  const user = file("redact-user.json", { password: SECRET, pin: 9876 });
  for (const output of ["basic", "compact", "detailed", "json"]) {
    const plain = run(["validate", "-o", output, schema, user]);
    const hidden = run(["validate", "-o", output, "--redact", schema, user]);
    assert.is(hidden.status, 1, hidden.stderr);
    assert.ok(plain.stdout.includes(SECRET) || plain.stdout.includes("9876"), `${output}: shown without --redact`);
    assert.not.ok(hidden.stdout.includes(SECRET) || hidden.stdout.includes("9876"), `${output}: ${hidden.stdout}`);
  }
  assert.match(run(["validate", "--redact", schema, user]).stdout, /must match the pattern \/\^\[A-Z\]\/u, but is a string \(value hidden\)/);
});

test.run();
