// Regression (issue 17, "exceptions escape"): values thrown by the caller's data or schema that
// fight being read — an Object.create(null) (no toString), an object whose toString throws, a
// Proxy whose getPrototypeOf trap throws, an Error whose message getter throws — escaped compile()
// and isValid/validate, because the error paths called String(error) and instanceof on them; and
// an Error whose message began "schemagate internal error" was rethrown as one of ours. compile()
// must refuse with a SchemaError of its own; validation must give an invalid result.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, SchemaError } from "../../src/index.js";

const HOSTILE: [name: string, make: () => unknown][] = [
  ["Object.create(null)", () => Object.create(null)],
  ["an object whose toString throws", () => ({ toString: () => { throw new Error("no"); } })],
  ["a Proxy whose getPrototypeOf throws", () => new Proxy({}, { getPrototypeOf: () => { throw new Error("no"); } })],
  ["an Error whose message getter throws", () => Object.defineProperty(new Error(), "message", { get: () => { throw new Error("no"); } })],
  ["a Proxy posing as a SchemaError", () => new Proxy(Object.create(SchemaError.prototype), { get: () => { throw new Error("no"); } })],
];

function throwing(thrown: unknown): Record<string, unknown> {
  return Object.defineProperty({}, "type", { enumerable: true, get: () => { throw thrown; } });
}

for (const [name, make] of HOSTILE) {
  test(`compile(): a schema whose getter throws ${name} is refused as not JSON`, () => {
    let caught: unknown;
    try {
      compile(throwing(make()), { cache: false });
    } catch (error) {
      caught = error;
    }
    assert.ok(caught instanceof SchemaError, `got ${Object.prototype.toString.call(caught)}`);
    assert.is((caught as SchemaError).code, "not-json");
    assert.match((caught as SchemaError).message, "reading it threw");
  });
}

const IMPOSTORS: [name: string, make: () => unknown][] = [
  ...HOSTILE,
  ["an Error that claims to be schemagate's own internal error", () => new Error("schemagate internal error: forged")],
  ["a RangeError that claims the stack ran out, whose message getter throws", () => Object.defineProperty(new RangeError(), "message", { get: () => { throw new Error("no"); } })],
];

for (const [name, make] of IMPOSTORS) {
  test(`isValid/validate: data whose getter throws ${name} gives an invalid result`, () => {
    const v = compile({ type: "object", properties: { a: { type: "string" } }, required: ["a"] }, { cache: false });
    const data = Object.defineProperty({}, "a", { enumerable: true, get: () => { throw make(); } });
    assert.is(v.isValid(data), false);
    for (const result of [v.validate(data), v.validate(data, { allErrors: false }), v.validate(data, { output: "basic" })]) {
      assert.is(result.valid, false);
      const units = "errors" in result ? (result.errors as { keyword?: string }[]) : [];
      assert.ok(units.some((u) => u.keyword === "$data" || u.keyword === "$depth"), JSON.stringify(units));
    }
  });
}

test("what the data throws is repeated up to 200 characters, however long its message", () => {
  // A 5 MB message made a 5 MB "$data" unit in every output format (assert() cut its own).
  const v = compile({ properties: { a: { type: "string" } } }, { cache: false });
  for (const thrown of [new Error("x".repeat(5_000_000)), "y".repeat(5_000_000), "😀".repeat(150)]) {
    const data = Object.defineProperty({}, "a", { enumerable: true, get: () => { throw thrown; } });
    for (const result of [v.validate(data), v.validate(data, { output: "basic" }), v.validate(data, { output: "verbose" })]) {
      const text = JSON.stringify(result);
      assert.ok(text.length < 1_000, `${text.length} characters`);
      assert.match(text, /reading the data threw: (x{199}|y{199}|(😀){99}\uD83D?)…/u);
    }
  }
  const short = Object.defineProperty({}, "a", { enumerable: true, get: () => { throw new Error("short"); } });
  assert.match(JSON.stringify(v.validate(short)), /reading the data threw: short"/);
});

test.run();
