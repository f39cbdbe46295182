// withStructuredContentFallback: non-object structuredContent is repeated as text for clients
// that read only `content`; nothing else is touched, and the input never is.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { withStructuredContentFallback } from "../../src/mcp/index.js";

function frozen<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const child of Object.values(value)) frozen(child);
    Object.freeze(value);
  }
  return value;
}

test("array structuredContent with no content gains the text fallback", () => {
  const input = frozen({ structuredContent: [1, { a: "b" }] });
  const output = withStructuredContentFallback(input);
  assert.is.not(output, input);
  assert.equal(output, { structuredContent: [1, { a: "b" }], content: [{ type: "text", text: '[1,{"a":"b"}]' }] });
  assert.equal(input, { structuredContent: [1, { a: "b" }] }, "the input is not mutated");
});

test("the structuredContent returned is the value written as text, whatever a getter or toJSON inside it answers later", () => {
  // It was the caller's value, whose getters the SDK asks again as it writes the result: the text
  // said one reading and the structuredContent on the wire another.
  let readings = 0;
  const input = { structuredContent: [{ get reading() { return ++readings; } }, { toJSON: () => readings }] };
  const output = withStructuredContentFallback(input);
  assert.is(output.content[0]!.text, '[{"reading":1},1]');
  assert.is(JSON.stringify(output.structuredContent), output.content[0]!.text);
  assert.is(readings, 1);
  assert.equal(output.structuredContent, [{ reading: 1 }, 1]);
  assert.is.not(output.structuredContent, input.structuredContent);
  const when = new Date(Date.UTC(2026, 0, 2));
  assert.is(withStructuredContentFallback({ structuredContent: when }).structuredContent, when.toJSON());
});

test("empty content counts as absent; other fields are kept", () => {
  const input = frozen({ content: [], structuredContent: ["x"], isError: false, _meta: { k: 1 } });
  const output = withStructuredContentFallback(input);
  assert.equal(output, { content: [{ type: "text", text: '["x"]' }], structuredContent: ["x"], isError: false, _meta: { k: 1 } });
  assert.equal(input.content, []);
});

test("primitives and null, falsy ones included, gain the fallback", () => {
  for (const [value, textForm] of [[0, "0"], [false, "false"], ["", '""'], [null, "null"], [2.5, "2.5"], ["hi", '"hi"']] as const) {
    assert.equal(withStructuredContentFallback({ structuredContent: value }).content, [{ type: "text", text: textForm }], textForm);
  }
});

test("explicit content is not overwritten", () => {
  const content = [{ type: "text", text: "three items" }];
  const input = frozen({ content, structuredContent: [1, 2, 3] });
  assert.is(withStructuredContentFallback(input), input);
  const image = frozen({ content: [{ type: "image", data: "AAAA", mimeType: "image/png" }], structuredContent: 7 });
  assert.is(withStructuredContentFallback(image), image);
});

test("object structuredContent, and a result without it, get nothing", () => {
  const object = frozen({ structuredContent: { temperature: 21 } });
  assert.is(withStructuredContentFallback(object), object);
  const plain = frozen({ content: [] as unknown[] });
  assert.is(withStructuredContentFallback(plain), plain);
  const absent = frozen({ structuredContent: undefined });
  assert.is(withStructuredContentFallback(absent), absent);
});

test("what goes on the wire decides: a Date is a string, a class instance an object", () => {
  // A Date, a Map or a class instance was taken for an object and got no text, though a Date
  // goes out as a string; a function got a text part without text.
  const when = new Date(Date.UTC(2026, 0, 2));
  assert.equal(withStructuredContentFallback({ structuredContent: when }).content, [{ type: "text", text: JSON.stringify(when) }]);
  class Reading {
    temperature = 21;
  }
  const instance = { structuredContent: new Reading() };
  assert.is(withStructuredContentFallback(instance), instance);
  const listed = { structuredContent: { toJSON: () => [1, 2] } };
  assert.equal((withStructuredContentFallback(listed) as { content?: unknown }).content, [{ type: "text", text: "[1,2]" }]);
  const nullProto = { structuredContent: Object.assign(Object.create(null), { a: 1 }) };
  assert.is(withStructuredContentFallback(nullProto), nullProto);
});

test("what JSON cannot hold is a TypeError that says so", () => {
  const cyclic: unknown[] = [];
  cyclic.push(cyclic);
  for (const value of [cyclic, [1n], () => 1, Symbol("s")]) {
    assert.throws(() => withStructuredContentFallback({ structuredContent: value }), (e: unknown) => e instanceof TypeError && e.message.startsWith("structuredContent is not JSON"), String(typeof value));
  }
  // NaN and ±Infinity as the value itself were written `null`, a value the tool never meant.
  for (const value of [Number.NaN, Infinity, -Infinity]) {
    assert.throws(() => withStructuredContentFallback({ structuredContent: value }), (e: unknown) => e instanceof TypeError && e.message === `structuredContent is not JSON: ${value} is no JSON number (JSON.stringify writes it as null)`, String(value));
  }
  // So is a value that JSON.stringify writes as null: boxed, a toJSON's, an invalid Date.
  for (const value of [new Number(Number.NaN), { toJSON: () => Number.NaN }, new Date(Number.NaN)]) {
    assert.throws(() => withStructuredContentFallback({ structuredContent: value }), (e: unknown) => e instanceof TypeError && e.message === "structuredContent is not JSON: the value becomes null (JSON.stringify writes it as null)", String(value));
  }
  assert.equal(withStructuredContentFallback({ structuredContent: null }).content, [{ type: "text", text: "null" }]);
  // Inside a value they are written null, as on the wire.
  assert.equal(withStructuredContentFallback({ structuredContent: [Number.NaN] }).content, [{ type: "text", text: "[null]" }]);
});

test("misuse and deep values are said in the layer's words, not V8's", () => {
  // null gave "Cannot convert undefined or null to object"; 5 and a string came back as they were.
  for (const result of [null, undefined, 5, '{"structuredContent":[1]}']) {
    assert.throws(() => withStructuredContentFallback(result as never), (e: unknown) => e instanceof TypeError && /^withStructuredContentFallback takes a tool result \(an object\), not /.test((e as Error).message), String(result));
  }
  // Valid JSON too deep for JSON.stringify's recursion was "not JSON: Maximum call stack size exceeded".
  let deep: unknown = 0;
  for (let i = 0; i < 100_000; i++) deep = [deep];
  assert.throws(() => withStructuredContentFallback({ structuredContent: deep }), (e: unknown) => e instanceof TypeError && (e as Error).message === "structuredContent is nested too deep to write as JSON text");
});

test.run();
