// Regression (red-team probe of messages): `type` named a value that is not JSON by
// Object.prototype.toString, so a class's own Symbol.toStringTag went into the message whole:
// under redact, `{ pw: new Credential("hunter2") }` said "must be string, but is not JSON
// (hunter2)" in every output format and in assert's message; a tag of a million characters made
// a message of a million, and control characters in it came through raw. NaN and the infinities
// were written under redact too.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, ValidationError, type Validator } from "../../src/index.js";

class Credential {
  constructor(readonly secret: string) {}
  get [Symbol.toStringTag](): string {
    return this.secret;
  }
}

const v: Validator = compile({ properties: { pw: { type: "string" } } }, { cache: false });

/** Every message validate(), the output formats and assert() give for `data`. */
function messages(data: unknown, redact: boolean): string[] {
  const texts: string[] = [];
  const first = v.validate(data, { redact });
  if (!first.valid) texts.push(...first.errors.map((unit) => unit.error));
  for (const output of ["basic", "detailed", "verbose"] as const) texts.push(JSON.stringify(v.validate(data, { redact, output })));
  try {
    v.assert(data, { redact });
  } catch (error) {
    assert.instance(error, ValidationError);
    texts.push((error as Error).message);
  }
  assert.ok(texts.length >= 5, "every path gave a message");
  return texts;
}

test("under redact, a non-JSON value's class tag and a non-finite number are hidden in every format", () => {
  for (const [data, secret] of [[{ pw: new Credential("hunter2-TOP-SECRET") }, "hunter2"], [{ pw: NaN }, "NaN"], [{ pw: -Infinity }, "Infinity"], [{ pw: new Date(0) }, "Date"]] as const) {
    for (const text of messages(data, true)) assert.not.ok(text.includes(secret), `${secret} in ${text}`);
  }
  const [unit] = messages({ pw: new Credential("hunter2") }, true);
  assert.is(unit, "must be string, but is not JSON (a non-plain object)");
  assert.is(messages({ pw: NaN }, true)[0], "must be string, but is not JSON (a number)");
});

test("without redact, a class tag that is not a plain name is shown as a string is: escaped and cut", () => {
  const long = messages({ pw: new Credential("A".repeat(1_000_000)) }, false);
  for (const text of long) assert.ok(text.length < 2_000, `${text.length} characters`);
  // As a string value is shown (quoted, its control characters escaped; the places that print
  // messages escape the rest, as the README's MCP section says).
  const tag = "\u001b[31mred\u202e";
  const asString = compile({ type: "number" }, { cache: false }).validate(tag);
  const shown = asString.valid ? "" : asString.errors[0]!.error.replace("must be number, but is ", "");
  assert.ok(shown.startsWith('"') && !shown.includes("\u001b"), shown);
  assert.is(messages({ pw: new Credential(tag) }, false)[0], `must be string, but is not JSON (${shown})`);
  for (const text of messages({ pw: new Credential(tag) }, false)) assert.not.ok(text.includes("\u001b"), text);
  // Built-in classes and plain names read as they did.
  assert.is(messages({ pw: new Date(0) }, false)[0], "must be string, but is not JSON (Date)");
  assert.is(messages({ pw: new Map() }, false)[0], "must be string, but is not JSON (Map)");
  assert.is(messages({ pw: new Credential("Token") }, false)[0], "must be string, but is not JSON (Token)");
  assert.is(messages({ pw: NaN }, false)[0], "must be string, but is not JSON (NaN)");
});

test.run();
