// The heads of error messages made once (src/engine/message-heads.ts): the same sentences as
// before, bounded however many distinct numbers and strings schemas bring, and never holding
// instance data (a head is made from the schema alone, so `redact` still hides every value).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../src/index.js";
import { Heads, MAX_HEADS } from "../src/engine/message-heads.js";

const messages = (schema: unknown, instance: unknown, redact = false): string[] => {
  const result = compile(schema, { cache: false }).validate(instance, { redact });
  return result.valid ? [] : result.errors.map((unit) => unit.error);
};

test("a family keeps at most MAX_HEADS heads, and only short strings, yet makes every head alike", () => {
  let made = 0;
  const heads = new Heads<number | string>((value) => `head ${++made} for ${String(value).length}: `);
  for (let n = 0; n < MAX_HEADS + 50; n++) heads.of(n);
  assert.is(heads.size, MAX_HEADS);
  assert.is(heads.of(7), "head 8 for 1: ", "a kept head is the one first made");
  assert.is(heads.of(MAX_HEADS + 10), `head ${MAX_HEADS + 51} for 3: `, "past the bound, each head is made anew");
  const small = new Heads<string>((value) => `${value.length}`);
  small.of("x".repeat(65));
  small.of("x".repeat(1_000_000));
  assert.is(small.size, 0, "long strings are not kept");
  small.of("x".repeat(64));
  assert.is(small.size, 1);
});

test("messages past the kept heads read as the first ones do", () => {
  for (let limit = 1; limit <= MAX_HEADS + 20; limit += 7) {
    assert.equal(messages({ minLength: limit }, ""), [`must have at least ${limit} character${limit === 1 ? "" : "s"}, but has 0`]);
    assert.equal(messages({ maxItems: limit }, Array(limit + 1).fill(0)), [`must have at most ${limit} item${limit === 1 ? "" : "s"}, but has ${limit + 1}`]);
    assert.equal(messages({ exclusiveMaximum: limit / 4 }, limit), [`must be < ${limit / 4}, but is ${limit}`]);
    assert.equal(messages({ multipleOf: limit + 0.5 }, 1), [`must be a multiple of ${limit + 0.5}, but is 1`]);
  }
});

test("heads hold the schema's words only: the instance part is shown or hidden per call", () => {
  const schema = { type: "object", properties: { n: { maximum: 100 }, s: { enum: ["a", "b"] }, c: { const: "secret-free" }, t: { type: "integer" } }, required: ["id"] };
  const instance = { n: 1000, s: "password-123", c: "password-123", t: "password-123" };
  const shown = messages(schema, instance);
  assert.equal(shown, [
    "must have required property \"id\"",
    "must be <= 100, but is 1000",
    "must be one of \"a\", \"b\", but is \"password-123\"",
    "must be equal to \"secret-free\", but is \"password-123\"",
    "must be integer, but is \"password-123\"",
  ]);
  const hidden = messages(schema, instance, true);
  for (const message of hidden) assert.not.ok(message.includes("password") || message.includes("1000"), message);
  assert.equal(messages(schema, instance), shown, "a redacted call leaves nothing behind in the heads");
});

test("long values of the schema read in their messages as before (a shown value is cut at 60 characters)", () => {
  const name = "n".repeat(200);
  const long = "v".repeat(200);
  assert.equal(messages({ required: [name] }, {}), [`must have required property "${name}"`]);
  assert.equal(messages({ const: long }, 1), [`must be equal to "${long.slice(0, 56)}…, but is 1`]);
  assert.equal(messages({ const: { b: [1], a: null } }, 1), ['must be equal to {"a":null,"b":[1]}, but is 1']);
  assert.equal(messages({ enum: [{ b: 1, a: 2 }] }, 1), ['must be equal to {"a":2,"b":1}, but is 1']);
});

test.run();
